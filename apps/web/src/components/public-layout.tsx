import { Anchor, Container, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';

/** Frame for pages that need no sign-in: login, privacy policy, info-screen pairing, errors. */
export function PublicLayout({ children, size = 'md' }: { children: ReactNode; size?: string | number }) {
  const { t } = useTranslation();
  return (
    <>
      <SkipLink />
      <header className="tun-public-header">
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Link to="/" className="tun-brand" aria-label={t('app.homeLink')}>
              <Logo />
              {t('app.name')}
            </Link>
            <LanguageSelect />
          </Group>
        </Container>
      </header>
      <Container
        component="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        size={size}
        py="xl"
        className="tun-public-main"
      >
        {children}
      </Container>
      <footer className="tun-public-footer">
        <Container size="lg" py="md">
          <Anchor component={Link} to="/privacy-policy" size="sm">
            {t('pages.privacyPolicy.title')}
          </Anchor>
        </Container>
      </footer>
    </>
  );
}
