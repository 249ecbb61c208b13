/** Where the installed app starts (the manifest's start_url), on this school's server. */
export const INSTALL_PATH = '/app/dashboard';

/** The school's address for the QR code: this server's origin and the app's start page. */
export function installAddress(origin: string): string {
  return `${origin.replace(/\/+$/, '')}${INSTALL_PATH}`;
}
