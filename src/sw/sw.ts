/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { addRoute, cleanupOutdatedCaches, createHandlerBoundToURL, precache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { BUILD_ID } from '../api/build';
import { tile } from './tile-cache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precache>[0] };

/* The app's files of this build, kept whole: the shell opens offline, lazy parts included. */
precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/* A page comes from the service whenever it answers (it carries the settings, and is always the service's
   current build); the shell of this build only when it does not, within a few seconds. Registered before the
   precache's own route, which would otherwise answer "/" with the shell (its index.html for a folder). */
enableNavigationPreload();
const fromService = new NetworkOnly({ networkTimeoutSeconds: 4 });
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await fromService.handle(options);
      } catch {
        return shell(options);
      }
    },
    { denylist: [/^\/api(?:\/|$)/] },
  ),
);
addRoute();

/* Map tiles: the only images from other hosts the app's CSP allows. API answers are never cached here: the
   history keeps the last ones, with their time. */
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin !== self.location.origin,
  ({ request, event }) => tile(request, event),
);

/* The first version takes the open page at once; a newer one waits until the page says (src/app/pwa.ts). */
clientsClaim();
self.addEventListener('message', (event) => {
  const message: unknown = event.data;
  if (typeof message !== 'object' || message === null) return;
  const { type } = message as { type?: unknown };
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'GET_BUILD') event.ports[0]?.postMessage(BUILD_ID);
});
