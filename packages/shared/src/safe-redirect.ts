export const DEFAULT_AFTER_LOGIN = '/app/dashboard';

/**
 * Where to go after login. Only paths inside this app are followed, so a crafted
 * ?redirect= cannot send a freshly signed-in user to another site. The web app follows it after
 * a sign-in on its pages, the server after a sign-in through a school's provider.
 */
export function safeRedirect(target: string | undefined | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return DEFAULT_AFTER_LOGIN;
  }
  if (target === '/login' || target.startsWith('/login?') || target.startsWith('/login#')) {
    return DEFAULT_AFTER_LOGIN;
  }
  return target;
}
