import type Database from 'better-sqlite3';
import { gridOf, spansOf, spread, type Part } from './box-grid';
import { CELL_COLUMNS, isCell, RADIO_CODES, toCellRecord, type CellRecord, type CellRow } from '../records';

import { MAX_LOOKED_THROUGH, type BoxAnswer, type BoxQuery } from '../cells-in-box-port';

/* The R*Tree's id carries what the filters ask (cells-rtree-load.ts boxId): radio (3 bits), mcc, mnc (10 bits
   each) and cellid (36), so a filter is checked on the entry itself, never by a lookup of a row per entry. */
const ID_MCC = '(b.id >> 46) & 1023';
const ID_MNC = '(b.id >> 36) & 1023';
const ID_CELLID = 'b.id & 68719476735';
const ID_RADIO = '(b.id >> 56) & 7';
const IN_BOX = 'b.max_lon >= @west AND b.min_lon <= @east AND b.max_lat >= @south AND b.min_lat <= @north';
const FILTERS = `${ID_MCC} BETWEEN @mccLow AND @mccHigh AND ${ID_MNC} BETWEEN @mncLow AND @mncHigh
  AND ${ID_RADIO} BETWEEN @radio AND @radioHigh`;
const COLUMNS = CELL_COLUMNS.split(', ')
  .map((column) => `c.${column}`)
  .join(', ');
const JOINED = `JOIN cells AS c ON c.mcc = ${ID_MCC} AND c.mnc = ${ID_MNC} AND c.cellid = ${ID_CELLID}`;
const EXACT = 'c.lon BETWEEN @west AND @east AND c.lat BETWEEN @south AND @north';
const OPERATOR = `mcc = @mccLow AND mnc BETWEEN @mncLow AND @mncHigh`;
const OPERATOR_IN_BOX = `${OPERATOR} AND lon BETWEEN @west AND @east AND lat BETWEEN @south AND @north
  AND coalesce(radio, 0) BETWEEN @radio AND @radioHigh`;

type Params = Record<string, number>;

