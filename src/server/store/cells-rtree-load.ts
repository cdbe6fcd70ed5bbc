import type { Db } from './sqlite';
import { orderByDouble } from './radix-order';
import { leafOf, leafWriter, writeUpper, type LeafIndex, type LeafWriter } from './rtree-leaves';
import { nodeCapacity, TIGHT, WIDENED, type Rounding } from './rtree-pack';

/** A cell's R*Tree id: mcc (10 bits), mnc (10 bits) and cellid (36 bits) packed into one integer. */
export const boxId = (row: string) => `((${row}mcc << 46) | (${row}mnc << 36) | ${row}cellid)`;

const POSITIONED = 'lat IS NOT NULL AND lon IS NOT NULL';
/** The id's halves, as nodeBlob writes them and as the leaves' order breaks ties (ids pass 2^53). */
const HI = `(${boxId('')} >> 32) & 4294967295`;
const LO = `${boxId('')} & 4294967295`;

/** The id's halves in JavaScript, from the key (no BigInt: cellid < 2^36, so hi < 2^24). */
const idHi = (mcc: number, mnc: number, cellid: number): number =>
  mcc * 16384 + mnc * 16 + Math.floor(cellid / 2 ** 32);

/** Positioned cells in key order (mcc, mnc, cellid), column by column: what the tree is loaded from in memory. */
export interface BoxCells {
  length: number;
  mcc: Uint16Array;
  mnc: Uint16Array;
  cellid: Float64Array;
  lon: Float64Array;
  lat: Float64Array;
  /** store/records.ts RADIO_CODES; 0 unknown. */
  radio: Uint8Array;
}

const lookups = new WeakMap<Db, (lon: number, lat: number, hi: number, lo: number) => number>();

/**
 * `cells_box_rowid` (id → leaf, with mcc, mnc and radio beside it) in one statement in the table's key order,
 * which is the id's order: SQLite appends every row instead of inserting 2,000,000 at random places.
 */
function writeRowidsFromTable(db: Db, index: LeafIndex): void {
  if (!lookups.has(db)) {
    db.function('cells_box_leaf', (lon, lat, hi, lo) => {
      const lookup = lookups.get(db);
      if (lookup === undefined) throw new Error('cells_box_leaf outside a load of cells_box');
      return lookup(Number(lon), Number(lat), Number(hi), Number(lo));
    });
  }
  lookups.set(db, (lon, lat, hi, lo) => leafOf(index, lon, lat, hi, lo));
  try {
    db.exec(`
      INSERT INTO cells_box_rowid
        SELECT ${boxId('')}, cells_box_leaf(lon, lat, ${HI}, ${LO}), mcc, mnc,
               coalesce(radio, 0)
        FROM cells WHERE ${POSITIONED}`);
  } finally {
    // Keeps the function registered (re-registering needs no statement running) but frees the index.
    lookups.set(db, () => {
      throw new Error('cells_box_leaf outside a load of cells_box');
    });
  }
}

/** Rows of `cells_box_rowid` bound per statement. */
const ROWIDS_PER_STATEMENT = 64;

/** `cells_box_rowid` from the cells in memory with the leaf each went to, in key order (appended). */
function writeRowidsFromMemory(db: Db, cells: BoxCells, leaf: Uint32Array): void {
  // JavaScript numbers bind as REAL, which the columns without a type would keep: cast as a trigger's would be.
  const int = 'CAST(? AS INTEGER)';
  const row = `((? << 46) | (? << 36) | ?, ${int}, ${int}, ${int}, ${int})`;
  const sql = (rows: number) =>
    `INSERT INTO cells_box_rowid VALUES ${Array.from({ length: rows }, () => row).join(', ')}`;
  const many = db.prepare(sql(ROWIDS_PER_STATEMENT));
  const one = db.prepare(sql(1));
  const params = new Array<number>(ROWIDS_PER_STATEMENT * 7).fill(0);
  const { mcc, mnc, cellid, radio } = cells;
  let p = 0;
  for (let i = 0; i < cells.length; i++) {
    params[p++] = mcc[i]!;
    params[p++] = mnc[i]!;
    params[p++] = cellid[i]!;
    params[p++] = leaf[i]!;
    params[p++] = mcc[i]!;
    params[p++] = mnc[i]!;
    params[p++] = radio[i]!;
    if (p === params.length) {
      many.run(params);
      p = 0;
    }
  }
  for (let at = 0; at < p; at += 7) one.run(params.slice(at, at + 7));
}

