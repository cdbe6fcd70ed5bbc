import { BUILD_ID } from '../api/build';
import { appUpdate } from '../state/app-update';

/** The build a service worker says it is of (src/sw/sw.ts); undefined when it does not answer in time. */
function buildOf(worker: ServiceWorker): Promise<unknown> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    // A waiting worker may take a while to start; one that never answers is taken for another build.
    const timer = setTimeout(() => resolve(undefined), 10_000);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data);
    };
    worker.postMessage({ type: 'GET_BUILD' }, [channel.port2]);
  });
}

/** Lets a waiting worker take over, and reloads this page into its version once it has. */
function reloadInto(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** A newer worker has installed and waits behind the one in control of this page. */
async function consider(worker: ServiceWorker, foundOnOpening: boolean): Promise<void> {
  const build = await buildOf(worker);
  if (build === BUILD_ID) worker.postMessage({ type: 'SKIP_WAITING' });
  else if (foundOnOpening) reloadInto(worker);
  else appUpdate.markReady(() => reloadInto(worker));
}

function whenInstalled(worker: ServiceWorker, foundOnOpening: boolean): void {
  worker.addEventListener('statechange', () => {
    // With no worker in control yet, the first one takes the page itself (clients.claim).
    if (worker.state === 'installed' && navigator.serviceWorker.controller !== null) {
      void consider(worker, foundOnOpening);
    }
  });
}

/**
 * Registers the service worker (src/sw/sw.ts), once the page has loaded, and lets a newer version in without
 * ever leaving a page on an older app than the service's:
 * - one of the same build as this page (the page came from the service, which had moved on) takes over quietly;
 * - one found by the browser on opening this page (waiting already, or installing from this navigation's own
 *   check) takes over at once, and the page reloads into it: applied on navigation, before anything was done;
 * - one found while the page is in use waits: a banner offers to reload (src/app/app-status.tsx).
 * A page the service no longer matches says so from its API answers (src/app/api-client.ts).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.register('/sw.js', {
    scope: '/',
    updateViaCache: 'none',
  });
  if (registration.waiting !== null && navigator.serviceWorker.controller !== null) {
    void consider(registration.waiting, true);
  }
  if (registration.installing !== null) whenInstalled(registration.installing, true);
  registration.addEventListener('updatefound', () => {
    if (registration.installing !== null) whenInstalled(registration.installing, false);
  });
}
