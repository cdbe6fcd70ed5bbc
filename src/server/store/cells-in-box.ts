import type Database from 'better-sqlite3';
import { isCell, toCellRecord, type CellRecord, type CellRow } from './records';

/** The radio codes of the R*Tree's fifth dimension; 0 is a cell whose radio is not known. */
export const RADIO_CODES = { GSM: 1, UMTS: 2, LTE: 3, NR: 4 } as const;

/** Degrees; `west > east` crosses the antimeridian. mcc, mnc and radio narrow the answer when given. */
export interface BoxQuery {
  west: number;
  south: number;
  east: number;
  north: number;
  mcc?: number;
  mnc?: number;
  radio?: keyof typeof RADIO_CODES;
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
 * Cells inside a box, answered from the `cells_box` R*Tree (position, mcc, mnc and radio are its five dimensions,
 * so the filters prune the tree too), never a scan of `cells`. When more than `limit` match, the answer is spread
 * over the box: an equal share from each of 8 × 8 parts, the shares a part leaves unused going to the fuller ones,
 * so a cut answer thins out the whole view rather than filling one corner.
 */
export function createCellsInBox(db: Database.Database) {
  const select = db.prepare<Record<string, number>, CellRow>(
    `SELECT c.mcc, c.mnc, c.cellid, c.lac, c.lat, c.lon, c.name, c.samples
     FROM cells_box AS b
     JOIN cells AS c ON c.mcc = b.id >> 46 AND c.mnc = (b.id >> 36) & 1023 AND c.cellid = b.id & 68719476735
     WHERE b.max_lon >= @west AND b.min_lon <= @east AND b.max_lat >= @south AND b.min_lat <= @north
       AND b.max_mcc >= @mccLow AND b.min_mcc <= @mccHigh AND b.max_mnc >= @mncLow AND b.min_mnc <= @mncHigh
       AND b.max_radio >= @radio AND b.min_radio <= @radioHigh
       AND c.lon BETWEEN @west AND @east AND c.lat BETWEEN @south AND @north
     LIMIT @limit OFFSET @offset`,
  );

  return function cellsInBox(query: BoxQuery): BoxAnswer {
    const radio = query.radio === undefined ? undefined : RADIO_CODES[query.radio];
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

    const whole: CellRecord[] = [];
    for (const [west, east] of lonSpans(query.west, query.east)) {
      const part = { west, east, south: query.south, north: query.north };
      whole.push(...read(part, query.limit + 1 - whole.length));
    }
    if (whole.length <= query.limit) return { cells: whole, truncated: false };

    const parts = gridOf(query);
    const share = Math.ceil(query.limit / parts.length);
    const taken = parts.map((part) => read(part, share + 1));
    const fuller = taken.flatMap((cells, i) => (cells.length > share ? [i] : []));
    const kept = taken.map((cells) => cells.slice(0, share));
    const left = query.limit - kept.reduce((sum, cells) => sum + cells.length, 0);
    if (left > 0 && fuller.length > 0) {
      const extra = Math.floor(left / fuller.length);
      for (const i of fuller) kept[i]?.push(...read(parts[i] as Part, extra, share));
    }
    const seen = new Set<string>();
    const cells: CellRecord[] = [];
    for (const cell of kept.flat()) {
      const id = `${cell.mcc}/${cell.mnc}/${cell.cellid}`;
      if (seen.has(id) || cells.length >= query.limit) continue;
      seen.add(id);
      cells.push(cell);
    }
    return { cells, truncated: true };
  };
}
