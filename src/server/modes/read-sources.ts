import type { CellsOptions } from '../app-options';
import {
  createCellSources,
  type CellSources,
  type SourcesConfig,
  type SourcesDeps,
} from '../cells/sources/cell-sources';

/**
 * How long the app is told a read may take: each source asked over the network may take the whole timeout, one
 * after the other (the store answers at once). `each`: the mode's own timeout, when the sources name none.
 */
export function readTimeoutMs(cells: CellsOptions | undefined, each: number): number {
  const names = cells?.sources.names ?? [];
  const overNetwork = names.filter((name) => name !== 'store').length;
  return (cells?.sources.timeoutMs ?? each) * Math.max(1, overNetwork);
}

/** The Cell read's sources: the configured ones (`cells`), or the mode's default. */
export function readSources(
  cells: CellsOptions | undefined,
  config: SourcesConfig,
  deps: Pick<SourcesDeps, 'store' | 'operator' | 'budget' | 'log'>,
): CellSources {
  return createCellSources(config, {
    ...deps,
    ...(cells?.cache !== undefined && { cache: cells.cache }),
    ...(cells?.fetch !== undefined && { fetch: cells.fetch }),
    ...(cells?.now !== undefined && { now: cells.now }),
    ...(cells?.nameOf !== undefined && { nameOf: cells.nameOf }),
  });
}
