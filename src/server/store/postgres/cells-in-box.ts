import type { BoxAnswer, BoxQuery } from '../cells-in-box-port';
import type { Database } from './database';
import { CELL_COLUMNS, isCell, RADIO_CODES, toCellRecord, type CellRecord, type CellRow } from '../records';

/** The box is cut into GRID × GRID parts when too many cells match, so a cut answer covers all of it. */
const GRID = 8;

/**
 * Filters that match fewer cells than this, anywhere, are read through the B-tree on the filters; more, and the
 * matches lie thick enough that the position's GiST finds `limit` of them soon (bench:pg-cells-in-view).
 */
export const FEW_MATCHES = 50_000;

interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

interface Filters {
  mcc: number | null;
  mnc: number | null;
  radio: number | null;
}

/** A box as parts that each stay on one side of 180°. */
function spans(box: Box): Box[] {
  return box.west <= box.east
    ? [box]
    : [
        { ...box, east: 180 },
        { ...box, west: -180 },
      ];
}

/** The GRID × GRID parts of the query's box, column by column, each as the spans it covers. */
function grid(query: Box): Box[][] {
  const width = query.west <= query.east ? query.east - query.west : query.east - query.west + 360;
  const height = query.north - query.south;
  const parts: Box[][] = [];
  for (let col = 0; col < GRID; col++) {
    let west = query.west + (width * col) / GRID;
    let east = query.west + (width * (col + 1)) / GRID;
    if (west >= 180) [west, east] = [west - 360, east - 360];
    if (east > 180) east -= 360;
    for (let row = 0; row < GRID; row++) {
      const south = query.south + (height * row) / GRID;
      const north = query.south + (height * (row + 1)) / GRID;
      parts.push(spans({ west, east, south, north }));
    }
  }
  return parts;
}

/**
 * How many of each part's cells a cut answer takes: an equal share of `limit` from each, the shares a part leaves
 * unused going in equal measure to the fuller ones (as SQLite's store/cells-in-box.ts spreads them).
 */
export function allocate(counts: readonly number[], limit: number): { take: number[]; truncated: boolean } {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total <= limit) return { take: [...counts], truncated: false };
  const share = Math.ceil(limit / counts.length);
  const kept = counts.map((n) => Math.min(n, share));
  const fuller = counts.filter((n) => n > share).length;
  const left = limit - kept.reduce((sum, n) => sum + n, 0);
  const extra = fuller > 0 ? Math.floor(Math.max(0, left) / fuller) : 0;
  const take = counts.map((n, i) => (n > share ? share + Math.min(n - share, extra) : (kept[i] ?? 0)));
  let room = limit;
  const capped = take.map((n) => {
    const given = Math.min(n, room);
    room -= given;
    return given;
  });
  return { take: capped, truncated: true };
}

const COLUMNS = CELL_COLUMNS.split(', ')
  .map((column) => `c.${column}`)
  .join(', ');

/* Through the position's GiST, nearest the middle of each box first: an ordered GiST scan stops at its LIMIT, where a
   bitmap scan would first gather every cell of a wide box. The GiST holds the filters' columns and the key, so the
   scan reads the index alone (where the table's pages are all-visible) and only the cells kept are read from the
   table; the filters are written so that no B-tree is used. */
const SPATIAL_KEYS = `
  FROM unnest($1::float8[], $2::float8[], $3::float8[], $4::float8[], $5::int[], $6::int[]) WITH ORDINALITY
    AS p(w, s, e, n, lim, off, i)
  CROSS JOIN LATERAL (
    SELECT mcc, mnc, cellid FROM cells
    WHERE point(lon, lat) <@ box(point(p.w, p.s), point(p.e, p.n))
      AND ($7::int IS NULL OR mcc = $7) AND ($8::int IS NULL OR mnc = $8) AND ($9::int IS NULL OR radio = $9)
    ORDER BY point(lon, lat) <-> point((p.w + p.e) / 2, (p.s + p.n) / 2)
    LIMIT p.lim OFFSET p.off
  ) AS k`;
const SPATIAL_SQL = `SELECT p.i::int AS part, ${COLUMNS} ${SPATIAL_KEYS}
  JOIN cells AS c ON c.mcc = k.mcc AND c.mnc = k.mnc AND c.cellid = k.cellid`;
const SPATIAL_COUNT_SQL = `SELECT count(*)::int AS n ${SPATIAL_KEYS}`;

/** The filters as SQL that a B-tree can use, with their values from $first on. */
function filterSql(filters: Filters, first: number): { sql: string; values: number[] } {
  const parts: string[] = [];
  const values: number[] = [];
  for (const name of ['mcc', 'mnc', 'radio'] as const) {
    const value = filters[name];
    if (value === null) continue;
    values.push(value);
    parts.push(`${name} = $${first + values.length - 1}`);
  }
  return { sql: parts.join(' AND '), values };
}

/* For filters that match few cells: those cells, through the B-tree, with the part of the grid each falls in. $1-$4
   are the box (west may exceed east: across 180°), the filters follow. */
function operatorSql(filters: string): string {
  const dx = '(CASE WHEN lon >= $1 THEN lon - $1 ELSE lon + 360 - $1 END)';
  const width = '(CASE WHEN $1 <= $3 THEN $3 - $1 ELSE $3 - $1 + 360 END)';
  const part =
    `least(${GRID - 1}, floor(${dx} * ${GRID} / greatest(${width}, 1e-12)))::int * ${GRID} + ` +
    `least(${GRID - 1}, floor((lat - $2) * ${GRID} / greatest($4 - $2, 1e-12)))::int`;
  return `SELECT ${CELL_COLUMNS}, ${part} AS part FROM cells
    WHERE ${filters} AND lat BETWEEN $2 AND $4
      AND (CASE WHEN $1 <= $3 THEN lon BETWEEN $1 AND $3 ELSE lon >= $1 OR lon <= $3 END)`;
}

