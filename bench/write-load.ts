/**
 * One writer, as the admin command line writes: a cell replaced per transaction (the store's own addCell), as
 * fast as it goes, for a number of seconds. The file is opened as the service and the admin command line open it:
 * WAL, and synchronous NORMAL, better-sqlite3's default in WAL mode (a commit survives a crash of the process; a
 * power cut may lose the commits since the last checkpoint). Prints `{"commits":N,"seconds":S}`. Run by
 * bench/writes.ts in a process of its own, beside the service.
 * Usage: npx tsx bench/write-load.ts FILE SECONDS CELLS
 */
import { openStore } from '../src/server/store/sqlite/open';
import { syntheticCellId } from './generate-cells';

const [file = '', seconds = '10', cells = '100000'] = process.argv.slice(2);
const count = Number(cells);
const store = openStore(file);
const until = Date.now() + Number(seconds) * 1000;
const started = process.hrtime.bigint();
let commits = 0;
while (Date.now() < until) {
  const i = Math.floor(Math.random() * count);
  const { mcc, mnc, cellid } = syntheticCellId(i, count);
  store.addCell({
    mcc,
    mnc,
    cellid,
    lac: 1,
    lat: 60 + Math.random(),
    lon: 24 + Math.random(),
    name: `Moved #${i}`,
  });
  commits++;
}
const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
store.close();
console.log(JSON.stringify({ commits, seconds: elapsed }));
