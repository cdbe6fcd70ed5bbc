import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run, USAGE } from '../cli';
import { openStore } from '../store/sqlite/open';
import { tempDir } from '../testing/temp-dir';

const dir = tempDir('cli');

let n = 0;
function freshDb(): string {
  return join(dir, `db-${++n}`, 'p.db');
}

async function cli(argv: string[], env: Record<string, string | undefined> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function inspect<T>(db: string, read: (store: ReturnType<typeof openStore>) => T): T {
  const store = openStore(db);
  try {
    return read(store);
  } finally {
    store.close();
  }
}

describe('admin command line', () => {
  it('prints help', async () => {
    expect((await cli([])).out).toBe(USAGE);
    expect((await cli(['help'])).code).toBe(0);
    expect((await cli(['--help'])).out).toContain('register-user DEVELOPER MSISDN');
  });

  it('sets up a developer, keys and a user that can be located', async () => {
    const db = freshDb();
    expect(await cli(['add-developer', 'acme', '--db', db])).toMatchObject({
      code: 0,
      out: 'Added developer acme.',
    });
    expect(await cli(['issue-service-key', 'acme', '--key', 'acme-service', '--db', db])).toMatchObject({
      code: 0,
      out: 'acme-service',
    });
    const random = await cli(['issue-service-key', 'acme', `--db=${db}`]);
    expect(random.out).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const user = await cli(['register-user', 'acme', '358401111111', '--db', db]);
    expect(user.code).toBe(0);
    const userKey = user.out;
    expect(userKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await cli(['sms-reply', userKey, '--db', db])).code).toBe(0);
    expect(
      (await cli(['add-cell', '244', '91', '77', '0', '60.5', '25.25', 'Sipoo Söderkulla', '--db', db])).code,
    ).toBe(0);
    expect((await cli(['set-cell', userKey, '244', '91', '77', '--db', db])).code).toBe(0);
    expect(inspect(db, (s) => s.authenticate('acme-service', userKey))).toMatchObject({
      msisdn: '358401111111',
      smsReplied: true,
      cell: { mcc: 244, mnc: 91, cellid: 77 },
    });
    expect(inspect(db, (s) => s.getLocation(userKey)?.cell.name)).toBe('Sipoo Söderkulla');
    expect((await cli(['sms-reply', userKey, '--no', '--db', db])).code).toBe(0);
    expect(inspect(db, (s) => s.getUser(userKey)?.smsReplied)).toBe(false);
    const show = (await cli(['show', '--db', db])).out;
    expect(show).toContain('acme\t358401111111');
    expect(show).not.toContain(userKey);
  });

  it('takes a key that begins with a dash (as older versions issued one in 64) as an argument, not an option', async () => {
    const db = freshDb();
    await cli(['add-developer', 'acme', '--db', db]);
    expect((await cli(['issue-service-key', 'acme', '--key', '-Dash-service', '--db', db])).out).toBe(
      '-Dash-service',
    );
    expect((await cli(['register-user', 'acme', '358401111111', '--key=-Xb3_user', '--db', db])).out).toBe(
      '-Xb3_user',
    );
    expect(await cli(['sms-reply', '-Xb3_user', '--db', db])).toMatchObject({ code: 0 });
    expect(inspect(db, (s) => s.authenticate('-Dash-service', '-Xb3_user'))).toMatchObject({
      smsReplied: true,
    });
    expect(await cli(['sms-reply', '--no', '--db', db, '--', '-Xb3_user'])).toMatchObject({ code: 0 });
    expect(inspect(db, (s) => s.getUser('-Xb3_user')?.smsReplied)).toBe(false);
    expect(await cli(['show', '-x', '--db', db])).toMatchObject({
      code: 2,
      err: expect.stringContaining('unknown option -x'),
    });
  });

  it('fills a new database with demo data unless POSITIONING_DEMO=off, and reads POSITIONING_DB', async () => {
    const db = freshDb();
    expect((await cli(['show'], { POSITIONING_DB: db })).out).toMatch(
      /^2 developers, 2 service keys, 3 users, \d{3} cells/,
    );
    const off = freshDb();
    expect((await cli(['show', '--db', off], { POSITIONING_DEMO: 'off' })).out).toMatch(/^0 developers/);
    expect((await cli(['list-cells', '--limit', '2', '--db', db])).out.split('\n')).toHaveLength(2);
  });

  it('adds cells from CSV in one transaction', async () => {
    const db = freshDb();
    const good = join(dir, 'good.csv');
    writeFileSync(
      good,
      'mcc,mnc,cellid,lac,lat,lon,name\n244,91,1,0,60.1,24.9,Helsinki\r\n244,05,2,12,61.5,23.7,"Tampere, Hervanta"\n\n',
    );
    expect(await cli(['add-cells', good, '--db', db], { POSITIONING_DEMO: 'off' })).toMatchObject({
      code: 0,
      out: 'Added or replaced 2 cells.',
    });
    expect(inspect(db, (s) => s.getCell({ mcc: 244, mnc: 5, cellid: 2 })?.name)).toBe('Tampere, Hervanta');
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, '244,91,3,0,60.1,24.9,Espoo\n244,91,4,0,95,24.9,Nowhere\n');
    const result = await cli(['add-cells', bad, '--db', db]);
    expect(result.code).toBe(2);
    expect(result.err).toContain('line 2: LAT');
    expect(inspect(db, (s) => s.counts().cells)).toBe(2);
  });

  it.each([
    [['frobnicate'], 'unknown command "frobnicate"'],
    [['add-developer'], 'missing NAME'],
    [['add-developer', 'a', 'b'], 'unexpected argument "b"'],
    [['register-user', 'demo', '+358401'], 'MSISDN'],
    [['set-cell', 'k', '244', '91'], 'missing CELLID'],
    [['set-cell', 'k', '244', 'x', '1'], 'MNC'],
    [['add-cell', '244', '91', '1', '0', '60', '200', 'X'], 'LON'],
    [['add-cell', '244', '91', String(2 ** 36), '0', '60', '20', 'X'], 'CELLID'],
    [['add-cells', '/nonexistent/cells.csv'], 'FILE: cannot read'],
    [['show', '--db'], '--db needs a value'],
    [['show', '--bogus'], 'unknown option --bogus'],
    [['list-cells', '--limit', 'many'], '--limit must be a whole number'],
  ])(
    'refuses %j with exit code 2, naming the problem, without touching the database',
    async (argv, message) => {
      const db = freshDb();
      const result = await cli([...argv, '--db', db]);
      expect(result.code).toBe(2);
      expect(result.err).toContain(message);
      expect(result.err).toContain('Usage:');
      expect(inspect(db, (s) => s.counts().cells)).toBe(0);
    },
  );

  it('answers 1 with the reason when the database refuses', async () => {
    const db = freshDb();
    expect(await cli(['issue-service-key', 'nobody', '--db', db])).toMatchObject({
      code: 1,
      err: 'Error: no developer named "nobody"',
    });
    expect((await cli(['set-cell', 'demo-user', '244', '91', '1', '--db', db])).err).toContain(
      'no cell 244/91/1',
    );
    expect((await cli(['add-developer', 'demo', '--db', db])).err).toContain('exists already');
    expect((await cli(['sms-reply', 'nobody', '--db', db])).code).toBe(1);
  });
});

describe('import-cells through the admin command line', () => {
  it('imports an OpenCelliD file into the database the service reads', async () => {
    const db = freshDb();
    const file = join(dir, 'opencellid.csv');
    writeFileSync(
      file,
      [
        'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal',
        'LTE,244,91,7,123456,0,23.7610,61.4978,500,12,1,1600000000,1700000000,0',
        'LTE,244,91,7,123456,0,23.7700,61.5000,500,3,1,1600000000,1700000000,0',
        'GSM,244,5,1,99,0,999,61.5,500,1,1,1,1,0',
      ].join('\n'),
    );
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/server/cli.ts', 'import-cells', file, '--db', db],
      {
        encoding: 'utf8',
        timeout: 60_000,
      },
    );
    expect(result.status).toBe(0);
    expect(result.stdout + result.stderr).toContain('line 4');
    const cell = inspect(db, (store) => store.getCell({ mcc: 244, mnc: 91, cellid: 123456 }));
    expect(cell).toMatchObject({ lac: 7, name: 'Tampere', lat: 61.4978 });
  });
});
