import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newBatch, type RowBatch } from './batch-reader';
import { finalCells, mergeHeld, type HeldCells } from './final-cells';
import { keyOrder, sortRows } from './write-order';

interface Row {
  mcc: number;
  mnc: number;
  cellid: number;
  samples: number;
}

function batch(rows: Row[]): RowBatch {
  const out = newBatch(rows.length);
  rows.forEach((row, i) => {
    out.key[i] = row.mcc * 1000 + row.mnc;
    out.cellid[i] = row.cellid;
    out.samples[i] = row.samples;
    out.lat[i] = i / 1000;
    out.lon[i] = -i / 1000;
    out.radio[i] = i % 5;
  });
  out.length = rows.length;
  return out;
}

const row = fc.record({
  mcc: fc.oneof(fc.constantFrom(0, 244, 999), fc.integer({ min: 0, max: 999 })),
  mnc: fc.oneof(fc.constantFrom(0, 1, 999), fc.integer({ min: 0, max: 999 })),
  cellid: fc.oneof(
    fc.constantFrom(0, 1, 65535, 65536, 2 ** 32 - 1, 2 ** 32, 2 ** 36 - 1),
    fc.integer({ min: 0, max: 2 ** 36 - 1 }),
    fc.integer({ min: 0, max: 20 }),
  ),
  samples: fc.integer({ min: 0, max: 5 }),
});
// Many rows of few cells, so that cells repeat.
const rows = fc.array(row, { maxLength: 300 }).chain((distinct) =>
  fc.array(
    fc.nat({ max: Math.max(0, distinct.length - 1) }).map((i) => distinct[i]),
    { maxLength: distinct.length === 0 ? 0 : 600 },
  ),
);