function statements(db: Database.Database) {
  const all = <Row>(sql: string) => db.prepare<Params, Row>(sql);
  return {
    /** A part's matching cells, from the R*Tree (an entry's filters first, then the row's exact position). */
    read: all<CellRow>(
      `SELECT ${COLUMNS} FROM cells_box AS b ${JOINED}
       WHERE ${IN_BOX} AND ${FILTERS} AND ${EXACT} LIMIT @limit OFFSET @offset`,
    ),
    /** The same, looking through at most @looked entries of the part. */
    readSome: all<CellRow>(
      `SELECT ${COLUMNS} FROM (SELECT id FROM cells_box AS b WHERE ${IN_BOX} LIMIT @looked) AS b ${JOINED}
       WHERE ${FILTERS} AND ${EXACT} LIMIT @limit`,
    ),
    /** Matching entries of the tree, up to @limit: the tree alone, no row of `cells` read. */
    count: all<{ n: number }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM cells_box AS b WHERE ${IN_BOX} AND ${FILTERS} LIMIT @limit)`,
    ),
    /** Matching entries among the first @looked of the box. */
    countSome: all<{ n: number }>(
      `SELECT count(*) AS n FROM (SELECT id FROM cells_box AS b WHERE ${IN_BOX} LIMIT @looked) AS b
       WHERE ${FILTERS}`,
    ),
    /** Entries of the box, whatever they hold, up to @limit. */
    entries: all<{ n: number }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM cells_box AS b WHERE ${IN_BOX} LIMIT @limit)`,
    ),
    /** Rows of the operator (its primary key's range), up to @limit. */
    operatorRows: all<{ n: number }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM cells WHERE ${OPERATOR} LIMIT @limit)`,
    ),
    operatorCount: all<{ n: number }>(`SELECT count(*) AS n FROM cells WHERE ${OPERATOR_IN_BOX}`),
    operatorCells: all<CellRow>(`SELECT ${CELL_COLUMNS} FROM cells WHERE ${OPERATOR_IN_BOX}`),
    operatorPlaces: db
      .prepare<Params, [number, number, number, number]>(
        `SELECT mnc, cellid, lon, lat FROM cells WHERE ${OPERATOR_IN_BOX}`,
      )
      .raw(),
    cell: db.prepare<[number, number, number], CellRow>(
      `SELECT ${CELL_COLUMNS} FROM cells WHERE mcc = ? AND mnc = ? AND cellid = ?`,
    ),
  };
}

type Statements = ReturnType<typeof statements>;

/** The filters as the statements' bounds: what is not asked spans every value. */
function boundsOf(query: BoxQuery): Params {
  // The radio's code, as the cells table and the R*Tree's id keep it (0: not known).
  const radio = query.radio === undefined ? undefined : RADIO_CODES.indexOf(query.radio);
  return {
    mccLow: query.mcc ?? 0,
    mccHigh: query.mcc ?? 1023,
    mncLow: query.mnc ?? 0,
    mncHigh: query.mnc ?? 1023,
    radio: radio ?? 0,
    radioHigh: radio ?? 7,
  };
}

const cellsOf = (rows: CellRow[]): CellRecord[] => rows.map(toCellRecord).filter(isCell);
const sum = (parts: readonly Part[], n: (part: Part) => number): number =>
  parts.reduce((total, part) => total + n(part), 0);

/**
 * From the R*Tree: every match when they fit the limit, else an equal share from each of 8 × 8 parts, the shares a
 * part leaves unused going to the fuller ones, so a cut answer thins out the whole view rather than filling one
 * corner. Each part's read stops at its share; with `looked`, it also looks through at most that many entries.
 */
function fromTree(q: Statements, query: BoxQuery, bounds: Params, looked?: number): BoxAnswer {
  const read = (part: Part, limit: number, offset = 0): CellRecord[] => {
    if (limit <= 0) return [];
    const params = { ...bounds, ...part, limit, offset };
    return cellsOf(looked === undefined ? q.read.all(params) : q.readSome.all({ ...params, looked }));
  };
  const spans = spansOf(query);
  // The tree's 32-bit floats round a box outwards, so the count may take in a few cells just outside: the answer
  // is then read the long way below, and says truncated only when a part really held more than it gave.
  if (looked === undefined) {
    const found = sum(spans, (part) => q.count.get({ ...bounds, ...part, limit: query.limit + 1 })?.n ?? 0);
    if (found <= query.limit)
      return { cells: spans.flatMap((part) => read(part, query.limit)), truncated: false };
  }
  const parts = gridOf(query);
  const share = Math.ceil(query.limit / parts.length);
  const taken = parts.map((part) => read(part, share + 1));
  const fuller = taken.flatMap((cells, i) => (cells.length > share ? [i] : []));
  const kept = taken.map((cells) => cells.slice(0, share));
  // A read that looked through only some of the box never knows all it holds: it is cut whatever it found.
  let cut = looked !== undefined;
  const left = query.limit - kept.reduce((n, cells) => n + cells.length, 0);
  const extra = fuller.length > 0 ? Math.floor(left / fuller.length) : 0;
  for (const i of fuller) {
    const more = looked === undefined ? read(parts[i] as Part, extra + 1, share) : [];
    kept[i]?.push(...more.slice(0, extra));
    cut ||= more.length > extra || looked !== undefined;
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
}

/** From the operator's rows (its primary key's range), when they are fewer than the box's entries. */
function fromOperator(q: Statements, query: BoxQuery, bounds: Params): BoxAnswer {
  const spans = spansOf(query);
  const found = sum(spans, (part) => q.operatorCount.get({ ...bounds, ...part })?.n ?? 0);
  if (found <= query.limit) {
    return {
      cells: spans.flatMap((part) => cellsOf(q.operatorCells.all({ ...bounds, ...part }))),
      truncated: false,
    };
  }
  const places = spans.flatMap((part) => q.operatorPlaces.all({ ...bounds, ...part }));
  const kept = spread(query, places, ([, , lon, lat]) => [lon, lat], query.limit);
  const rows = kept.flatMap(([mnc, cellid]) => q.cell.get(bounds.mccLow ?? 0, mnc, cellid) ?? []);
  return { cells: cellsOf(rows), truncated: true };
}

/**
 * Cells inside a box, never a scan of `cells`: from the `cells_box` R*Tree over position, whose ids carry mcc, mnc
 * and radio so that a filter costs no row lookup. A filtered read takes the narrower way in, the box's entries or
 * the asked operator's rows, and looks through at most MAX_LOOKED_THROUGH of them: past that, if the first ones of
 * the box already hold more matches than the limit, the answer is a cut one spread over the box as any other;
 * else it is `tooMany`, so that no read takes seconds (or grows with the database) to find a few cells.
 */
export function createCellsInBox(db: Database.Database): (query: BoxQuery) => BoxAnswer {
  const q = statements(db);
  return function cellsInBox(query) {
    const bounds = boundsOf(query);
    if (query.mcc === undefined && query.mnc === undefined && query.radio === undefined)
      return fromTree(q, query, bounds);
    const spans = spansOf(query);
    const looked = query.lookThrough ?? MAX_LOOKED_THROUGH;
    const operatorRows =
      query.mcc === undefined
        ? Number.POSITIVE_INFINITY
        : (q.operatorRows.get({ ...bounds, limit: looked + 1 })?.n ?? 0);
    // Counted only as far as it matters: past the operator's rows (or the most a read looks through).
    const enough = Math.min(operatorRows, looked);
    const entries = sum(spans, (part) => q.entries.get({ ...part, limit: enough + 1 })?.n ?? 0);
    if (entries <= enough) return fromTree(q, query, bounds);
    if (operatorRows <= looked) return fromOperator(q, query, bounds);
    const perSpan = Math.ceil(looked / spans.length);
    const some = sum(spans, (part) => q.countSome.get({ ...bounds, ...part, looked: perSpan })?.n ?? 0);
    if (some <= query.limit) return { tooMany: { lookedThrough: looked } };
    return fromTree(q, query, bounds, Math.ceil(looked / gridOf(query).length));
  };
}
