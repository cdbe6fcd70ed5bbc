import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from '../store/sqlite/driver';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateOpenCellId, type GenerateStats } from '../../../bench/generate-opencellid';
import { openDemoStore } from './demo-data';
import { parseImportArgs, runImportCommand } from './import-command';
import { tempDir } from '../testing/temp-dir';

const dir = tempDir('import-command');

function capture(): { io: Parameters<typeof runImportCommand>[1]; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    io: {
      stdout: { write: (t: string) => (out += t) },
      stderr: { write: (t: string) => (err += t) },
      isTTY: false,
    },
    out: () => out,
    err: () => err,
  };
}

describe('parseImportArgs', () => {
  it('reads the file, --db and --batch in either spelling', () => {
    expect(parseImportArgs(['import-cells', 'x.csv.gz', '--db', 'a.db', '--batch=5000'], {})).toEqual({
      ok: true,
      args: { input: 'x.csv.gz', target: { file: 'a.db' }, batchSize: 5000 },
    });
    expect(parseImportArgs(['x.csv'], { POSITIONING_DB: 'env.db' })).toMatchObject({
      args: { target: { file: 'env.db' } },
    });
  });

  it.each([
    [[], /file to import is missing/],
    [['a', 'b'], /one input file only/],
    [['a', '--db'], /--db needs a value/],
    [['a', '--batch', '10'], /--batch must be/],
    [['a', '--batch', 'lots'], /--batch must be/],
    [['a', '--fast'], /unknown option --fast/],
  ])('refuses %j', (argv, message) => {
    const parsed = parseImportArgs(argv, {});
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });
});

describe('runImportCommand', () => {
  it('answers 2 with the usage on bad arguments and 1 on a missing file', async () => {
    const bad = capture();
    expect(await runImportCommand(['import-cells'], bad.io, {})).toBe(2);
    expect(bad.err()).toMatch(/missing[\s\S]*Usage: import-cells FILE/);
    const missing = capture();
    expect(await runImportCommand(['import-cells', join(dir, 'nope.csv')], missing.io, {})).toBe(1);
    expect(missing.err()).toMatch(/cannot read/);
  });

  it('imports and prints the report', async () => {
    const input = join(dir, 'one.csv');
    writeFileSync(input, 'LTE,244,91,1,5,0,23.761,61.4978,1,1,1,1,1,0\nbad\n');
    const run = capture();
    expect(await runImportCommand(['import-cells', input, '--db', join(dir, 'one.db')], run.io, {})).toBe(0);
    expect(run.out()).toMatch(/new cells +1\n/);
    expect(run.out()).toMatch(/line 2: not 10 to 14 comma-separated fields: bad/);
  });
});

describe('an import with no valid row', () => {
  it('fails (exit 1) when there were rows and none could be read, and says so', async () => {
    const input = join(dir, 'random.bin');
    writeFileSync(input, randomBytes(256 * 1024));
    const run = capture();
    expect(await runImportCommand(['import-cells', input, '--db', join(dir, 'random.db')], run.io, {})).toBe(
      1,
    );
    expect(run.out()).not.toContain('Import finished');
    expect(run.out()).toMatch(/^Nothing imported: none of the [\d,]+ rows is a valid OpenCelliD row\.$/m);
    expect(run.err()).toMatch(/^import-cells: nothing imported from .*random\.bin: no valid row$/m);
  });

  it('succeeds on a file with no rows, and on a re-import that changes nothing', async () => {
    const empty = join(dir, 'header-only.csv');
    writeFileSync(
      empty,
      'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal\n',
    );
    const db = join(dir, 'twice.db');
    expect(await runImportCommand(['import-cells', empty, '--db', db], capture().io, {})).toBe(0);
    const input = join(dir, 'twice.csv');
    writeFileSync(input, 'LTE,244,91,1,5,0,23.761,61.4978,1,1,1,1,1,0\n');
    expect(await runImportCommand(['import-cells', input, '--db', db], capture().io, {})).toBe(0);
    expect(await runImportCommand(['import-cells', input, '--db', db], capture().io, {})).toBe(0);
  });
});