type PartRow = CellRow & { part: number };

const records = (rows: readonly CellRow[]): CellRecord[] => rows.map(toCellRecord).filter(isCell);

const spatialValues = (
  boxes: readonly Box[],
  limits: readonly number[],
  offsets: readonly number[],
  f: Filters,
) => [
  boxes.map((b) => b.west),
  boxes.map((b) => b.south),
  boxes.map((b) => b.east),
  boxes.map((b) => b.north),
  limits,
  offsets,
  f.mcc,
  f.mnc,
  f.radio,
];

/** Reads each part (its spans together) up to `limits[part]` after `offsets[part]`; parts in grid order. */
async function readParts(
  db: Database,
  parts: Box[][],
  limits: readonly number[],
  offsets: readonly number[],
  filters: Filters,
): Promise<CellRow[][]> {
  const boxes = parts.flat();
  const owner = parts.flatMap((spansOf, part) => spansOf.map(() => part));
  const rows = await db.unnamed<PartRow>(
    SPATIAL_SQL,
    spatialValues(
      boxes,
      owner.map((part) => limits[part] ?? 0),
      owner.map((part) => offsets[part] ?? 0),
      filters,
    ),
  );
  const byPart: CellRow[][] = parts.map(() => []);
  for (const row of rows) byPart[owner[row.part - 1] ?? 0]?.push(row);
  return byPart.map((found, part) => found.slice(0, limits[part]));
}

/** The box read through the GiST: all of it when it fits, else a share from each part of the grid. */
async function byPosition(db: Database, query: BoxQuery, filters: Filters): Promise<BoxAnswer> {
  const whole = spans(query);
  const counted = await db.unnamed<{ n: number }>(
    SPATIAL_COUNT_SQL,
    spatialValues(
      whole,
      whole.map(() => query.limit + 1),
      whole.map(() => 0),
      filters,
    ),
  );
  if ((counted[0]?.n ?? 0) <= query.limit) {
    const all = await readParts(db, [whole], [query.limit], [0], filters);
    return { cells: records(all[0] ?? []), truncated: false };
  }
  // More than `limit` matched, so the answer is cut: a share from each part, the rest from the fuller ones.
  const parts = grid(query);
  const share = Math.ceil(query.limit / parts.length);
  const taken = await readParts(
    db,
    parts,
    parts.map(() => share + 1),
    parts.map(() => 0),
    filters,
  );
  const fuller = taken.filter((found) => found.length > share).length;
  const left = query.limit - taken.reduce((sum, found) => sum + Math.min(found.length, share), 0);
  const extra = fuller > 0 ? Math.floor(left / fuller) : 0;
  const more =
    extra > 0
      ? await readParts(
          db,
          parts,
          taken.map((found) => (found.length > share ? extra : 0)),
          parts.map(() => share),
          filters,
        )
      : [];
  const chosen = taken.flatMap((found, part) => [...found.slice(0, share), ...(more[part] ?? [])]);
  return { cells: records(chosen).slice(0, query.limit), truncated: true };
}

/** Few cells match the filters: those read through the operator's index, then shared out over the grid. */
async function byFilters(db: Database, query: BoxQuery, filters: Filters): Promise<BoxAnswer> {
  const where = filterSql(filters, 5);
  const sql = operatorSql(where.sql);
  const box = [query.west, query.south, query.east, query.north];
  const counted = await db.unnamed<{ part: number; n: number }>(
    `SELECT part, count(*)::int AS n FROM (${sql}) AS m GROUP BY part`,
    [...box, ...where.values],
  );
  const counts = Array.from({ length: GRID * GRID }, () => 0);
  for (const row of counted) counts[row.part] = row.n;
  if (counts.every((n) => n === 0)) return { cells: [], truncated: false };
  const { take, truncated } = allocate(counts, query.limit);
  const takeAt = `$${5 + where.values.length}`;
  const rows = await db.unnamed<CellRow>(
    `SELECT ${CELL_COLUMNS} FROM (
        SELECT *, row_number() OVER (PARTITION BY part ORDER BY mcc, mnc, cellid) AS rank FROM (${sql}) AS m
      ) AS r WHERE rank <= (${takeAt}::int[])[part + 1] ORDER BY part, rank`,
    [...box, ...where.values, take],
  );
  return { cells: records(rows), truncated };
}

/*
 * Every statement here is planned for its values (an unnamed statement), never once for all: a plan made without
 * them takes the filters as selective and the box as small, and reads every cell of the box through a bitmap
 * before sorting it (measured: 35 ms a part, 6 s a world-wide read, on 1M cells).
 */
export function createCellsInBox(db: Database): (query: BoxQuery) => Promise<BoxAnswer> {
  return async function cellsInBox(query: BoxQuery): Promise<BoxAnswer> {
    const radio = query.radio === undefined ? null : RADIO_CODES.indexOf(query.radio);
    const filters: Filters = { mcc: query.mcc ?? null, mnc: query.mnc ?? null, radio };
    if (filters.mcc === null && filters.radio === null) return byPosition(db, query, filters);
    const where = filterSql(filters, 1);
    const probe = await db.unnamed<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM cells WHERE ${where.sql} LIMIT ${FEW_MATCHES}) AS m`,
      where.values,
    );
    return (probe[0]?.n ?? 0) < FEW_MATCHES ? byFilters(db, query, filters) : byPosition(db, query, filters);
  };
}
