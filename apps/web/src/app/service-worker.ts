let started = false;

/** After the page's load event, once the browser is idle: not while the page opened is still loading. */
function whenSettled(run: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(run, { timeout: 5000 })
      : setTimeout(run, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Registers the service worker (features/pwa, a chunk of its own) once per page load, when the
 * page has settled: its first install fetches every file of the app to keep offline, which on a
 * cold visit would compete with the page's own code and data. The dev server has none.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || started) return;
  started = true;
  whenSettled(() => {
    void import('../features/pwa/register-service-worker').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
  });
}