describe('an interrupted import', () => {
  const input = join(dir, 'big.csv');
  let stats: GenerateStats;
  beforeAll(async () => {
    // Large enough that the import is still running when the signal comes, even right after its first batch.
    stats = await generateOpenCellId({ out: input, rows: 250_000, seed: 3 });
  }, 60_000);

  function start(db: string): {
    done: Promise<{ code: number | null; signal: string | null; out: string }>;
    kill: (s: NodeJS.Signals) => void;
    running: () => boolean;
    out: () => string;
  } {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli.ts', 'import-cells', input, '--db', db, '--batch', '2000'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    return {
      done: new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal, out }))),
      kill: (signal) => child.kill(signal),
      running: () => child.exitCode === null && child.signalCode === null,
      out: () => out,
    };
  }

  /**
   * Returns once the import has written a batch and has more to write, with its process stopped (SIGSTOP) right
   * there: a signal the test sends next arrives while the import is under way, however busy the machine, and
   * takes effect on SIGCONT. Each look at the database stops the import first, so that what it sees is still
   * so when the test acts. Waits by the clock, not by a count of looks: on a loaded machine the child's start
   * (tsx) alone can take seconds.
   */
  async function stoppedMidImport(child: ReturnType<typeof start>, db: string): Promise<void> {
    const deadline = Date.now() + 90_000;
    let seen = 'no database yet';
    while (Date.now() < deadline) {
      if (!child.running()) throw new Error(`the import ended before the test saw a batch: ${child.out()}`);
      if (existsSync(db)) {
        child.kill('SIGSTOP');
        const cells = cellsOrWhyNot(db);
        seen = typeof cells === 'number' ? `${cells} cells` : cells;
        if (typeof cells === 'number' && cells >= stats.distinct) {
          child.kill('SIGKILL');
          throw new Error(`the import had written all ${cells} cells when the test first saw any`);
        }
        if (typeof cells === 'number' && cells > 0) return;
        child.kill('SIGCONT');
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`the import never wrote a batch (last seen: ${seen})`);
  }

  /** The cells written so far, or why they cannot be read yet (the schema may not be there). */
  function cellsOrWhyNot(db: string): number | string {
    try {
      return count(db);
    } catch (error) {
      if (error instanceof Database.SqliteError) return error.message;
      throw error;
    }
  }

  /** Cells in the database, read without waiting on the import's locks (it may be stopped holding one). */
  function count(db: string): number {
    const conn = new Database(db, { readonly: true, fileMustExist: true, timeout: 0 });
    try {
      return (conn.prepare('SELECT count(*) AS n FROM cells').get() as { n: number }).n;
    } finally {
      conn.close();
    }
  }

  /** The cells-in-view index as the service reads it: rtreecheck, its entries, the cells the counts hold. */
  function wholeIndex(db: string): { check: string; indexed: number; counted: number } {
    const conn = new Database(db, { readonly: true });
    try {
      const one = (sql: string) => (conn.prepare(sql).get() as { n: number | string }).n;
      return {
        check: String(one("SELECT rtreecheck('cells_box') AS n")),
        indexed: Number(one('SELECT count(*) AS n FROM cells_box')),
        counted: Number(
          one(
            'SELECT coalesce(sum(n), 0) AS n FROM cell_counts WHERE zoom = (SELECT min(zoom) FROM cell_counts)',
          ),
        ),
      };
    } finally {
      conn.close();
    }
  }

  function check(db: string): { integrity: string; cells: number; distinct: number; positioned: number } {
    const conn = new Database(db);
    try {
      return {
        integrity: conn.pragma('integrity_check', { simple: true }) as string,
        cells: (conn.prepare('SELECT count(*) AS n FROM cells').get() as { n: number }).n,
        distinct: (
          conn.prepare('SELECT count(*) AS n FROM (SELECT DISTINCT mcc, mnc, cellid FROM cells)').get() as {
            n: number;
          }
        ).n,
        positioned: (
          conn.prepare('SELECT count(*) AS n FROM cells WHERE lat IS NOT NULL AND lon IS NOT NULL').get() as {
            n: number;
          }
        ).n,
      };
    } finally {
      conn.close();
    }
  }

  it('after kill -9 leaves a sound database, and a re-run completes it without duplicates', async () => {
    const db = join(dir, 'killed.db');
    const first = start(db);
    await stoppedMidImport(first, db);
    first.kill('SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');
    const after = check(db);
    expect(after.integrity).toBe('ok');
    expect(after.cells).toBeGreaterThan(0);
    expect(after.cells).toBeLessThan(stats.distinct);
    // The service starts on it with the index and the counts whole (it rebuilds them if the import paused them).
    openDemoStore(db).close();
    expect(wholeIndex(db)).toEqual({ check: 'ok', indexed: after.positioned, counted: after.positioned });

    const second = await start(db).done;
    expect(second.code, second.out).toBe(0);
    expect(check(db)).toMatchObject({ integrity: 'ok', cells: stats.distinct, distinct: stats.distinct });
  }, 180_000);

  it('on SIGINT saves the batch in hand, prints the partial report and exits 130', async () => {
    const db = join(dir, 'sigint.db');
    const first = start(db);
    await stoppedMidImport(first, db);
    first.kill('SIGINT');
    first.kill('SIGCONT');
    const result = await first.done;
    expect(result.code, result.out).toBe(130);
    expect(result.out).toMatch(/Import interrupted/);
    expect(check(db).integrity).toBe('ok');
    expect((await start(db).done).code).toBe(0);
    expect(check(db)).toMatchObject({ integrity: 'ok', cells: stats.distinct, distinct: stats.distinct });
  }, 180_000);
});
