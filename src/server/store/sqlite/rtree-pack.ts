/**
 * The pieces of a bottom-up (Sort-Tile-Recursive) load of a 2-D SQLite R*Tree, in the format of SQLite's
 * ext/rtree/rtree.c: a node is a blob of the tree's node size (the length of the root's blob); its first two bytes
 * hold the tree's depth on the root (0 when the root is the only leaf) and 0 elsewhere, the next two its count of
 * entries, big-endian. An entry is an 8-byte big-endian id (a row's id in a leaf, a child's node number above)
 * and, for each dimension in the table's order, a big-endian float32 minimum and maximum.
 */

/** An 8-byte id, then min and max of each of the two dimensions. */
const ENTRY_BYTES = 8 + 2 * 2 * 4;
const HEADER_BYTES = 4;

/** Entries a node of `nodeSize` bytes holds: rtree takes a node as corrupt when its count exceeds this. */
export function nodeCapacity(nodeSize: number): number {
  return Math.floor((nodeSize - HEADER_BYTES) / ENTRY_BYTES);
}

/** How an rtree stores a double as float32 bounds: `down` no greater than it, `up` no smaller. */
export interface Rounding {
  /** Which of the two (a thread is told the name). */
  name: 'tight' | 'widened';
  down(d: number): number;
  up(d: number): number;
}

const single = new Float32Array(1);
const singleBits = new Uint32Array(single.buffer);

/** The float32 next to the float32 `f`, upwards (sign 1) or downwards (-1). */
function nextFloat(f: number, sign: 1 | -1): number {
  if (f === 0) return sign * 2 ** -149;
  single[0] = f;
  singleBits[0]! += f > 0 === sign > 0 ? 1 : -1;
  return single[0]!;
}

/** SQLite 3.54 and later (better-sqlite3 13): the nearest float32 on the outer side. */
export const TIGHT: Rounding = {
  name: 'tight',
  down(d) {
    const f = Math.fround(d);
    return f > d ? nextFloat(f, -1) : f;
  },
  up(d) {
    const f = Math.fround(d);
    return f < d ? nextFloat(f, 1) : f;
  },
};

/* Older SQLite (3.53, better-sqlite3 12: the driver's Node 20 build) widens by a factor instead: rtree.c's
   RNDTOWARDS and RNDAWAY in rtreeValueDown and rtreeValueUp. */
const TOWARDS = 1 - 1 / 8388608;
const AWAY = 1 + 1 / 8388608;

export const WIDENED: Rounding = {
  name: 'widened',
  down(d) {
    const f = Math.fround(d);
    return f > d ? Math.fround(d * (d < 0 ? AWAY : TOWARDS)) : f;
  },
  up(d) {
    const f = Math.fround(d);
    return f < d ? Math.fround(d * (d < 0 ? TOWARDS : AWAY)) : f;
  },
};

export const ROUNDINGS = { tight: TIGHT, widened: WIDENED } as const;

/** What a tree's nodes are made of, as this database's rtree reads them. */
export interface BoxLayout {
  /** Bytes of a node: rtree reads it from the root's length. */
  nodeSize: number;
  rounding: Rounding['name'];
}

/** Boxes and ids of entries, column by column; float32 values held in Float64Arrays (exact). */
export interface Boxes {
  length: number;
  /** An id as two unsigned 32-bit halves (ids pass 2^53, past a JS number's integers). */
  hi: Uint32Array;
  lo: Uint32Array;
  minX: Float64Array;
  maxX: Float64Array;
  minY: Float64Array;
  maxY: Float64Array;
}

export function newBoxes(capacity: number): Boxes {
  return {
    length: 0,
    hi: new Uint32Array(capacity),
    lo: new Uint32Array(capacity),
    minX: new Float64Array(capacity),
    maxX: new Float64Array(capacity),
    minY: new Float64Array(capacity),
    maxY: new Float64Array(capacity),
  };
}

/** Appends an entry pointing at node `nodeno` with the given box. */
export function pushBox(boxes: Boxes, nodeno: number, box: readonly number[]): void {
  const i = boxes.length++;
  boxes.hi[i] = 0;
  boxes.lo[i] = nodeno;
  boxes.minX[i] = box[0]!;
  boxes.maxX[i] = box[1]!;
  boxes.minY[i] = box[2]!;
  boxes.maxY[i] = box[3]!;
}

/**
 * One node's blob from the entries `order[from, to)` of `boxes`; returns it with its bounding box
 * [minX, maxX, minY, maxY], the box its parent's entry holds.
 */
export function nodeBlob(
  nodeSize: number,
  boxes: Boxes,
  order: ArrayLike<number>,
  from: number,
  to: number,
  depth = 0,
): { blob: Buffer; box: number[] } {
  const blob = Buffer.alloc(nodeSize);
  // A DataView writes big-endian by default, and the compiler makes its writes plain stores.
  const view = new DataView(blob.buffer, blob.byteOffset, nodeSize);
  view.setUint16(0, depth);
  view.setUint16(2, to - from);
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  let at = HEADER_BYTES;
  for (let k = from; k < to; k++, at += ENTRY_BYTES) {
    const i = order[k]!;
    view.setUint32(at, boxes.hi[i]!);
    view.setUint32(at + 4, boxes.lo[i]!);
    view.setFloat32(at + 8, boxes.minX[i]!);
    view.setFloat32(at + 12, boxes.maxX[i]!);
    view.setFloat32(at + 16, boxes.minY[i]!);
    view.setFloat32(at + 20, boxes.maxY[i]!);
    minX = Math.min(minX, boxes.minX[i]!);
    maxX = Math.max(maxX, boxes.maxX[i]!);
    minY = Math.min(minY, boxes.minY[i]!);
    maxY = Math.max(maxY, boxes.maxY[i]!);
  }
  return { blob, box: [minX, maxX, minY, maxY] };
}

/** STR's tiling: how many vertical slices, and entries per slice (whole nodes, so only the last node is short). */
export function tiling(entries: number, capacity: number): { slices: number; perSlice: number } {
  const nodes = Math.max(1, Math.ceil(entries / capacity));
  const slices = Math.ceil(Math.sqrt(nodes));
  return { slices, perSlice: Math.ceil(nodes / slices) * capacity };
}

/**
 * Sort-Tile-Recursive order of a level's entries held in memory (the levels above the leaves, one entry per
 * node below): by the centre's x into slices, each slice by the centre's y; consecutive runs of `capacity`
 * entries then make the nodes.
 */
export function strOrder(boxes: Boxes, capacity: number): Uint32Array {
  const n = boxes.length;
  const cx = new Float64Array(n);
  const cy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    cx[i] = boxes.minX[i]! + boxes.maxX[i]!;
    cy[i] = boxes.minY[i]! + boxes.maxY[i]!;
  }
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => cx[a]! - cx[b]!);
  const { perSlice } = tiling(n, capacity);
  for (let from = 0; from < n; from += perSlice) {
    order.subarray(from, Math.min(n, from + perSlice)).sort((a, b) => cy[a]! - cy[b]!);
  }
  return order;
}
