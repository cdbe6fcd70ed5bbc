import type Database from 'better-sqlite3';
import {
  newBoxes,
  nodeBlob,
  nodeCapacity,
  pushBox,
  strOrder,
  tiling,
  TIGHT,
  WIDENED,
  type Boxes,
  type Rounding,
} from './rtree-pack';

type Db = Database.Database;

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

/** Where each cell went: the first key of each slice (lon, id) and of each leaf in it (lat, lon, id). */
interface LeafIndex {
  sliceKeys: Keys;
  /** The first leaf of each slice, and the leaf count after the last. */
  sliceFirstLeaf: number[];
  leafKeys: Keys;
  leafNode: (leaf: number) => number;
}

/** (value, then, hi, lo) keys in ascending order. */
interface Keys {
  length: number;
  value: Float64Array;
  then: Float64Array;
  hi: Uint32Array;
  lo: Uint32Array;
}

const newKeys = (capacity: number): Keys => ({
  length: 0,
  value: new Float64Array(capacity),
  then: new Float64Array(capacity),
  hi: new Uint32Array(capacity),
  lo: new Uint32Array(capacity),
});

function pushKey(keys: Keys, value: number, then: number, hi: number, lo: number): void {
  const i = keys.length++;
  keys.value[i] = value;
  keys.then[i] = then;
  keys.hi[i] = hi;
  keys.lo[i] = lo;
}

/** The last key in keys[from, to) not above (value, then, hi, lo). */
function lastNotAbove(keys: Keys, from: number, to: number, key: readonly number[]): number {
  const [value, then, hi, lo] = key as [number, number, number, number];
  let low = from;
  let high = to - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    const above =
      keys.value[mid]! - value || keys.then[mid]! - then || keys.hi[mid]! - hi || keys.lo[mid]! - lo;
    if (above > 0) high = mid - 1;
    else low = mid;
  }
  return low;
}

/**
 * The slice's entries in (lat, lon, id) order: a stable order by lat of a slice that came in (lon, id) order.
 * Stable by placing each entry after those of its lat already placed, at the start of its lat's run in a native
 * sort of the lats: a comparator sort over the whole table took four times as long.
 */
function byLat(lat: Float64Array, order: Uint32Array): Uint32Array {
  const sorted = Float64Array.from(lat).sort();
  const placed = new Uint32Array(lat.length);
  for (let i = 0; i < lat.length; i++) {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sorted[mid]! < lat[i]!) low = mid + 1;
      else high = mid;
    }
    order[low + placed[low]!++] = i;
  }
  return order;
}

/** One slice of cells in (lon, id) order, as SQLite's sort hands them over. */
interface Slice {
  lon: Float64Array;
  lat: Float64Array;
  boxes: Boxes;
}

/**
 * The leaves, written slice by slice as SQLite's ORDER BY lon hands the cells over (its sorter spills to disk, so
 * memory holds one slice, not the table), each slice sorted by lat in memory. Returns the leaves' boxes and
 * where each cell went.
 */
function writeLeaves(
  db: Db,
  nodeSize: number,
  entries: number,
  { down, up }: Rounding,
): { leaves: Boxes; index: LeafIndex } {
  const capacity = nodeCapacity(nodeSize);
  const leafCount = Math.max(1, Math.ceil(entries / capacity));
  const { slices, perSlice } = tiling(entries, capacity);
  const leafNode = (leaf: number): number => (leafCount === 1 ? 1 : leaf + 2);
  const insertNode = db.prepare('INSERT INTO cells_box_node (nodeno, data) VALUES (?, ?)');
  const leaves = newBoxes(leafCount);
  const index: LeafIndex = {
    sliceKeys: newKeys(slices),
    sliceFirstLeaf: [],
    leafKeys: newKeys(leafCount),
    leafNode,
  };
  const size = Math.min(perSlice, Math.max(entries, 1));
  const slice: Slice = { lon: new Float64Array(size), lat: new Float64Array(size), boxes: newBoxes(size) };
  const order = new Uint32Array(size);

  const flush = (): void => {
    const { lat, boxes } = slice;
    const n = boxes.length;
    pushKey(index.sliceKeys, slice.lon[0]!, 0, boxes.hi[0]!, boxes.lo[0]!);
    index.sliceFirstLeaf.push(leaves.length);
    const sorted = byLat(lat.subarray(0, n), order.subarray(0, n));
    for (let from = 0; from < n; from += capacity) {
      const first = sorted[from]!;
      pushKey(index.leafKeys, lat[first]!, slice.lon[first]!, boxes.hi[first]!, boxes.lo[first]!);
      const nodeno = leafNode(leaves.length);
      const { blob, box } = nodeBlob(nodeSize, boxes, sorted, from, Math.min(n, from + capacity));
      insertNode.run(nodeno, blob);
      pushBox(leaves, nodeno, box);
    }
    boxes.length = 0;
  };

  const rows = db
    .prepare<[], [number, number, number, number]>(
      `SELECT lon, lat, ${HI} AS hi, ${LO} AS lo FROM cells WHERE ${POSITIONED} ORDER BY lon, hi, lo`,
    )
    .raw();
  for (const [lon, lat, hi, lo] of rows.iterate()) {
    const { boxes } = slice;
    const i = boxes.length++;
    slice.lon[i] = lon;
    slice.lat[i] = lat;
    boxes.hi[i] = hi;
    boxes.lo[i] = lo;
    boxes.minX[i] = down(lon);
    boxes.maxX[i] = up(lon);
    boxes.minY[i] = down(lat);
    boxes.maxY[i] = up(lat);
    if (boxes.length === perSlice) flush();
  }
  if (slice.boxes.length > 0) flush();
  index.sliceFirstLeaf.push(leaves.length);
  return { leaves, index };
}