/**
 * The rounding this SQLite's rtree stores boxes with, asked of a throwaway rtree, so that a loaded box is bit for
 * bit what an INSERT by the same SQLite would store (the two roundings differ by a float step or so).
 */
export function roundingOf(db: Db): Rounding {
  const probe = 0.1;
  db.exec('CREATE VIRTUAL TABLE temp.cells_box_probe USING rtree(id, x0, x1)');
  try {
    db.prepare('INSERT INTO temp.cells_box_probe VALUES (1, ?, ?)').run(probe, probe);
    const stored = db
      .prepare<[], { x0: number; x1: number }>('SELECT x0, x1 FROM temp.cells_box_probe')
      .get();
    const known = [TIGHT, WIDENED].find((r) => stored?.x0 === r.down(probe) && stored.x1 === r.up(probe));
    if (known === undefined)
      throw new Error(`cells_box: an rtree rounding not known here (${JSON.stringify(stored)})`);
    return known;
  } finally {
    db.exec('DROP TABLE temp.cells_box_probe');
  }
}

/**
 * Empties `cells_box`'s shadow tables and has `fill` write them again, for `entries` cells, with SQLite's defensive
 * mode (which keeps ordinary SQL off shadow tables) lifted meanwhile only.
 */
function reload(
  db: Db,
  entries: number,
  fill: (nodeSize: number, leaves: (leafOf?: Uint32Array) => LeafWriter) => void,
): void {
  const root = db.prepare<[], { size: number }>(
    'SELECT length(data) AS size FROM cells_box_node WHERE nodeno = 1',
  );
  // rtree reads its node size from the root's length; a new table's is the page size less 64 bytes, at most 51 entries.
  const nodeSize = root.get()?.size ?? 0;
  if (nodeCapacity(nodeSize) < 3) throw new Error(`cells_box: unexpected node size ${nodeSize}`);
  const rounding = roundingOf(db);
  db.unsafeMode(true);
  try {
    db.exec('DELETE FROM cells_box_node; DELETE FROM cells_box_rowid; DELETE FROM cells_box_parent;');
    if (entries === 0) {
      db.prepare('INSERT INTO cells_box_node VALUES (1, zeroblob(?))').run(nodeSize);
      return;
    }
    fill(nodeSize, (leafOf) => leafWriter(db, nodeSize, entries, rounding, leafOf));
  } finally {
    db.unsafeMode(false);
  }
}

/**
 * Rebuilds `cells_box` from `cells` bottom-up: its shadow tables emptied and written directly in rtree's format
 * (rtree-pack.ts), instead of one rtree insert per cell (each a walk down the tree and a rewritten node). The cells
 * come in lon order from SQLite's sorter, which spills to disk, so memory holds one slice whatever the table's
 * size. Run it inside a transaction: a load cut short leaves nothing.
 */
export function loadCellsBox(db: Db): void {
  const entries =
    db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM cells WHERE ${POSITIONED}`).get()?.n ?? 0;
  reload(db, entries, (nodeSize, leaves) => {
    const writer = leaves();
    const rows = db
      .prepare<[], [number, number, number, number]>(
        `SELECT lon, lat, ${HI} AS hi, ${LO} AS lo FROM cells WHERE ${POSITIONED} ORDER BY lon, hi, lo`,
      )
      .raw();
    for (const [lon, lat, hi, lo] of rows.iterate()) writer.push(lon, lat, hi, lo, 0);
    const { leaves: level, index } = writer.end();
    writeRowidsFromTable(db, index);
    writeUpper(db, nodeSize, level);
  });
}

/**
 * Loads `cells_box` as loadCellsBox does, from `cells`: every positioned cell of the table, in memory, in key
 * order (an import that holds them already). Sorted by lon in memory, each cell's leaf known as it is placed, so
 * nothing is read back from the table. Run it inside a transaction.
 */
export function loadCellsBoxFrom(db: Db, cells: BoxCells): void {
  reload(db, cells.length, (nodeSize, leaves) => {
    const leaf = new Uint32Array(cells.length);
    const writer = leaves(leaf);
    const { mcc, mnc, cellid, lon, lat } = cells;
    // Key order is the id's order, so a stable order by lon breaks ties by id, as SQLite's ORDER BY does.
    const order = orderByDouble(lon.subarray(0, cells.length));
    for (const i of order)
      writer.push(lon[i]!, lat[i]!, idHi(mcc[i]!, mnc[i]!, cellid[i]!), cellid[i]! >>> 0, i);
    const { leaves: level } = writer.end();
    writeRowidsFromMemory(db, cells, leaf);
    writeUpper(db, nodeSize, level);
  });
}
