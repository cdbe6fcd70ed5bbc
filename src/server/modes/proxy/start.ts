import type { ProxyOptions } from '../../app-options';
import { createGuard } from '../../platform/guard/guard';
import { operatorKeys } from '../../platform/guard/key-check';
import { keyParams } from '../../platform/guard/key-params';
import { createOperatorLink } from '../../cells/sources/operator-link';
import { readSources, readTimeoutMs } from '../read-sources';
import type { Mode } from '../mode';
import { proxyRoutes } from './proxy-routes';

/**
 * Proxy mode: the operator judges the keys and answers (its bytes pass through); the Cell read may ask more
 * sources after it (a store, live sources), the operator always first since it checks the keys.
 */
export function startProxy(options: ProxyOptions): Mode {
  const { upstream, store, cells } = options;
  return {
    name: 'proxy',
    locationSource: 'operator',
    timeoutMs: readTimeoutMs(cells, upstream.timeoutMs),
    corsMethods: ['GET', 'HEAD'],
    demoKeys: () => undefined,
    mountApi(api, { limits, addressOf, log }) {
      const config = cells?.sources ?? { names: ['operator'], timeoutMs: upstream.timeoutMs, cacheDays: 0 };
      const alone = config.names.length === 1 && config.names[0] === 'operator';
      if (!alone && config.names[0] !== 'operator') {
        throw new Error('in proxy mode the operator is the first cell source: it checks the keys');
      }
      // The one line to the operator, its cap shared by the forwarded reads and the operator source.
      const link = createOperatorLink(upstream);
      const budget = { spend: (serviceKey: string) => limits.spendOnSources(serviceKey) };
      const sources = alone
        ? undefined
        : readSources(cells, config, { ...(store !== undefined && { store }), operator: link, budget, log });
      const guard = createGuard({ limits, addressOf, credentials: keyParams, judge: operatorKeys(limits) });
      proxyRoutes(api, link, { guard, log, cells: sources });
    },
    mountBeside() {
      // The operator's own CAMARA side is the operator's: nothing beside /api.
    },
  };
}
