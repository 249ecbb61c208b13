import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import i18next from 'i18next';
import { useState } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { notify } from '../../lib/notify';

const UPDATE_NOTIFICATION_ID = 'tun-update';
/** Where a paired TV shows its screen. */
const SCREEN_PATH = '/screen';
/** A phone may keep the installed app open for days: ask for a new version now and then. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;
/** Coming back to the app asks too, but not on every switch between apps. */
const FOCUS_CHECK_MIN_GAP_MS = 60_000;

function UpdateAction({ update }: { update: () => Promise<void> }) {
  const [pending, setPending] = useState(false);
  return (
    <Stack gap="xs" align="flex-start">
      <Text size="sm">{i18next.t('pwa.update.message')}</Text>
      <Button
        size="xs"
        loading={pending}
        onClick={() => {
          setPending(true);
          // The new worker takes over and the page reloads on the new version.
          void update();
        }}
      >
        {i18next.t('pwa.update.action')}
      </Button>
    </Stack>
  );
}

/**
 * A new version waits until the user chooses it, so a form being filled in is not reloaded
 * away. The notice stays until then; closed, it comes back on the next page load, and once
 * every window of the old version is closed the new one starts by itself.
 */
function showUpdatePrompt(update: () => Promise<void>): void {
  notifications.hide(UPDATE_NOTIFICATION_ID);
  notify({
    id: UPDATE_NOTIFICATION_ID,
    title: i18next.t('pwa.update.title'),
    message: <UpdateAction update={update} />,
    autoClose: false,
  });
}

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  let lastCheck = Date.now();
  const check = () => {
    if (!navigator.onLine || registration.installing) return;
    lastCheck = Date.now();
    // Offline or a server restart: the next check tries again.
    registration.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  const checkOnReturn = () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > FOCUS_CHECK_MIN_GAP_MS) check();
  };
  document.addEventListener('visibilitychange', checkOnReturn);
  window.addEventListener('focus', checkOnReturn);
}

/** Registers /sw.js (built from src/sw.ts), which keeps the app for offline use and shows pushes. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh: () => {
      // An info screen has nobody to press «Oppdater» and no form to lose: it takes the new
      // version at once (decision 024).
      if (window.location.pathname.startsWith(SCREEN_PATH)) void updateServiceWorker(true);
      else showUpdatePrompt(() => updateServiceWorker(true));
    },
    onRegisteredSW: (_url, registration) => {
      if (registration) watchForUpdates(registration);
    },
  });
}
