import { townGazetteer } from '../gazetteer';
import type { CellCache } from '../../store/cell-cache-port';
import type { ServiceStore } from '../../store/service-store';
import type { EitherWay } from '../../platform/maybe';
import { creditOf, type Credit } from './attribution';
import { createCellLookup, type CellLookup } from './cell-lookup';
import type { CellSource, SourceName, SourcesBudget } from './cell-source';
import { geolocateSource, type GeolocateSettings } from './geolocate';
import { openCellidSource, type OpenCellidSettings } from './opencellid';
import type { OperatorLink } from './operator-link';
import { operatorSource } from './operator-source';
import { storeSource } from './store-source';

/** The Cell read's sources as configured (CELL_SOURCES and the settings of each). */
export interface SourcesConfig {
  names: readonly SourceName[];
  /** Each source's answer is awaited this long (POSITIONING_TIMEOUT_MS). */
  timeoutMs: number;
  /** Days a live source's found cell is kept (CELL_CACHE_DAYS); "not found" is kept a day; 0 keeps nothing. */
  cacheDays: number;
  opencellid?: OpenCellidSettings;
  geolocate?: GeolocateSettings;
}

export interface CellSources {
  names: readonly SourceName[];
  lookup: CellLookup;
  /** The credit an answer's data needs, by its origin. */
  creditOf(origin: string | undefined): Credit | undefined;
}

export interface SourcesDeps {
  /** The service's database: the `store` source. */
  store?: Pick<ServiceStore, 'getCell'>;
  /** Proxy mode's line to the operator: the `operator` source. */
  operator?: OperatorLink;
  /** The service keys' budget at the live sources (the mode's limits); none: not limited. */
  budget?: SourcesBudget;
  /** Where live answers are kept. */
  cache?: EitherWay<CellCache>;
  log: (line: string) => void;
  fetch?: typeof fetch;
  now?: () => number;
  nameOf?: (lat: number, lon: number) => string;
}

/** Whether the live sources are used at all (then a cache and the gazetteer are worth having). */
export function hasLiveSources(names: readonly SourceName[]): boolean {
  return names.includes('opencellid') || names.includes('geolocate');
}

/** Builds each listed source and the lookup that asks them in order. A source without its settings is a bug. */
export function createCellSources(config: SourcesConfig, deps: SourcesDeps): CellSources {
  const http = { timeoutMs: config.timeoutMs, ...(deps.fetch !== undefined && { fetch: deps.fetch }) };
  const missing = (name: SourceName, what: string): Error =>
    new Error(`the ${name} cell source is listed without ${what}`);
  const sources = config.names.map((name): CellSource => {
    switch (name) {
      case 'store':
        if (deps.store === undefined) throw missing(name, 'a database');
        return storeSource(deps.store);
      case 'operator':
        if (deps.operator === undefined) throw missing(name, 'POSITIONING_BASE_URL');
        return operatorSource(deps.operator);
      case 'opencellid':
        if (config.opencellid === undefined) throw missing(name, 'OPENCELLID_KEY');
        return openCellidSource(config.opencellid, http, deps.now);
      case 'geolocate':
        if (config.geolocate === undefined) throw missing(name, 'GEOLOCATE_URL');
        return geolocateSource(config.geolocate, http, deps.now);
    }
  });
  const secrets = [config.opencellid?.key, config.geolocate?.key].filter(
    (key): key is string => key !== undefined && key !== '',
  );
  return {
    names: config.names,
    lookup: createCellLookup({
      sources,
      ...(deps.cache !== undefined && { cache: deps.cache }),
      log: deps.log,
      ...(deps.budget !== undefined && { budget: deps.budget }),
      nameOf: deps.nameOf ?? ((lat, lon) => townGazetteer().nearest(lat, lon)),
      secrets,
      ...(deps.now !== undefined && { now: deps.now }),
    }),
    creditOf: (origin) => creditOf(origin, config.geolocate?.url),
  };
}
