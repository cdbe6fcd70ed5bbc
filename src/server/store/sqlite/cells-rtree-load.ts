import type { Db } from './driver';
import { leafOf, leafWriter, writeUpper, type LeafIndex, type NodeSink } from './rtree-leaves';
import { nodeCapacity, ROUNDINGS, TIGHT, WIDENED, type BoxLayout, type Rounding } from './rtree-pack';

/**
 * A cell's R*Tree id: its radio's code (3 bits, 0 when not known), mcc (10 bits), mnc (10 bits) and cellid (36
 * bits) packed into one integer, so that cells in view check their filters on the entry (cells-in-box.ts).
 */
export const boxId = (row: string) =>
  `(((coalesce(${row}radio, 0) & 7) << 56) | (${row}mcc << 46) | (${row}mnc << 36) | ${row}cellid)`;

const POSITIONED = 'lat IS NOT NULL AND lon IS NOT NULL';
/** The id's halves, as nodeBlob writes them and as the leaves' order breaks ties (ids pass 2^53). */
const HI = `(${boxId('')} >> 32) & 4294967295`;
const LO = `${boxId('')} & 4294967295`;

const lookups = new WeakMap<Db, (lon: number, lat: number, hi: number, lo: number) => number>();

/**
 * `cells_box_rowid` (id → leaf) in one statement in the table's key order,
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
        SELECT ${boxId('')}, cells_box_leaf(lon, lat, ${HI}, ${LO}) FROM cells WHERE ${POSITIONED}`);
  } finally {
    // Keeps the function registered (re-registering needs no statement running) but frees the index.
    lookups.set(db, () => {
      throw new Error('cells_box_leaf outside a load of cells_box');
    });
  }
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

/** The node size and rounding of this database's cells_box. */
export function boxLayout(db: Db): BoxLayout {
  const root = db.prepare<[], { size: number }>(
    'SELECT length(data) AS size FROM cells_box_node WHERE nodeno = 1',
  );
  // rtree reads its node size from the root's length; a new table's is the page size less 64 bytes, at most 51 entries.
  const nodeSize = root.get()?.size ?? 0;
  if (nodeCapacity(nodeSize) < 3) throw new Error(`cells_box: unexpected node size ${nodeSize}`);
  return { nodeSize, rounding: roundingOf(db).name };
}

/** Writers of cells_box's shadow tables, as a load fills them. */
export interface ShadowWriters {
  node: NodeSink;
  parent: (nodeno: number, parent: number) => void;
}

/**
 * Empties `cells_box`'s shadow tables and has `fill` write them again, for `entries` cells, with SQLite's defensive
 * mode (which keeps ordinary SQL off shadow tables) lifted meanwhile only.
 */
export function reload(
  db: Db,
  layout: BoxLayout,
  entries: number,
  fill: (writers: ShadowWriters) => void,
): void {
  db.unsafeMode(true);
  try {
    db.exec('DELETE FROM cells_box_node; DELETE FROM cells_box_rowid; DELETE FROM cells_box_parent;');
    if (entries === 0) {
      db.prepare('INSERT INTO cells_box_node VALUES (1, zeroblob(?))').run(layout.nodeSize);
      return;
    }
    const node = db.prepare<[number, Uint8Array]>('INSERT INTO cells_box_node (nodeno, data) VALUES (?, ?)');
    const parent = db.prepare<[number, number]>(
      'INSERT INTO cells_box_parent (nodeno, parentnode) VALUES (?, ?)',
    );
    fill({ node: (nodeno, blob) => node.run(nodeno, blob), parent: (nodeno, up) => parent.run(nodeno, up) });
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
  const layout = boxLayout(db);
  const entries =
    db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM cells WHERE ${POSITIONED}`).get()?.n ?? 0;
  reload(db, layout, entries, (write) => {
    const writer = leafWriter(write.node, layout.nodeSize, entries, ROUNDINGS[layout.rounding]);
    const rows = db
      .prepare<[], [number, number, number, number]>(
        `SELECT lon, lat, ${HI} AS hi, ${LO} AS lo FROM cells WHERE ${POSITIONED} ORDER BY lon, hi, lo`,
      )
      .raw();
    for (const [lon, lat, hi, lo] of rows.iterate()) writer.push(lon, lat, hi, lo, 0);
    const { leaves, index } = writer.end();
    writeRowidsFromTable(db, index);
    writeUpper(write.node, write.parent, layout.nodeSize, leaves);
  });
}
