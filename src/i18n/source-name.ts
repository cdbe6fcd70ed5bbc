import type { MessageKey } from './en';
import type { Translate } from './translate';

const SOURCES: Record<string, MessageKey> = {
  store: 'source.store',
  operator: 'source.operator',
  opencellid: 'source.opencellid',
  geolocate: 'source.geolocate',
};

/** A cell source's name in words (the result and the map's legend); an unknown one as the service named it. */
export function sourceName(source: string, t: Translate): string {
  const key = SOURCES[source];
  return key ? t(key) : source;
}
