import type { DemoOptions } from '../../app-options';
import { DEFAULTS } from '../../config';
import { DEMO_KEYS } from '../../admin/demo-data';
import { createGuard } from '../../platform/guard/guard';
import { storeKeys } from '../../platform/guard/key-check';
import { keyParams } from '../../platform/guard/key-params';
import { FreshCache, freshValue } from '../../platform/cache/fresh-cache';
import { securityHeaderValues } from '../../platform/http/security-headers';
import { andThen } from '../../platform/maybe';
import { createCellRead } from '../../cells/cell-read';
import { createCellsInView } from '../../cells/cells-in-view';
import { withCounts } from '../../cells/counts/counts-read';
import { cellRoutes } from '../../cells/cell-routes';
import { camaraDocumentLocation, camaraRoutes } from '../../location/camara-read';
import { createLocationRead } from '../../location/location-read';
import { locationRoutes } from '../../location/location-routes';
import { watchRoutes } from '../../location/watch-routes';
import { createOperator } from '../../camara-operator/operator';
import { readSources, readTimeoutMs } from '../read-sources';
import type { Mode } from '../mode';

/**
 * Demo mode: the store judges the keys and answers (the Location read from a CAMARA operator with
 * `camaraLocation`), the Cell read asks the configured sources (the store alone by default), and the service is a
 * CAMARA operator over its own subscribers.
 */
export function startDemo(options: DemoOptions): Mode {
  const { store, camaraLocation, cells } = options;
  // Asked again only when the data has changed: the page waits for the database only after a change.
  const hasDemoKeys = freshValue(
    () => store.dataVersion(),
    () => store.hasDemoKeys(),
  );
  return {
    name: 'demo',
    locationSource: camaraLocation !== undefined ? 'camara' : 'store',
    watches: (camaraLocation?.watches ?? options.watches) !== undefined,
    timeoutMs: readTimeoutMs(cells, options.timeoutMs ?? DEFAULTS.timeoutMs),
    // POST and DELETE only where there are some: the CAMARA read asks and stops waiting, a watch starts and stops.
    corsMethods:
      camaraLocation !== undefined || options.watches !== undefined
        ? ['GET', 'HEAD', 'POST', 'DELETE']
        : ['GET', 'HEAD'],
    demoKeys: () => andThen(hasDemoKeys(), (has) => (has ? { ...DEMO_KEYS } : undefined)),
    mountApi(api, { limits, addressOf, log }) {
      const sources = readSources(
        cells,
        cells?.sources ?? { names: ['store'], timeoutMs: DEFAULTS.timeoutMs, cacheDays: 0 },
        { store, log, budget: { spend: (serviceKey) => limits.spendOnSources(serviceKey) } },
      );
      const fresh = new FreshCache(() => store.dataVersion());
      const judge = storeKeys(store, limits, fresh);
      const guard = createGuard({ limits, addressOf, credentials: keyParams, judge });
      locationRoutes(
        api,
        guard,
        camaraLocation === undefined ? createLocationRead(store) : camaraDocumentLocation,
      );
      cellRoutes(api, guard, {
        cell: createCellRead(sources, fresh),
        cellsInView: withCounts(store, createCellsInView(store, options.cellsInViewLookThrough), fresh),
      });
      if (camaraLocation !== undefined) camaraRoutes(api, guard, camaraLocation);
      // Watch my phone: at the CAMARA operator asked (LOCATION_SOURCE=camara), else at this service's own.
      const watching = camaraLocation?.watches ?? options.watches;
      if (watching !== undefined) watchRoutes(api, guard, watching, { limits, addressOf });
    },
    mountBeside(app, { limits, addressOf, log, headers }) {
      if (options.camaraOperator === undefined) return;
      const oidcHeaders = securityHeaderValues(headers, '/oidc/');
      const operator = createOperator({
        ...options.camaraOperator,
        limits,
        addressOf,
        headers: () => oidcHeaders,
        log,
      });
      app.all('/oidc/*', operator.oidc);
      app.route('/camara', operator.camara);
      if (operator.phone !== undefined) app.route('/phone', operator.phone);
    },
  };
}
