import { Notifications } from '@mantine/notifications';

/** SPEC §9: notifications stay 5000 ms and sit at the bottom. */
const NOTIFICATION_AUTO_CLOSE_MS = 5000;

/**
 * Mantine's notifications container, a chunk of its own that app/providers.tsx loads with the
 * first notification shown.
 */
export function NotificationsContainer() {
  return <Notifications position="bottom-center" autoClose={NOTIFICATION_AUTO_CLOSE_MS} />;
}
