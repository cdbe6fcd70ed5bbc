import type { OperatorOptions } from './camara-operator/operator';
import type { HintBudget, SourceBudget } from './platform/guard/limits';
import type { CamaraLocationSource } from './location/camara-location';
import type { WatchSource } from './camara-consumer/watches/watch-source';
import type { SourcesConfig, SourcesDeps } from './cells/sources/cell-sources';
import type { Upstream } from './cells/sources/operator-link';
import type { CamaraStore } from './store/camara-store';
import type { CellCache } from './store/cell-cache-port';
import type { ServiceStore } from './store/service-store';
import type { EitherWay } from './platform/maybe';

/* What the service is composed from (createApp in app.ts): the options every mode shares, the Cell read's, and the
   store each mode reads. */
export interface CommonOptions {
  tileUrl?: string;
  tileAttribution?: string;
  /** Folder of the built app; null serves no pages (API only). */
  staticDir?: string | null;
  /** One line per request and per unexpected error; never holds a key. */
  log?: (line: string) => void;
  /** Requests per second per service key on the two resources, with a burst; absent or 0: no limit. Each client
   *  address gets five times as much, and half the burst of failed key checks at a quarter of the rate. */
  rateLimit?: { perSecond: number; burst: number };
  /** Requests a service key may cause to the live cell sources per minute, beside its read limit; absent or 0: none. */
  sourceBudget?: SourceBudget;
  /** The CAMARA operator: distinct unknown numbers one API consumer may try a minute on its CIBA; absent or 0: any. */
  hints?: HintBudget;
  /** The Cell read's sources; by default the store (demo mode) or the operator alone (proxy mode). */
  cells?: CellsOptions;
  /** Cells in view: the most candidates a filtered read looks through (CELLS_IN_VIEW_LOOK_THROUGH). */
  cellsInViewLookThrough?: number;
  /** Reverse proxies in front of the service whose X-Forwarded-For entries are believed (TRUSTED_PROXIES). */
  trustedProxies?: number;
  /** Reached over https through a proxy that ends TLS: answers carry HSTS. */
  behindTls?: boolean;
  /** Host names the service answers to (421 for any other); absent: any. */
  allowedHosts?: readonly string[] | undefined;
  /** Demo mode: the time the app is told the service may take (proxy mode tells the operator's timeout). */
  timeoutMs?: number;
  /** Origins whose pages may read /api (the app on another host, e.g. a CDN); none by default. */
  corsOrigins?: readonly string[];
  /** Demo mode: the service as a CAMARA operator over its own subscribers (/oidc, /camara; /phone with `phone`). */
  camaraOperator?: {
    store: CamaraStore;
    publicUrl: () => string;
    phone?: OperatorOptions['phone'];
    geofencing?: OperatorOptions['geofencing'];
  };
}

export interface CellsOptions {
  sources: SourcesConfig;
  /** Where the live sources' answers are kept. */
  cache?: EitherWay<CellCache>;
  /** Injectable for tests: how the live sources are reached, the clock, the names of nameless cells. */
  fetch?: typeof fetch;
  now?: () => number;
  nameOf?: SourcesDeps['nameOf'];
}

/** What the service reads from its store (SQLite or PostgreSQL, each satisfies it). */
export type AppStore = Pick<
  ServiceStore,
  | 'authenticate'
  | 'getLocation'
  | 'getCell'
  | 'cellsInBox'
  | 'cellCounts'
  | 'cellOperators'
  | 'hasDemoKeys'
  | 'dataVersion'
  | 'buckets'
>;

/**
 * Demo mode answers from the store, or (with `camaraLocation`, LOCATION_SOURCE=camara) the Location read from a
 * CAMARA operator; proxy mode forwards to the operator, and may read cells from a store too.
 */
export type AppOptions = (
  | {
      store: AppStore;
      camaraLocation?: CamaraLocationSource;
      /** "Watch my phone" without LOCATION_SOURCE=camara: the demo mode's own (modes/demo/watches.ts). */
      watches?: WatchSource;
    }
  | { upstream: Upstream; store?: AppStore }
) &
  CommonOptions;

/** Demo mode's options (modes/demo/start.ts) and proxy mode's (modes/proxy/start.ts). */
export type DemoOptions = Exclude<AppOptions, { upstream: Upstream }>;
export type ProxyOptions = Extract<AppOptions, { upstream: Upstream }>;
