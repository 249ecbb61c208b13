import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient, restoreSavedAnswers } from './app/query-client';
import { createAppRouter, type AppRouter } from './app/router';
import { startServiceWorker } from './app/service-worker';
import { initI18n } from './lib/i18n';
import { startOnlineTracking } from './lib/online-status';
import { captureInstallPrompt } from './lib/pwa';
import { within } from './lib/within';
import { yieldToBrowser } from './lib/yield-to-browser';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// Before the browser may offer installing, and before the first request can fail offline.
captureInstallPrompt();
startOnlineTracking();

/**
 * How long the first render waits for the opened page. As long as the router waits before showing
 * its loading indicator: a page slower than that renders anyway and shows the indicator, as
 * before, and the router goes on with the same load.
 */
const FIRST_PAGE_WAIT_MS = 1000;

async function loadFirstPage(router: AppRouter): Promise<void> {
  await within(
    router.load().catch((error: unknown) => console.error(error)),
    FIRST_PAGE_WAIT_MS,
  );
}

/**
 * The start, step by step, each step in a task of its own (yieldToBrowser): the scripts' own
 * evaluation, the router, the catalog and the saved answers, the opened page, the first render.
 */
async function start(root: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  await yieldToBrowser();
  const router = createAppRouter(queryClient);
  // The catalog must be ready before the first render, or the first frame would show keys.
  await Promise.all([initI18n(), restoreSavedAnswers(queryClient)]);
  await yieldToBrowser();
  // The opened page's guard, code and first data before the first render (its chunks and data are
  // named in index.html, so mostly already here). Rendered after, the page is one render that
  // yields to the browser; loaded during it, each step of the router's load was a render of the
  // whole app that could not yield (the router's state is an external store).
  await loadFirstPage(router);
  await yieldToBrowser();
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the page for all of it: on a slow phone that was one task of most of a second.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
  // The service worker (src/sw.ts) after the first render, in its own chunk. Not on /login: what
  // it keeps offline is of use only signed in, and its download (the registration, then every
  // file of the app to cache) would compete with the login page's; the app's layout starts it
  // once signed in.
  if (window.location.pathname !== '/login') startServiceWorker();
}

// (A promise, not top-level await: that would switch off the bundler's chunk merging.)
void start(container);
