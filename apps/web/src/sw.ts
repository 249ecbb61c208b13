/// <reference lib="webworker" />
/**
 * Tun's service worker (docs/decisions/022-installed-app.md). It keeps the app itself (the
 * shell and every page's code) so Tun opens without a network, and it shows web pushes.
 * API answers are never cached here: they are personal, and what is readable offline comes
 * from the query cache the app keeps in IndexedDB, which is emptied on sign-out.
 */
import type { PushPayload } from '@tun/shared/push';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>;
};

/** Where a push without a link, or with one that leaves Tun, opens. */
const DEFAULT_PAGE = '/app/dashboard';
const ICON = '/icons/pwa-192x192.png';
const BADGE = '/icons/badge-96x96.png';

// The list is filled in at build time: index.html, every script, style and icon of this build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Every page of the app is index.html; the router inside it picks the page. /api/ is the
// server's, and is left to the network.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

// The update prompt asks for this when the user chooses to switch to the new version.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Once active, take over the open pages at once. On the first visit that makes the page that
// installed the worker work offline without a reload (its lazy pages come from the cache); on
// an update the worker is only active after the user chose «Oppdater», and the page reloads.
clientsClaim();

function textOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** Reads the server's payload; anything else still shows something, as the browser requires. */
function payloadOf(event: PushEvent): PushPayload {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = event.data?.json();
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: shown below as a bare notification from Tun.
  }
  return {
    title: textOf(data.title) ?? 'Tun',
    body: textOf(data.body) ?? '',
    link: textOf(data.link),
    tag: textOf(data.tag),
  };
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: ICON,
      badge: BADGE,
      ...(payload.tag ? { tag: payload.tag } : {}),
      data: { link: payload.link },
    }),
  );
});

/** A path inside Tun, as an absolute URL; anything pointing elsewhere opens the dashboard. */
function targetOf(link: unknown): URL {
  const origin = self.location.origin;
  if (typeof link === 'string') {
    try {
      const url = new URL(link, origin);
      if (url.origin === origin) return url;
    } catch {
      // An unreadable link: the dashboard below.
    }
  }
  return new URL(DEFAULT_PAGE, origin);
}

async function openTarget(target: URL): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === target.origin);
  if (open) {
    // Focus first: the click's permission to bring a window forward does not last long.
    const focused = await open.focus();
    try {
      await focused.navigate(target.href);
      return;
    } catch {
      // A window this worker does not control cannot be navigated; open the page anew.
    }
  }
  await self.clients.openWindow(target.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { link?: unknown } | null;
  event.waitUntil(openTarget(targetOf(data?.link)));
});
