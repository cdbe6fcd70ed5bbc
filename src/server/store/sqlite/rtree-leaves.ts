import {
  newBoxes,
  nodeBlob,
  nodeCapacity,
  pushBox,
  strOrder,
  tiling,
  type Boxes,
  type Rounding,
} from './rtree-pack';

/** (value, then, hi, lo) keys in ascending order. */
interface Keys {
  length: number;
  value: Float64Array;
  then: Float64Array;
  hi: Uint32Array;
  lo: Uint32Array;
}

/** Where each cell went: the first key of each slice (lon, id) and of each leaf in it (lat, lon, id). */
export interface LeafIndex {
  sliceKeys: Keys;
  /** The first leaf of each slice, and the leaf count after the last. */
  sliceFirstLeaf: number[];
  leafKeys: Keys;
  leafNode: (leaf: number) => number;
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

/** The leaf a cell went to, found again from its keys the way the leaf writer placed it. */
export function leafOf(index: LeafIndex, lon: number, lat: number, hi: number, lo: number): number {
  const { sliceKeys, sliceFirstLeaf, leafKeys } = index;
  const slice = lastNotAbove(sliceKeys, 0, sliceKeys.length, [lon, 0, hi, lo]);
  const leaf = lastNotAbove(leafKeys, sliceFirstLeaf[slice]!, sliceFirstLeaf[slice + 1]!, [lat, lon, hi, lo]);
  return index.leafNode(leaf);
}

/**
 * The entries in order of `values`, entries of equal values in the order they came: each entry placed after those
 * of its value already placed, at the start of its value's run in a native sort of the values (a comparator sort
 * over the whole table took four times as long).
 */
export function stableOrderBy(values: Float64Array, order: Uint32Array): Uint32Array {
  const sorted = Float64Array.from(values).sort();
  const placed = new Uint32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    let low = 0;
    let high = sorted.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sorted[mid]! < values[i]!) low = mid + 1;
      else high = mid;
    }
    order[low + placed[low]!++] = i;
  }
  return order;
}

/** Where a node's blob goes: cells_box_node, or a plan of the tree made away from the database. */
export type NodeSink = (nodeno: number, blob: Uint8Array) => void;

/** Takes cells in (lon, id) order; writes the leaves. */
export interface LeafWriter {
  /** `ref` is where the cell's leaf goes in `leafOf`, when given. */
  push(lon: number, lat: number, hi: number, lo: number, ref: number): void;
  /** Writes the last slice; returns the leaves' boxes and where each cell went. */
  end(): { leaves: Boxes; index: LeafIndex };
}

/**
 * The leaves, written slice by slice as the cells come in (lon, id) order (so memory holds one slice, not the
 * table), each slice ordered by lat in memory and cut into full leaves; or, `byLat`, each slice's cells come in
 * lat order already. `leafOf[ref]`, when given, is set to each cell's leaf.
 */
export function leafWriter(
  writeNode: NodeSink,
  nodeSize: number,
  entries: number,
  { down, up }: Rounding,
  { leafOf, byLat = false }: { leafOf?: Uint32Array; byLat?: boolean } = {},
): LeafWriter {
  const capacity = nodeCapacity(nodeSize);
  const leafCount = Math.max(1, Math.ceil(entries / capacity));
  const { slices, perSlice } = tiling(entries, capacity);
  const leafNode = (leaf: number): number => (leafCount === 1 ? 1 : leaf + 2);
  const leaves = newBoxes(leafCount);
  const index: LeafIndex = {
    sliceKeys: newKeys(slices),
    sliceFirstLeaf: [],
    leafKeys: newKeys(leafCount),
    leafNode,
  };
  const size = Math.min(perSlice, Math.max(entries, 1));
  const lons = new Float64Array(size);
  const lats = new Float64Array(size);
  const refs = new Uint32Array(size);
  const boxes = newBoxes(size);
  const order = new Uint32Array(size);
  if (byLat) for (let i = 0; i < size; i++) order[i] = i;

  const flush = (): void => {
    const n = boxes.length;
    pushKey(index.sliceKeys, lons[0]!, 0, boxes.hi[0]!, boxes.lo[0]!);
    index.sliceFirstLeaf.push(leaves.length);
    const sorted = byLat ? order.subarray(0, n) : stableOrderBy(lats.subarray(0, n), order.subarray(0, n));
    for (let from = 0; from < n; from += capacity) {
      const to = Math.min(n, from + capacity);
      const first = sorted[from]!;
      pushKey(index.leafKeys, lats[first]!, lons[first]!, boxes.hi[first]!, boxes.lo[first]!);
      const nodeno = leafNode(leaves.length);
      const { blob, box } = nodeBlob(nodeSize, boxes, sorted, from, to);
      writeNode(nodeno, blob);
      pushBox(leaves, nodeno, box);
      if (leafOf !== undefined) for (let k = from; k < to; k++) leafOf[refs[sorted[k]!]!] = nodeno;
    }
    boxes.length = 0;
  };

  return {
    push(lon, lat, hi, lo, ref) {
      const i = boxes.length++;
      lons[i] = lon;
      lats[i] = lat;
      refs[i] = ref;
      boxes.hi[i] = hi;
      boxes.lo[i] = lo;
      boxes.minX[i] = down(lon);
      boxes.maxX[i] = up(lon);
      boxes.minY[i] = down(lat);
      boxes.maxY[i] = up(lat);
      if (boxes.length === perSlice) flush();
    },
    end() {
      if (boxes.length > 0) flush();
      index.sliceFirstLeaf.push(leaves.length);
      return { leaves, index };
    },
  };
}

/**
 * The levels above the leaves, STR-packed in memory (one entry per node below), the root last as node 1; each
 * node's parent to `writeParent`, but the root's.
 */
export function writeUpper(
  writeNode: NodeSink,
  writeParent: (nodeno: number, parent: number) => void,
  nodeSize: number,
  leaves: Boxes,
): void {
  const capacity = nodeCapacity(nodeSize);
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
      writeNode(nodeno, blob);
      for (let k = from; k < to; k++) parentOf[level.lo[order[k]!]!] = nodeno;
      pushBox(above, nodeno, box);
    }
    if (root) break;
    level = above;
    depth++;
  }
  for (let nodeno = 2; nodeno < parentOf.length; nodeno++) writeParent(nodeno, parentOf[nodeno]!);
}
