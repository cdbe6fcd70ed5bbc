import type { ServiceReads } from '../store/service-reads';
import type { CellSource } from './cell-source';

/**
 * The service's own database (demo cells, imports). Keyed by mcc/mnc/cellid as the Cell resource is: a LAC or
 * radio in the question does not narrow it (demo cells have no radio; the LAC is part of the answer).
 */
export function storeSource(store: Pick<ServiceReads, 'getCell'>): CellSource {
  return {
    name: 'store',
    live: false,
    ask(question) {
      const record = store.getCell(question.key);
      if (record === undefined) return { kind: 'not-found' };
      const samples = record.samples ?? 0;
      return {
        kind: 'found',
        cell: {
          lat: record.lat,
          lon: record.lon,
          lac: record.lac,
          name: record.name,
          ...(record.radio !== undefined && { radio: record.radio }),
          ...(record.range !== undefined && { rangeMeters: record.range }),
          ...((samples > 0 || record.source !== undefined) && { samples }),
          ...(record.updated !== undefined && { updated: record.updated }),
          ...(record.source !== undefined && { origin: record.source }),
        },
      };
    },
  };
}
