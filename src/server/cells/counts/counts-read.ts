import { createHash } from 'node:crypto';
import { encodeCounts, type CellCounts } from '../../../api/cell-counts';
import type { Format } from '../../../api/types';
import { apiAnswer, type ApiAnswer } from '../../platform/http/api-answer';
import type { CellsInViewRead } from '../cells-in-view';
import type { FreshCache } from '../../platform/cache/fresh-cache';
import { andThen, type Maybe } from '../../platform/maybe';
import type { ServiceStore } from '../../store/service-store';
import type { CountsQuery, OperatorCount, SquareCount } from '../../store/cell-counts-port';
import { countsZoom, coveredBox, type TileRanges } from '../../../api/map-tiles';

/** How long a browser may keep a counts answer: the squares follow the map's tiles, so a view asked again is the
 *  same URL; a minute, as the app keeps a read (counts change with imports and writes, not by the second). */
export const COUNTS_MAX_AGE = 60;

/** A tag of the answer's bytes, so a browser asking again after a minute gets a 304 when nothing changed. */
export const etagOf = (body: string): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;

export function countsOf(
  ranges: TileRanges,
  found: readonly SquareCount[],
  limit: number,
  operators: readonly OperatorCount[] = [],
): CellCounts {
  const squares = found
    .map((square) => ({
      x: square.x,
      y: square.y,
      count: square.n,
      position: { lat: square.latSum / square.n, lon: square.lonSum / square.n },
    }))
    .sort((a, b) => a.x - b.x || a.y - b.y);
  return {
    zoom: ranges.zoom,
    total: squares.reduce((sum, square) => sum + square.count, 0),
    limit,
    box: coveredBox(ranges),
    operators: operators.map((op) => ({ mcc: String(op.mcc), mnc: String(op.mnc), count: op.n })),
    squares,
  };
}

export function countsAnswer(counts: CellCounts, format: Format): ApiAnswer {
  const body = encodeCounts(counts, format);
  return apiAnswer(200, format, body, {
    'Cache-Control': `private, max-age=${COUNTS_MAX_AGE}`,
    ETag: etagOf(body),
  });
}

/** The counts answer: the squares, with the operators of the same squares (the list a user filters by). */
function counted(
  store: Pick<ServiceStore, 'cellOperators'>,
  query: CountsQuery,
  squares: readonly SquareCount[],
  limit: number,
  format: Format,
): Maybe<ApiAnswer> {
  return andThen(store.cellOperators(query), (operators) =>
    countsAnswer(countsOf(query.ranges, squares, limit, operators), format),
  );
}

/** How many counts answers are kept: a view is a handful of them (formats, filters), a session pans over a few. */
const KEPT = 512;

/** What a counts answer is of: the squares (not the box: nearby boxes share their squares), filters, limit, format. */
const keyOf = (asked: CountsQuery, limit: number, format: Format): string =>
  `${format} ${asked.ranges.zoom} ${JSON.stringify(asked.ranges.xs)} ${asked.ranges.ys.join()} ` +
  `${asked.mcc ?? ''} ${asked.mnc ?? ''} ${asked.radio ?? ''} ${limit}`;

/**
 * Cells in view with `zoom`: the view's squares counted first (cells/counts/, a range of the counts' key, however
 * many cells); more matching cells than `limit` and the answer is the counts (with the operators they hold, so the
 * app can offer them to filter by), else the cells themselves (`cells`), or the counts again where the cells read
 * finds the view too crowded to look through for the few that match. Without `zoom`, the cells as before.
 * With `fresh` (made current by the guard before each request, emptied by any change to the data), a counts answer
 * is kept by its squares: the same view asked again is answered without reading the counts (docs/performance.md).
 */
export function withCounts(
  store: Pick<ServiceStore, 'cellCounts' | 'cellOperators'>,
  cells: CellsInViewRead,
  fresh?: FreshCache,
): CellsInViewRead {
  const kept = fresh?.map<string, ApiAnswer>(KEPT);
  return (query, format) => {
    if (query.zoom === undefined) return cells(query, format);
    const asked: CountsQuery = {
      ranges: countsZoom(query.bbox, query.zoom),
      ...(query.mcc !== undefined && { mcc: Number(query.mcc) }),
      ...(query.mnc !== undefined && { mnc: Number(query.mnc) }),
      ...(query.radio !== undefined && { radio: query.radio }),
    };
    const key = keyOf(asked, query.limit, format);
    const known = kept?.get(key);
    if (known !== undefined) return known;
    const version = fresh?.checked();
    const keep = (answer: ApiAnswer): ApiAnswer => {
      // A change while the counts were read may have come too late for them: not kept then. A kept answer keeps
      // its compressed bytes too (the compression middleware fills them): sent again, it is not compressed again.
      if (kept === undefined || fresh?.version() !== version) return answer;
      const held = { ...answer, encoded: new Map<string, Uint8Array<ArrayBuffer>>() };
      kept.set(key, held);
      return held;
    };
    return andThen(store.cellCounts(asked), (squares) => {
      const total = squares.reduce((sum, square) => sum + square.n, 0);
      if (total > query.limit) return andThen(counted(store, asked, squares, query.limit, format), keep);
      // Few match, but too many cells lie in the view to look through for them (400 zoom-in, the only 400 once
      // the query is read): their counts, the true numbers, rather than a hint to zoom in.
      return andThen(cells(query, format), (answer) =>
        answer.status === 400 ? counted(store, asked, squares, query.limit, format) : answer,
      );
    });
  };
}
