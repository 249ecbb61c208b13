/**
 * The login page's buttons for the schools' providers. Types only from @tun/shared/sso: its
 * values bring zod, which the login page's budget has no room for.
 */
import { API_BASE } from '@tun/shared/page-data';
import type { SsoKind, SsoSignInOption } from '@tun/shared/sso';

export interface SsoButton {
  id: string;
  kind: SsoKind;
  name: string;
  /** Where the browser goes to start: a full page load, since the provider's page comes next. */
  href: string;
  /** The school's short name, only when the buttons are for more than one school. */
  school: string | null;
}

/**
 * `redirect`: the page that sent the person to sign in, which the server opens afterwards (as the
 * login form does after a password).
 */
export function ssoButtons(options: readonly SsoSignInOption[], redirect?: string): SsoButton[] {
  const manySchools = new Set(options.map((option) => option.school)).size > 1;
  const query = redirect ? `?${new URLSearchParams({ redirect }).toString()}` : '';
  return options.map((option) => ({
    id: option.id,
    kind: option.kind,
    name: option.name,
    href: `${API_BASE}/login/sso/${encodeURIComponent(option.id)}${query}`,
    school: manySchools ? option.school : null,
  }));
}
