import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStandIns, type StandIns } from '../../../scripts/stand-in-sources';
import { BROKEN_MCC, OPENCELLID_KEY, RATE_LIMITED_MCC } from '../../../scripts/stand-ins/opencellid';
import { openStore } from '../store/sqlite/open';
import Database from '../store/sqlite/driver';
import { runDownloadCommand } from './download-command';
import { tempDir } from '../testing/temp-dir';

/* download-opencellid against the OpenCelliD stand-in: gzip exports with and without a header line, the error
   bodies the endpoint sends with HTTP 200, an export that breaks off, a missing file. */
let standIns: StandIns;
const dir = tempDir('download');
beforeAll(async () => {
  standIns = await startStandIns();
});
afterAll(() => standIns.close());

let dbs = 0;
function startDownload(args: string[], env: Record<string, string> = {}) {
  const db = join(dir, `download-${++dbs}.db`);
  let stdout = '';
  let stderr = '';
  const done = runDownloadCommand(
    ['download-opencellid', ...args, '--db', db],
    {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      isTTY: false,
    },
    { OPENCELLID_URL: standIns.openCellidUrl, OPENCELLID_KEY, ...env },
  ).then((code) => ({ code, stdout, stderr, db }));
  return { db, done };
}
const download = (args: string[], env: Record<string, string> = {}) => startDownload(args, env).done;

/** Cells written so far, read beside the import that writes them. */
function cellsWritten(db: string): number {
  if (!existsSync(db)) return 0;
  const conn = new Database(db, { readonly: true, fileMustExist: true });
  try {
    return (conn.prepare('SELECT count(*) AS n FROM cells').get() as { n: number }).n;
  } finally {
    conn.close();
  }
}

function cellsIn(db: string) {
  const store = openStore(db);
  try {
    return { count: store.counts().cells, helsinki: store.getCell({ mcc: 244, mnc: 91, cellid: 20500001 }) };
  } finally {
    store.close();
  }
}

describe('download-opencellid', () => {
  it('streams each country into the import, with or without the header line, keeping the facts', async () => {
    const { code, stdout, stderr, db } = await download(['244', '248']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toContain('Downloading OpenCelliD 244.csv.gz into');
    expect(stdout).toContain('file            OpenCelliD 244.csv.gz (gzip), with header');
    expect(stdout).toMatch(/file {12}OpenCelliD 248\.csv\.gz \(gzip\)\n/);
    expect(stdout).toContain('Import finished.');
    expect(stdout).not.toContain(OPENCELLID_KEY);
    const { count, helsinki } = cellsIn(db);
    expect(count).toBe(6);
    expect(helsinki).toMatchObject({
      lat: 60.1699,
      lon: 24.9384,
      lac: 6001,
      name: 'Helsinki',
      samples: 37,
      range: 1200,
      radio: 'LTE',
      updated: 1700000000,
      source: 'opencellid',
    });
    const asked = standIns.requests.filter((seen) => seen.url.startsWith('/opencellid/ocid/downloads'));
    expect(asked.slice(-2).map((seen) => seen.url)).toEqual([
      '/opencellid/ocid/downloads?token=•••&type=mcc&file=244.csv.gz',
      '/opencellid/ocid/downloads?token=•••&type=mcc&file=248.csv.gz',
    ]);
    expect(asked.at(-1)?.userAgent).toMatch(/^Cellpos\/\d/);
  });

  it('downloads the full export with --full', async () => {
    const { code, db } = await download(['--full']);
    expect(code).toBe(0);
    expect(cellsIn(db).count).toBe(6);
    expect(standIns.requests.at(-1)?.url).toBe(
      '/opencellid/ocid/downloads?token=•••&type=full&file=cell_towers.csv.gz',
    );
  });

  it('says plainly that OpenCelliD refused the token (INVALID_TOKEN in a 200 JSON body), importing nothing', async () => {
    const { code, stdout, stderr, db } = await download(['244'], { OPENCELLID_KEY: 'not-my-token' });
    expect(code).toBe(1);
    expect(stderr).toBe(
      'download-opencellid: OpenCelliD 244.csv.gz failed: OpenCelliD refused the token (INVALID_TOKEN): check ' +
        'OPENCELLID_KEY. Nothing of it was imported.\n',
    );
    expect(stdout).not.toContain('Import finished');
    expect(stderr).not.toContain('not-my-token');
    expect(cellsIn(db).count).toBe(0);
  });

  it('says the daily download limit is reached (RATE_LIMITED), and which countries were imported before', async () => {
    const { code, stderr, db } = await download(['244', RATE_LIMITED_MCC]);
    expect(code).toBe(1);
    expect(stderr).toContain(
      `OpenCelliD ${RATE_LIMITED_MCC}.csv.gz failed: OpenCelliD's download limit for this token is reached (RATE_LIMITED)`,
    );
    expect(stderr).toContain('Imported in full before it: OpenCelliD 244.csv.gz.');
    expect(cellsIn(db).count).toBe(4);
  });

  it('never presents an export that broke off as done: exit 1, what was kept, how to complete it', async () => {
    const started = startDownload([BROKEN_MCC, '--batch', '100']);
    // The export breaks off once the import has written some of what came before the break.
    await vi.waitFor(() => expect(cellsWritten(started.db)).toBeGreaterThan(0), { timeout: 60_000 });
    standIns.breakOffDownloads();
    const { code, stdout, stderr, db } = await started.done;
    expect(code).toBe(1);
    expect(stdout).not.toContain('Import finished');
    const written = new RegExp(
      `^download-opencellid: OpenCelliD ${BROKEN_MCC}\\.csv\\.gz failed: .+\\. (\\d+) cells were written before it ` +
        'failed and are kept, so the import is partial: run the same command again to complete it\\.\n$',
    ).exec(stderr);
    expect(written, stderr).not.toBeNull();
    expect(cellsIn(db).count).toBe(Number(written?.[1]));
    expect(cellsIn(db).count).toBeLessThan(4000);
  });

  it('names a country OpenCelliD has no export for', async () => {
    const { code, stderr } = await download(['999']);
    expect(code).toBe(1);
    expect(stderr).toContain(
      'OpenCelliD answered HTTP 404 for OpenCelliD 999.csv.gz: no such export (is the MCC right?)',
    );
  });

  it.each<[string[], Record<string, string>, string]>([
    [[], {}, 'the MCC to download is missing (or --full)'],
    [['24'], {}, 'MCC must be three digits (got "24")'],
    [['244', '--full'], {}, 'give MCCs or --full, not both'],
    [['244'], { OPENCELLID_KEY: '' }, 'OPENCELLID_KEY: required: your OpenCelliD key is the download token'],
    [['244', '--batch', '5'], {}, '--batch must be a whole number from 100 to 8000000'],
  ])('refuses %j with exit code 2 and the usage', async (args, env, message) => {
    const { code, stderr } = await download(args, env);
    expect(code).toBe(2);
    expect(stderr).toContain(`download-opencellid: ${message}`);
    expect(stderr).toContain('Usage: download-opencellid MCC');
  });
});
