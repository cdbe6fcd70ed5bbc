/**
 * Stable orders of many rows by number, as least-significant-digit radix sorts of their indices: each pass a
 * count, a prefix sum and a scatter, where a comparator sort (or a binary search per row) walks memory at random
 * once per comparison.
 */

/** One pass: `from` into `to` by each row's 16-bit digit (at most `buckets`), stable; false when all share one. */
export function radixPass(
  digits: Uint16Array,
  buckets: number,
  from: Uint32Array,
  to: Uint32Array,
  n: number,
): boolean {
  const start = new Uint32Array(buckets + 1);
  for (let k = 0; k < n; k++) start[digits[from[k]!]! + 1]!++;
  // A digit every row shares orders nothing: the pass is skipped.
  for (let d = 1; d <= buckets; d++) if (start[d] === n) return false;
  for (let d = 0; d < buckets; d++) start[d + 1]! += start[d]!;
  for (let k = 0; k < n; k++) {
    const i = from[k]!;
    to[start[digits[i]!]!++] = i;
  }
  return true;
}

/** Whether this machine stores a double's low word first (x86, ARM as Node runs on them). */
const LITTLE = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * The indices of `values` (no NaN) in ascending order, equal values in index order: its 64 bits made to compare
 * as unsigned integers (the sign flipped, a negative's bits inverted), sorted 16 bits a pass.
 */
export function orderByDouble(values: Float64Array): Uint32Array {
  const n = values.length;
  // The doubles' own bytes, read as words (a Float64Array's offset is a multiple of 8): no copy.
  const words = new Uint32Array(values.buffer, values.byteOffset, n * 2);
  const [lowAt, highAt] = LITTLE ? [0, 1] : [1, 0];
  const high = new Uint32Array(n);
  const low = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const h = words[2 * i + highAt]!;
    const l = words[2 * i + lowAt]!;
    const negative = h >>> 31 === 1;
    high[i] = negative ? ~h >>> 0 : (h | 0x80000000) >>> 0;
    low[i] = negative ? ~l >>> 0 : l;
  }
  let from = new Uint32Array(n);
  let to = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  const digits = new Uint16Array(n);
  for (const [word, shift] of [
    [low, 0],
    [low, 16],
    [high, 0],
    [high, 16],
  ] as const) {
    for (let i = 0; i < n; i++) digits[i] = (word[i]! >>> shift) & 0xffff;
    if (radixPass(digits, 65536, from, to, n)) [from, to] = [to, from];
  }
  return from;
}

/**
 * The indices of `values` (no NaN) in the order of their nearest float32 (Math.fround), equal ones in index order:
 * two passes of 16 bits where orderByDouble takes four, for an order a float32's precision is enough for (the
 * cells-in-view index stores float32 boxes: the nearest float32 never orders two values the other way round).
 */
export function orderByFloat32(values: Float64Array): Uint32Array {
  const n = values.length;
  const single = new Float32Array(1);
  const bits = new Uint32Array(single.buffer);
  const key = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    single[0] = values[i]!;
    const b = bits[0]!;
    // A negative's bits inverted, a positive's sign bit set: the words then compare as unsigned integers.
    key[i] = b >>> 31 === 1 ? ~b >>> 0 : (b | 0x80000000) >>> 0;
  }
  let from = new Uint32Array(n);
  let to = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  const digits = new Uint16Array(n);
  for (const shift of [0, 16]) {
    for (let i = 0; i < n; i++) digits[i] = (key[i]! >>> shift) & 0xffff;
    if (radixPass(digits, 65536, from, to, n)) [from, to] = [to, from];
  }
  return from;
}
