/** Above this the badge stops counting: a wider badge would crowd the header on a phone. */
export const BADGE_MAX = 99;

/**
 * The badge's text: the count up to `max`, then «99+». Null when nothing is unread, so no badge
 * shows. The full number goes in the bell's accessible name, never this text.
 */
export function unreadBadgeText(
  count: number,
  format: (value: number) => string = String,
  max: number = BADGE_MAX,
): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > max ? `${format(max)}+` : format(Math.floor(count));
}
