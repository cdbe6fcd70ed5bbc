import type Database from 'better-sqlite3';
import type { Radio } from '../../api/cell-facts';
import { CELL_COLUMNS, isCell, RADIO_CODES, toCellRecord, type CellRecord, type CellRow } from './records';

/** Degrees; `west > east` crosses the antimeridian. mcc, mnc and radio narrow the answer when given. */
export interface BoxQuery {
  west: number;
  south: number;
  east: number;
  north: number;
  mcc?: number;
  mnc?: number;
  radio?: Radio;
  limit: number;
}

export interface BoxAnswer {
  cells: CellRecord[];
  /** More cells matched than `limit`. */
  truncated: boolean;
}

/** The box is cut into GRID × GRID parts when too many cells match, so a cut answer covers all of it. */
const GRID = 8;

type Part = { west: number; east: number; south: number; north: number };

/** A span of longitudes as parts that each stay on one side of 180°. */
function lonSpans(west: number, east: number): Array<[number, number]> {
  return west <= east
    ? [[west, east]]
    : [
        [west, 180],
        [-180, east],
      ];
}

function gridOf(query: BoxQuery): Part[] {
  const width = query.west <= query.east ? query.east - query.west : query.east - query.west + 360;
  const height = query.north - query.south;
  const parts: Part[] = [];
  for (let col = 0; col < GRID; col++) {
    const from = query.west + (width * col) / GRID;
    const to = query.west + (width * (col + 1)) / GRID;
    let spans: Array<[number, number]> = [[from, to]];
    if (from >= 180) spans = [[from - 360, to - 360]];
    else if (to > 180)
      spans = [
        [from, 180],
        [-180, to - 360],
      ];
    for (let row = 0; row < GRID; row++) {
      const south = query.south + (height * row) / GRID;
      const north = query.south + (height * (row + 1)) / GRID;
      for (const [west, east] of spans) parts.push({ west, east, south, north });
    }
  }
  return parts;
}

/**
 * Cells inside a box, answered from the `cells_box` R*Tree over position (mcc, mnc and radio ride beside each entry
 * and filter during the tree walk, before any row of `cells` is read), never a scan of `cells`. When more than `limit` match, the answer is spread
 * over the box: an equal share from each of 8 × 8 parts, the shares a part leaves unused going to the fuller ones,
 * so a cut answer thins out the whole view rather than filling one corner.
 */
export function createCellsInBox(db: Database.Database) {
  const where = `b.max_lon >= @west AND b.min_lon <= @east AND b.max_lat >= @south AND b.min_lat <= @north
       AND b.mcc BETWEEN @mccLow AND @mccHigh AND b.mnc BETWEEN @mncLow AND @mncHigh
       AND b.radio BETWEEN @radio AND @radioHigh`;
  const select = db.prepare<Record<string, number>, CellRow>(
    `SELECT ${CELL_COLUMNS.split(', ')
      .map((column) => `c.${column}`)
      .join(', ')}
     FROM cells_box AS b
     JOIN cells AS c ON c.mcc = b.id >> 46 AND c.mnc = (b.id >> 36) & 1023 AND c.cellid = b.id & 68719476735
     WHERE ${where} AND c.lon BETWEEN @west AND @east AND c.lat BETWEEN @south AND @north
     LIMIT @limit OFFSET @offset`,
  );
  // How many entries the tree holds in a box, up to a cap: the tree alone, no row of `cells` read.
  const count = db.prepare<Record<string, number>, { n: number }>(
    `SELECT count(*) AS n FROM (SELECT 1 FROM cells_box AS b WHERE ${where} LIMIT @limit)`,
  );

  return function cellsInBox(query: BoxQuery): BoxAnswer {
    // The R*Tree keeps the cells table's radio code beside each entry (0: not known).
    const radio = query.radio === undefined ? undefined : RADIO_CODES.indexOf(query.radio);
    const filters = {
      mccLow: query.mcc ?? 0,
      mccHigh: query.mcc ?? 999,
      mncLow: query.mnc ?? 0,
      mncHigh: query.mnc ?? 999,
      radio: radio ?? 0,
      radioHigh: radio ?? 255,
    };
    const read = (part: Part, limit: number, offset = 0): CellRecord[] =>
      limit <= 0
        ? []
        : select
            .all({ ...filters, ...part, limit, offset })
            .map(toCellRecord)
            .filter(isCell);

    const spans = lonSpans(query.west, query.east).map(([west, east]) => ({
      west,
      east,
      south: query.south,
      north: query.north,
    }));
    // The tree's 32-bit floats round a box outwards, so the count may take in a few cells just outside: the answer
    // is then read the long way below, and says truncated only when a part really held more than it gave.
    const found = spans.reduce(
      (n, part) => n + (count.get({ ...filters, ...part, limit: query.limit + 1 })?.n ?? 0),
      0,
    );
    if (found <= query.limit)
      return { cells: spans.flatMap((part) => read(part, query.limit)), truncated: false };

    const parts = gridOf(query);
    const share = Math.ceil(query.limit / parts.length);
    const taken = parts.map((part) => read(part, share + 1));
    const fuller = taken.flatMap((cells, i) => (cells.length > share ? [i] : []));
    const kept = taken.map((cells) => cells.slice(0, share));
    let cut = false;
    const left = query.limit - kept.reduce((sum, cells) => sum + cells.length, 0);
    const extra = fuller.length > 0 ? Math.floor(left / fuller.length) : 0;
    for (const i of fuller) {
      const more = read(parts[i] as Part, extra + 1, share);
      kept[i]?.push(...more.slice(0, extra));
      cut ||= more.length > extra;
    }
    const seen = new Set<string>();
    const cells: CellRecord[] = [];
    for (const cell of kept.flat()) {
      const id = `${cell.mcc}/${cell.mnc}/${cell.cellid}`;
      if (seen.has(id)) continue;
      seen.add(id);
      if (cells.length < query.limit) cells.push(cell);
      else cut = true;
    }
    return { cells, truncated: cut };
  };
}