describe('the order rows are written in', () => {
  it('is key order (mcc, mnc, cellid), a cell’s rows in file order: a comparator sort’s', () => {
    fc.assert(
      fc.property(rows, (list) => {
        const all = list.filter((r): r is Row => r !== undefined);
        const expected = all
          .map((r, i) => i)
          .sort((a, b) => {
            const [x, y] = [all[a]!, all[b]!];
            return x.mcc - y.mcc || x.mnc - y.mnc || x.cellid - y.cellid || a - b;
          });
        expect(Array.from(keyOrder(batch(all)))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps of each cell the rows that have more samples than every earlier one, and nothing else', () => {
    fc.assert(
      fc.property(rows, (list) => {
        const all = list.filter((r): r is Row => r !== undefined);
        const sorted = batch(all);
        sortRows(sorted);
        // Each row's lat is its line's number (batch()).
        const kept = Array.from(sorted.lat.subarray(0, sorted.length), (lat) => Math.round(lat * 1000));
        const best = new Map<string, number>();
        const expected: number[] = [];
        all.forEach((r, i) => {
          const key = `${r.mcc}/${r.mnc}/${r.cellid}`;
          if (r.samples > (best.get(key) ?? -1)) {
            best.set(key, r.samples);
            expected.push(i);
          }
        });
        expect(kept.slice().sort((a, b) => a - b)).toEqual(expected);
        expect(kept).toEqual(Array.from(keyOrder(batch(all))).filter((i) => expected.includes(i)));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves in the index what an upsert per row leaves in the table', () => {
    fc.assert(
      fc.property(rows, fc.array(fc.nat(5)), fc.array(row, { maxLength: 20 }), (list, samples, others) => {
        const all = list.filter((r): r is Row => r !== undefined);
        // The table before: some of the file's cells (with other samples) and others.
        const before = [...all.filter((_, i) => i % 3 === 0), ...others].map((r, i) => ({
          ...r,
          samples: samples[i] ?? r.samples,
        }));
        // The table before: a cell at most once, one without a position.
        const table = new Map<string, { r: Row; lat: number; lon: number; radio: number }>();
        for (const r of before) table.set(`${r.mcc}/${r.mnc}/${r.cellid}`, { r, lat: 1, lon: 2, radio: 3 });
        const heldRows = [...table.values()].sort(
          (a, b) => a.r.mcc - b.r.mcc || a.r.mnc - b.r.mnc || a.r.cellid - b.r.cellid,
        );
        const held: HeldCells = {
          length: heldRows.length,
          mcc: Uint16Array.from(heldRows, (h) => h.r.mcc),
          mnc: Uint16Array.from(heldRows, (h) => h.r.mnc),
          cellid: Float64Array.from(heldRows, (h) => h.r.cellid),
          samples: Float64Array.from(heldRows, (h) => h.r.samples),
          lat: Float64Array.from(heldRows, (h, i) => (i === 0 ? NaN : h.lat)),
          lon: Float64Array.from(heldRows, (h, i) => (i === 0 ? NaN : h.lon)),
          radio: Uint8Array.from(heldRows, (h) => h.radio),
        };
        const rowsIn = batch(all);
        const written = batch(all);
        sortRows(written);
        const { positioned: cells, count } = finalCells(held, written);
        // The upserts one by one, in file order.
        const after = new Map(
          heldRows.map((h, i) => [
            `${h.r.mcc}/${h.r.mnc}/${h.r.cellid}`,
            { ...h, lat: i === 0 ? NaN : h.lat, lon: i === 0 ? NaN : h.lon },
          ]),
        );
        all.forEach((r, i) => {
          const key = `${r.mcc}/${r.mnc}/${r.cellid}`;
          const stored = after.get(key);
          if (stored === undefined || r.samples > stored.r.samples)
            after.set(key, { r, lat: rowsIn.lat[i]!, lon: rowsIn.lon[i]!, radio: rowsIn.radio[i]! });
        });
        const expected = [...after.values()]
          .filter((c) => !Number.isNaN(c.lat))
          .sort((a, b) => a.r.mcc - b.r.mcc || a.r.mnc - b.r.mnc || a.r.cellid - b.r.cellid)
          .map((c) => [c.r.mcc, c.r.mnc, c.r.cellid, c.lon, c.lat, c.radio]);
        const got = Array.from({ length: cells.length }, (_, i) => [
          cells.mcc[i],
          cells.mnc[i],
          cells.cellid[i],
          cells.lon[i],
          cells.lat[i],
          cells.radio[i],
        ]);
        expect(got).toEqual(expected);
        expect(count).toBe(after.size);
      }),
      { numRuns: 300 },
    );
  });
  it('carries the cells from one run to the next as the table holds them: two runs leave what one of both leaves', () => {
    /** Rows [from, to) of a batch, their positions kept. */
    const slice = (all: RowBatch, from: number, to: number): RowBatch => {
      const out = newBatch(to - from);
      for (const column of ['key', 'cellid', 'samples', 'lat', 'lon', 'radio'] as const)
        out[column].set(all[column].subarray(from, to));
      out.length = to - from;
      return out;
    };
    const none: HeldCells = {
      length: 0,
      mcc: new Uint16Array(0),
      mnc: new Uint16Array(0),
      cellid: new Float64Array(0),
      samples: new Float64Array(0),
      lat: new Float64Array(0),
      lon: new Float64Array(0),
      radio: new Uint8Array(0),
    };
    fc.assert(
      fc.property(rows, rows, fc.nat(), (tableRows, list, cut) => {
        const table = batch(tableRows.filter((r): r is Row => r !== undefined));
        sortRows(table);
        const held = mergeHeld(none, table);
        // Some of the table's cells have no position: kept, counted, not in the index.
        for (let i = 0; i < held.length; i += 3) held.lat[i] = NaN;
        const all = batch(list.filter((r): r is Row => r !== undefined));
        const at = all.length === 0 ? 0 : cut % (all.length + 1);
        const [first, second] = [slice(all, 0, at), slice(all, at, all.length)];
        sortRows(first);
        sortRows(second);
        sortRows(all);
        // The cells, not the arrays' spare room.
        const used = ({ positioned: p, count }: ReturnType<typeof finalCells>) => ({
          count,
          cells: [p.mcc, p.mnc, p.cellid, p.lon, p.lat, p.radio].map((a) =>
            Array.from(a.subarray(0, p.length)),
          ),
        });
        // Copies: a merge with room writes in the arrays it is given.
        const copy = (h: HeldCells): HeldCells => ({
          length: h.length,
          mcc: h.mcc.slice(),
          mnc: h.mnc.slice(),
          cellid: h.cellid.slice(),
          samples: h.samples.slice(),
          lat: h.lat.slice(),
          lon: h.lon.slice(),
          radio: h.radio.slice(),
        });
        const once = used(finalCells(copy(held), all));
        expect(used(finalCells(mergeHeld(copy(held), first), second))).toEqual(once);
        // With room for the second run, the merges are made in place, the last in the arrays of the first.
        const roomy = mergeHeld(copy(held), first, second.length);
        const final = finalCells(roomy, second);
        expect(used(final)).toEqual(once);
        if (roomy.mcc.length >= final.count) expect(final.positioned.mcc).toBe(roomy.mcc);
      }),
      { numRuns: 300 },
    );
  });
});