/** The leaf a cell went to, found again from its keys the way writeLeaves placed it. */
function leafOf(index: LeafIndex, lon: number, lat: number, hi: number, lo: number): number {
  const { sliceKeys, sliceFirstLeaf, leafKeys } = index;
  const slice = lastNotAbove(sliceKeys, 0, sliceKeys.length, [lon, 0, hi, lo]);
  const leaf = lastNotAbove(leafKeys, sliceFirstLeaf[slice]!, sliceFirstLeaf[slice + 1]!, [lat, lon, hi, lo]);
  return index.leafNode(leaf);
}

const lookups = new WeakMap<Db, (lon: number, lat: number, hi: number, lo: number) => number>();

/**
 * `cells_box_rowid` (id → leaf) in one statement in the table's key order,
 * which is the id's order: SQLite appends every row instead of inserting 2,000,000 at random places.
 */
function writeRowids(db: Db, index: LeafIndex): void {
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

/** The levels above the leaves, STR-packed in memory (one entry per node below), the root last as node 1. */
function writeUpper(db: Db, nodeSize: number, leaves: Boxes): void {
  const capacity = nodeCapacity(nodeSize);
  const insertNode = db.prepare('INSERT INTO cells_box_node (nodeno, data) VALUES (?, ?)');
  const insertParent = db.prepare('INSERT INTO cells_box_parent (nodeno, parentnode) VALUES (?, ?)');
  const parentOf: number[] = [];
  if (leaves.length === 1 && leaves.lo[0] === 1) return;
  let level = leaves;
  let depth = 1;
  let next = leaves.length + 2;
  for (;;) {
    const root = level.length <= capacity;
    const order = root ? Array.from({ length: level.length }, (_, i) => i) : strOrder(level, capacity);
    const above = newBoxes(Math.ceil(level.length / capacity));
    for (let from = 0; from < level.length; from += capacity) {
      const nodeno = root ? 1 : next++;
      const to = Math.min(level.length, from + capacity);
      const { blob, box } = nodeBlob(nodeSize, level, order, from, to, root ? depth : 0);
      insertNode.run(nodeno, blob);
      for (let k = from; k < to; k++) parentOf[level.lo[order[k]!]!] = nodeno;
      pushBox(above, nodeno, box);
    }
    if (root) break;
    level = above;
    depth++;
  }
  for (let nodeno = 2; nodeno < parentOf.length; nodeno++) insertParent.run(nodeno, parentOf[nodeno]!);
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
 * Rebuilds `cells_box` from `cells` bottom-up: its shadow tables emptied and written directly in rtree's format
 * (rtree-pack.ts), instead of one rtree insert per cell (each a walk down the tree and a rewritten node). SQLite's
 * defensive mode, which keeps ordinary SQL off shadow tables, is lifted for the load only. Run it inside a
 * transaction: a load cut short leaves nothing.
 */
export function loadCellsBox(db: Db): void {
  const root = db.prepare<[], { size: number }>(
    'SELECT length(data) AS size FROM cells_box_node WHERE nodeno = 1',
  );
  // rtree reads its node size from the root's length; a new table's is the page size less 64 bytes, at most 51 entries.
  const nodeSize = root.get()?.size ?? 0;
  if (nodeCapacity(nodeSize) < 3) throw new Error(`cells_box: unexpected node size ${nodeSize}`);
  const rounding = roundingOf(db);
  const entries =
    db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM cells WHERE ${POSITIONED}`).get()?.n ?? 0;
  db.unsafeMode(true);
  try {
    db.exec('DELETE FROM cells_box_node; DELETE FROM cells_box_rowid; DELETE FROM cells_box_parent;');
    if (entries === 0) {
      db.prepare('INSERT INTO cells_box_node VALUES (1, zeroblob(?))').run(nodeSize);
      return;
    }
    const { leaves, index } = writeLeaves(db, nodeSize, entries, rounding);
    writeRowids(db, index);
    writeUpper(db, nodeSize, leaves);
  } finally {
    db.unsafeMode(false);
  }
}
