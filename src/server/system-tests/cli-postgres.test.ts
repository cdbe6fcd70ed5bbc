import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIns, type StandIns } from '../../../scripts/stand-in-sources';
import { OPENCELLID_KEY } from '../../../scripts/stand-ins/opencellid';
import { run } from '../cli';
import { runDownloadCommand } from '../admin/download-command';
import { openPostgresStore } from '../store/postgres/open';
import { postgresSkipped, testDatabase } from '../testing/postgres-database';
import { tempDir } from '../testing/temp-dir';

/* Every admin command with DATABASE_URL set: what it writes is in PostgreSQL, and what it refuses is not. */
const dir = tempDir('cli-postgres');

async function cli(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function inspect<T>(
  url: string,
  read: (store: Awaited<ReturnType<typeof openPostgresStore>>) => Promise<T>,
) {
  const store = await openPostgresStore(url, { poolSize: 2 });
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

describe.skipIf(postgresSkipped)('the admin command line on PostgreSQL', () => {
  const database = testDatabase();
  let standIns: StandIns;
  beforeAll(async () => {
    standIns = await startStandIns();
  });
  afterAll(() => standIns.close());

  it('sets up a developer, keys and a user that can be located, and shows them', async () => {
    const env = { DATABASE_URL: await database.another(), POSITIONING_DEMO: 'off' };
    expect(await cli(['add-developer', 'acme'], env)).toMatchObject({
      code: 0,
      out: 'Added developer acme.',
    });
    expect(await cli(['issue-service-key', 'acme', '--key', 'acme-service'], env)).toMatchObject({
      code: 0,
      out: 'acme-service',
    });
    const user = await cli(['register-user', 'acme', '358401111111'], env);
    expect(user.out).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const userKey = user.out;
    expect((await cli(['sms-reply', userKey], env)).code).toBe(0);
    expect((await cli(['add-cell', '244', '91', '77', '0', '60.5', '25.25', 'Sipoo'], env)).code).toBe(0);
    expect((await cli(['set-cell', userKey, '244', '91', '77'], env)).code).toBe(0);
    expect(await inspect(env.DATABASE_URL, (s) => s.authenticate('acme-service', userKey))).toMatchObject({
      msisdn: '358401111111',
      smsReplied: true,
      cell: { mcc: 244, mnc: 91, cellid: 77 },
    });
    expect((await cli(['list-cells'], env)).out).toMatch(/^244\t91\t77\t0\t60\.500000\t25\.250000\tSipoo$/);
    const show = (await cli(['show'], env)).out;
    expect(show).toMatch(/^1 developers, 1 service keys, 1 users, 1 cells/);
    expect(show).toContain('acme\t358401111111');
    expect(show).not.toContain(userKey);
    expect(await cli(['issue-service-key', 'nobody'], env)).toMatchObject({
      code: 1,
      err: 'Error: no developer named "nobody"',
    });
  });

  it('adds cells from CSV in one transaction: a bad line writes none', async () => {
    const env = { DATABASE_URL: await database.another(), POSITIONING_DEMO: 'off' };
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, '244,91,3,0,60.1,24.9,Espoo\n244,91,4,0,95,24.9,Nowhere\n');
    const result = await cli(['add-cells', bad], env);
    expect(result.code).toBe(2);
    expect(result.err).toContain('line 2: LAT');
    expect(await inspect(env.DATABASE_URL, async (s) => (await s.counts()).cells)).toBe(0);
  });

  it('fills a new database with the demo data once', async () => {
    const env = { DATABASE_URL: await database.another() };
    const first = await cli(['show'], env);
    expect(first.out).toMatch(/^2 developers, 2 service keys, 3 users, \d{3} cells/);
    expect((await cli(['show'], env)).out.split('\n')[0]).toBe(first.out.split('\n')[0]);
  });

  it('downloads OpenCelliD exports into PostgreSQL', async () => {
    const url = await database.another();
    let stdout = '';
    const code = await runDownloadCommand(
      ['download-opencellid', '244'],
      { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => true }, isTTY: false },
      { OPENCELLID_URL: standIns.openCellidUrl, OPENCELLID_KEY, DATABASE_URL: url },
    );
    expect(code, stdout).toBe(0);
    // The database by host, port and name only: neither the role nor its password is printed.
    const { host, pathname } = new URL(url);
    expect(stdout).toContain(
      `Downloading OpenCelliD 244.csv.gz into postgres://${host}${pathname} (PostgreSQL)`,
    );
    expect(stdout).not.toContain(new URL(url).password);
    expect(await inspect(url, (s) => s.getCell({ mcc: 244, mnc: 91, cellid: 20500001 }))).toMatchObject({
      lat: 60.1699,
      lon: 24.9384,
      lac: 6001,
      samples: 37,
      radio: 'LTE',
      source: 'opencellid',
    });
  });
});
