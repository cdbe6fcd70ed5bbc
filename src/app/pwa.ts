import { messageSW, Workbox } from 'workbox-window';
import { BUILD_ID } from '../api/build';
import { appUpdate } from '../session/app-update';

/** Lets the waiting service worker take over, and reloads this page into its version once it has. */
function reloadInto(wb: Workbox): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  wb.messageSkipWaiting();
}

/**
 * Registers the service worker (src/sw/sw.ts), after the page has loaded, and lets a newer version in without
 * ever leaving a page on an older app than the service's:
 * - one of the same build as this page (the page came from the service, which had moved on) takes over quietly;
 * - one that was already waiting when this page opened takes over now, and the page reloads into it: the update
 *   is applied on navigation, before the person has done anything here;
 * - one found while the page is in use waits: a banner offers to reload (src/app/app-status.tsx).
 * A page the service no longer matches says so from its API answers (src/app/api-client.ts).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/', updateViaCache: 'none' });
  wb.addEventListener('waiting', (event) => {
    void (async () => {
      const sw = event.sw ?? (await wb.getSW());
      // A worker that does not answer is taken for another build.
      const build: unknown = await Promise.race([
        messageSW(sw, { type: 'GET_BUILD' }),
        new Promise((resolve) => setTimeout(resolve, 3000)),
      ]);
      if (build === BUILD_ID) wb.messageSkipWaiting();
      else if (event.wasWaitingBeforeRegister === true) reloadInto(wb);
      else appUpdate.markReady(() => reloadInto(wb));
    })();
  });
  await wb.register();
}
