import { useCallback, useSyncExternalStore } from 'react';

/**
 * Installing Tun as an app. Chromium browsers announce that they could install the page with
 * a `beforeinstallprompt` event, once, early; it is kept here so the app setup page can offer
 * «Installer appen» whenever the user gets there. The browser's own offer (its install icon or
 * mini-infobar) is left alone. Safari has no such event: there the page explains Share → Legg
 * til på Hjem-skjerm instead.
 */

/** Not in TypeScript's DOM library: Chromium only. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let deferredPrompt: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();

function setDeferredPrompt(event: BeforeInstallPromptEvent | null): void {
  deferredPrompt = event;
  for (const listener of listeners) listener();
}

/** Call once at start-up, before the browser fires the event. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    setDeferredPrompt(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setDeferredPrompt(null));
}

/** Running as the installed app (home-screen icon), not in a browser tab. */
export function isStandalone(): boolean {
  return (
    window.matchMedia('(display-mode: standalone)').matches ||
    // Safari on iOS says it this way.
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

function canInstallNow(): boolean {
  return deferredPrompt !== null;
}

export function useInstallPrompt(): { canInstall: boolean; install(): Promise<'accepted' | 'dismissed'> } {
  const canInstall = useSyncExternalStore(subscribe, canInstallNow);
  const install = useCallback(async (): Promise<'accepted' | 'dismissed'> => {
    const event = deferredPrompt;
    if (!event) return 'dismissed';
    // An event prompts once; whatever the answer, the browser sends a new one if it may ask again.
    setDeferredPrompt(null);
    await event.prompt();
    return (await event.userChoice).outcome;
  }, []);
  return { canInstall, install };
}
