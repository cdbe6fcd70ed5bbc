import type { AppOptions } from '../app-options';
import type { Config } from '../config';
import type { Upstream } from '../cells/sources/operator-link';
import type { Mode } from './mode';
import { startDemo } from './demo/start';
import { startProxy } from './proxy/start';

/** The mode the configuration asks for, decided once (main.ts): an operator's BASE_URL makes it a proxy to it. */
export type ChosenMode = { name: 'demo' } | { name: 'proxy'; upstream: Upstream };

export function chooseMode(config: Pick<Config, 'baseUrl' | 'timeoutMs' | 'schemaUrl'>): ChosenMode {
  if (config.baseUrl === undefined) return { name: 'demo' };
  return {
    name: 'proxy',
    upstream: { baseUrl: config.baseUrl, timeoutMs: config.timeoutMs, schemaUrl: config.schemaUrl },
  };
}

/** The mode the service's options compose (createApp in app.ts): the one place that asks which it is. */
export function startMode(options: AppOptions): Mode {
  return 'upstream' in options ? startProxy(options) : startDemo(options);
}
