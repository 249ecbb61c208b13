import { notifications, type NotificationData } from '@mantine/notifications';
import i18next from 'i18next';

/** Mantine's close button is an unlabelled icon; every notification goes through here to name it. */
export function notify(data: NotificationData): string {
  return notifications.show({ ...data, closeButtonProps: { 'aria-label': i18next.t('app.close') } });
}
