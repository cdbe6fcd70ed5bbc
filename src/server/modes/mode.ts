import type { Context, Hono, MiddlewareHandler } from 'hono';
import type { Settings } from '../../api/settings';
import type { Keys } from '../../api/types';
import type { Limits } from '../platform/guard/limits';
import type { Maybe } from '../platform/maybe';

/** What app.ts lends the mode it composes: the one set of limits, the client's address, the log, the headers. */
export interface ModeDeps {
  limits: Limits;
  addressOf: (c: Context) => string;
  log: (line: string) => void;
  /** The service's security headers, for answers a mode writes past Hono (the CAMARA operator's /oidc). */
  headers: MiddlewareHandler;
}

/**
 * A mode of the service (modes/choose.ts picks one, once): demo answers from the store, proxy forwards to the
 * operator. Each brings its guard's judge, its reads and its sources; app.ts mounts it without asking which it is.
 */
export interface Mode {
  readonly name: 'demo' | 'proxy';
  /** Where "Locate my phone" is answered (/api/settings). */
  readonly locationSource: Settings['locationSource'];
  /** Whether the service offers "Watch my phone" (/api/settings); absent: it does not. */
  readonly watches?: boolean;
  /** How long the app is told a read may take. */
  readonly timeoutMs: number;
  /** The methods a page on another origin may use under /api. */
  readonly corsMethods: readonly string[];
  /** The demo keys the page is told of, while the store holds them. */
  demoKeys(): Maybe<Keys | undefined>;
  /** The positioning reads under /api, behind the mode's guard. */
  mountApi(api: Hono, deps: ModeDeps): void;
  /** What the mode serves beside /api (demo mode: the CAMARA operator's /oidc, /camara and /phone). */
  mountBeside(app: Hono, deps: ModeDeps): void;
}
