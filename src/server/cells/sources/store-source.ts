import type { CellRecord } from '../../store/records';
import { type ServiceStore } from '../../store/service-store';
import { andThen } from '../../platform/maybe';
import type { CellSource, SourceResult } from './cell-source';

/**
 * The service's own database (demo cells, imports). Keyed by mcc/mnc/cellid as the Cell resource is: a LAC or
 * radio in the question does not narrow it (demo cells have no radio; the LAC is part of the answer).
 */
export function storeSource(store: Pick<ServiceStore, 'getCell'>): CellSource {
  return {
    name: 'store',
    live: false,
    ask: (question) => andThen(store.getCell(question.key), found),
  };
}

/** The store's answer as a source's. */
function found(record: CellRecord | undefined): SourceResult {
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
}
