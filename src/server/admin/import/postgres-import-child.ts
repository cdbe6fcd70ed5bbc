// For postgres-import.test.ts: an import into DATABASE (argv[2]) of FILE (argv[3]) that says "streaming" once its
// first rows are on their way, so the test can kill it mid-import.
import { createPool } from '../../store/postgres/pool';
import { importCellsToPostgres } from './postgres-import';

const [url, file] = process.argv.slice(2);
const pool = createPool(url ?? '', { size: 1 });
let said = false;
await importCellsToPostgres({
  pool,
  input: file ?? '',
  onProgress: (state) => {
    if (!said && state.rows > 0) {
      said = true;
      process.stdout.write('streaming\n');
    }
  },
});
await pool.end();
