/**
 * The cells-in-view index's rebuild, piece by piece, on a database an import made (issue 36): the rebuild from the
 * table (loadCellsBox: the cells read back through SQLite's sorter in lon order, then the rowids with a function per
 * cell) against the load from memory (the cells read in key order, planned, written), each in a transaction rolled
 * back, with the given page cache. Usage: npx tsx bench/index-rebuild.ts DB [cacheMiB, 8]
 */
import Database from '../src/server/store/sqlite/driver';
import { boxLayout, loadCellsBox, reload } from '../src/server/store/sqlite/cells-rtree-load';
import { loadCellsBoxFrom, type BoxCells } from '../src/server/store/sqlite/cells-rtree-plan';
import { leafWriter, writeUpper } from '../src/server/store/sqlite/rtree-leaves';
import { ROUNDINGS } from '../src/server/store/sqlite/rtree-pack';
import { loadavg } from 'node:os';
const [file, cacheMb] = [process.argv[2]!, Number(process.argv[3] ?? 8)];
const db = new Database(file);
db.pragma(`cache_size = ${-1024 * cacheMb}`);
db.pragma('synchronous = NORMAL');
const t = () => performance.now() / 1000;
const P = 'lat IS NOT NULL AND lon IS NOT NULL';
const HI = `((((coalesce(radio, 0) & 7) << 56) | (mcc << 46) | (mnc << 36) | cellid) >> 32) & 4294967295`;
const LO = `(((coalesce(radio, 0) & 7) << 56) | (mcc << 46) | (mnc << 36) | cellid) & 4294967295`;
const out: string[] = [`load ${loadavg()[0]!.toFixed(1)} cache ${cacheMb} MiB`];
const step = (name: string, from: number) => out.push(`${name} ${(t() - from).toFixed(2)} s`);
db.exec('BEGIN IMMEDIATE');
const layout = boxLayout(db);
const n = db.prepare(`SELECT count(*) FROM cells WHERE ${P}`).pluck().get() as number;
out.push(`cells ${n}`);
let s = t();
const rows = db
  .prepare(`SELECT lon, lat, ${HI} AS hi, ${LO} AS lo FROM cells WHERE ${P} ORDER BY lon, hi, lo`)
  .raw();
/** Values read: what the loops read, so that nothing reads to no purpose. */
let values = 0;
for (const r of rows.iterate()) values += (r as number[]).length;
step('table: SQLite sorter, lon order, read only', s);
s = t();
const rows2 = db.prepare(`SELECT lon, lat, ${HI}, ${LO} FROM cells WHERE ${P}`).raw();
for (const r of rows2.iterate()) values += (r as number[]).length;
step('table: key order (as stored), read only', s);
s = t();
reload(db, layout, n, (write) => {
  const w = leafWriter(write.node, layout.nodeSize, n, ROUNDINGS[layout.rounding]);
  for (const [lon, lat, hi, lo] of rows.iterate() as Iterable<number[]>) w.push(lon!, lat!, hi!, lo!, 0);
  const { leaves } = w.end();
  step('table: sorter + leaves written', s);
  s = t();
  writeUpper(write.node, write.parent, layout.nodeSize, leaves);
});
step('upper levels', s);
db.exec('ROLLBACK');
// From memory: the cells read in key order, planned and written.
db.exec('BEGIN IMMEDIATE');
s = t();
const cells: BoxCells = {
  length: 0,
  mcc: new Uint16Array(n),
  mnc: new Uint16Array(n),
  cellid: new Float64Array(n),
  lon: new Float64Array(n),
  lat: new Float64Array(n),
  radio: new Uint8Array(n),
};
for (const [mcc, mnc, cellid, lon, lat, radio] of db
  .prepare(`SELECT mcc, mnc, cellid, lon, lat, coalesce(radio, 0) FROM cells WHERE ${P}`)
  .raw()
  .iterate() as Iterable<number[]>) {
  const i = cells.length++;
  cells.mcc[i] = mcc!;
  cells.mnc[i] = mnc!;
  cells.cellid[i] = cellid!;
  cells.lon[i] = lon!;
  cells.lat[i] = lat!;
  cells.radio[i] = radio!;
}
step('memory: cells read in key order', s);
s = t();
loadCellsBoxFrom(db, cells);
step('memory: planned and written (no thread)', s);
db.exec('ROLLBACK');
db.exec('BEGIN IMMEDIATE');
s = t();
loadCellsBox(db);
step('table: whole loadCellsBox (with the rowids by a function per cell)', s);
db.exec('ROLLBACK');
out.push(`${values} values read; load ${loadavg()[0]!.toFixed(1)}`);
console.log(out.join('; '));
