import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop for keyboard users: past the header and menu straight to the page. */
export function SkipLink() {
  const { t } = useTranslation();
  // Handled here rather than by the browser so the router does not treat the hash as a navigation.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const main = document.getElementById(MAIN_CONTENT_ID);
    main?.focus();
    main?.scrollIntoView();
  };
  return (
    <a className="tun-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
      {t('app.skipToContent')}
    </a>
  );
}
