import type { Db } from './sqlite';
import { boxLayout, reload } from './cells-rtree-load';
import { orderByFloat32 } from './radix-order';
import { leafWriter, writeUpper } from './rtree-leaves';
import { nodeCapacity, ROUNDINGS, tiling, type BoxLayout } from './rtree-pack';

/** Positioned cells in key order (mcc, mnc, cellid), column by column: what the tree is loaded from in memory. */
export interface BoxCells {
  length: number;
  mcc: Uint16Array;
  mnc: Uint16Array;
  cellid: Float64Array;
  lon: Float64Array;
  lat: Float64Array;
  /** store/records.ts RADIO_CODES (0: not known): the id's top bits (boxId). */
  radio: Uint8Array;
}

/** A cells_box made away from the database (another thread may make it): what its shadow tables are to hold. */
export interface BoxPlan {
  /** Every node's blob, nodeSize bytes each, in the order of `nodenos`. */
  nodes: Uint8Array;
  nodenos: Uint32Array;
  /** (node, its parent) pairs, for every node but the root. */
  parents: Uint32Array;
  /** Each cell's leaf, in the cells' order. */
  leaf: Uint32Array;
}

/** The id's high half (boxId) in JavaScript, with no BigInt: cellid < 2^36, so the half is below 2^27. */
const idHi = (radio: number, mcc: number, mnc: number, cellid: number): number =>
  (radio & 7) * 2 ** 24 + mcc * 16384 + mnc * 16 + Math.floor(cellid / 2 ** 32);

/**
 * The tree over `cells`, packed by the same tiling as the load from the table (STR: slices by lon, leaves by lat
 * within each), sorted in memory (sliceOrder), each cell's leaf known as it is placed, so nothing is read back
 * from the table.
 */
export function planCellsBox(cells: BoxCells, layout: BoxLayout): BoxPlan {
  const { nodeSize } = layout;
  const count = nodeCount(cells.length, nodeCapacity(nodeSize));
  // Sorted before the nodes' buffer is made: the two radix orders' working arrays are let go by then (at
  // 10,000,000 cells 200 MB, and the nodes 240 MB).
  const order = sliceOrder(cells, tiling(cells.length, nodeCapacity(nodeSize)).perSlice);
  // One buffer of its own (not a slice of Node's pool, so that a thread can hand it over), each node copied in
  // as it is made.
  const nodes = new Uint8Array(count * nodeSize);
  const nodenos = new Uint32Array(count);
  const parents: number[] = [];
  let made = 0;
  const node = (nodeno: number, blob: Uint8Array): void => {
    nodes.set(blob, made * nodeSize);
    nodenos[made++] = nodeno;
  };
  const leaf = new Uint32Array(cells.length);
  const writer = leafWriter(node, nodeSize, cells.length, ROUNDINGS[layout.rounding], {
    leafOf: leaf,
    byLat: true,
  });
  const { mcc, mnc, cellid, lon, lat, radio } = cells;
  for (const i of order) {
    writer.push(lon[i]!, lat[i]!, idHi(radio[i]!, mcc[i]!, mnc[i]!, cellid[i]!), cellid[i]! >>> 0, i);
  }
  const { leaves } = writer.end();
  writeUpper(node, (nodeno, up) => parents.push(nodeno, up), nodeSize, leaves);
  if (made !== count) throw new Error(`cells_box: ${made} nodes made, ${count} planned`);
  return { nodes, nodenos, parents: Uint32Array.from(parents), leaf };
}

/**
 * The nodes of a packed tree of `entries`: full leaves, then a level of full nodes above each, to the root (none
 * for no entries: an empty tree is its empty root, which the load writes itself).
 */
export function nodeCount(entries: number, capacity: number): number {
  let level = Math.ceil(entries / capacity);
  let count = level;
  while (level > 1) {
    level = Math.ceil(level / capacity);
    count += level;
  }
  return count;
}

