import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import './app/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startServiceWorker } from './app/service-worker';
import { initI18n } from './lib/i18n';
import { startOnlineTracking } from './lib/online-status';
import { captureInstallPrompt } from './lib/pwa';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// Before the browser may offer installing, and before the first request can fail offline.
captureInstallPrompt();
startOnlineTracking();

// The catalog must be ready before the first render, or the first frame would show keys.
// (A promise, not top-level await: that would switch off the bundler's chunk merging.)
void initI18n().then(() => {
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the page for all of it: on a slow phone that was one task of most of a second.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // The service worker (src/sw.ts) after the first render, in its own chunk. Not on /login: what
  // it keeps offline is of use only signed in, and its download (the registration, then every
  // file of the app to cache) would compete with the login page's; the app's layout starts it
  // once signed in.
  if (window.location.pathname !== '/login') startServiceWorker();
});
