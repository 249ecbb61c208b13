import type { TFunction } from 'i18next';
import type { TimeHint } from '@tun/shared/time';

/**
 * The words of SPEC §4's time hint: 'nå' while the event goes on, otherwise about how long
 * until it starts, with the catalog's plural forms. No hint (an ended event) gives no text.
 */
export function timeHintText(hint: TimeHint | undefined, t: TFunction): string | undefined {
  if (!hint) return undefined;
  if (hint.kind === 'now') return t('nextEvents.now');
  switch (hint.unit) {
    case 'seconds':
      return t('nextEvents.in.seconds', { count: hint.value });
    case 'minutes':
      return t('nextEvents.in.minutes', { count: hint.value });
    case 'hours':
      return t('nextEvents.in.hours', { count: hint.value });
    case 'days':
      return t('nextEvents.in.days', { count: hint.value });
  }
}