/**
 * The cells slice by slice (STR's vertical slices of `perSlice` cells by lon), each slice's by lat: two radix
 * orders of the whole, by lon to say each cell's slice and by lat to lay each slice out, where sorting each slice
 * by itself (a native sort and a binary search a cell) took twice as long. Each by the nearest float32 (the tree's
 * boxes are float32): two radix passes, not a double's four (10,000,000 cells: half the plan's time). Cells on the
 * same float32 lon or lat stay in key order: any order of them packs a tree that answers the same.
 */
function sliceOrder(cells: BoxCells, perSlice: number): Uint32Array {
  const n = cells.length;
  const slice = new Uint32Array(n);
  const byLon = orderByFloat32(cells.lon.subarray(0, n));
  for (let k = 0; k < n; k++) slice[byLon[k]!] = Math.floor(k / perSlice);
  const next = new Uint32Array(Math.ceil(n / perSlice));
  for (let s = 0; s < next.length; s++) next[s] = s * perSlice;
  const order = byLon; // free again: reused
  for (const i of orderByFloat32(cells.lat.subarray(0, n))) order[next[slice[i]!]!++] = i;
  return order;
}

/** Rows of `cells_box_rowid` bound per statement. */
const ROWIDS_PER_STATEMENT = 64;

/** The cells in the id's order (boxId: the radio first, then the key): key order, a stable pass by radio. */
function idOrder(cells: BoxCells): Uint32Array {
  const start = new Uint32Array(9);
  for (let i = 0; i < cells.length; i++) start[(cells.radio[i]! & 7) + 1]!++;
  for (let radio = 0; radio < 8; radio++) start[radio + 1]! += start[radio]!;
  const order = new Uint32Array(cells.length);
  for (let i = 0; i < cells.length; i++) order[start[cells.radio[i]! & 7]!++] = i;
  return order;
}

/**
 * `cells_box_rowid` (id → leaf) from the cells in memory and the leaf each went to, in the id's order, so that
 * SQLite appends every row; three values a row, passed as arguments (see batch-writer.ts). Measured on 2,900,000
 * cells: 0.77 s of CPU, against 0.95 s binding the id's five parts and 1.3 s for one INSERT ... SELECT over the
 * table in key order with the leaf from a function.
 */
function writeRowids(db: Db, cells: BoxCells, leaf: Uint32Array): void {
  // The id in two halves (a double holds 53 bits of its 59); the leaf binds as REAL, which the column without a
  // type would keep, so `| 0` makes both integers, as rtree's own writes are.
  const row = '((? << 32) | ?, ? | 0)';
  const sql = (rows: number) =>
    `INSERT INTO cells_box_rowid VALUES ${Array.from({ length: rows }, () => row).join(', ')}`;
  const many = db.prepare(sql(ROWIDS_PER_STATEMENT));
  const one = db.prepare(sql(1));
  const params = new Array<number>(ROWIDS_PER_STATEMENT * 3).fill(0);
  const { radio, mcc, mnc, cellid } = cells;
  let p = 0;
  for (const i of idOrder(cells)) {
    params[p++] = idHi(radio[i]!, mcc[i]!, mnc[i]!, cellid[i]!);
    params[p++] = cellid[i]! >>> 0;
    params[p++] = leaf[i]!;
    if (p === params.length) {
      many.run(...params);
      p = 0;
    }
  }
  for (let at = 0; at < p; at += 3) one.run(...params.slice(at, at + 3));
}

/**
 * Loads `cells_box` as loadCellsBox does, from `cells`: every positioned cell of the table, in memory, in key order
 * (an import holds them), with the plan of it made already (by another thread, say) or made here. Run it inside
 * a transaction.
 */
export function loadCellsBoxFrom(db: Db, cells: BoxCells, made?: BoxPlan): void {
  const layout = boxLayout(db);
  const plan = made ?? planCellsBox(cells, layout);
  reload(db, layout, cells.length, (write) => {
    const { nodeSize } = layout;
    plan.nodenos.forEach((nodeno, k) =>
      write.node(nodeno, plan.nodes.subarray(k * nodeSize, (k + 1) * nodeSize)),
    );
    writeRowids(db, cells, plan.leaf);
    for (let k = 0; k < plan.parents.length; k += 2) write.parent(plan.parents[k]!, plan.parents[k + 1]!);
  });
}
