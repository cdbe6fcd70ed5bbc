import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresBinDir, startCluster } from '../../../scripts/pg-cluster';
import { postgresSkipped, testDatabase } from '../testing/postgres-database';
import { exited, output, processes, until } from '../testing/processes';
import { tempDir } from '../testing/temp-dir';

/* The service as several processes on one PostgreSQL: what a deployment of replicas behind a load balancer is. */
const dir = tempDir('replicas');
const { node, startService } = processes(dir);

const DEMO = 'serviceKey=demo-service&userKey=demo-user';
const JSON_ACCEPT = { accept: 'application/json' };

/** The admin command line on `url`: its exit code and what it said. */
async function cli(url: string, ...argv: string[]): Promise<{ code: number | null; text: string }> {
  const child = node([join('src', 'server', 'cli.ts'), ...argv], { DATABASE_URL: url });
  const out = output(child);
  const { code } = await exited(child);
  return { code, text: out.text() };
}

const status = async (url: string, init?: RequestInit): Promise<number> => (await fetch(url, init)).status;

describe.skipIf(postgresSkipped)('the service on PostgreSQL, as processes', () => {
  const database = testDatabase();

  it('stops at start with one line naming DATABASE_URL when it cannot connect', async () => {
    const url = new URL(database.url);
    const wrongPassword = new URL(url);
    wrongPassword.password = 'not-the-password';
    const nobody = new URL(url);
    nobody.port = '1';
    nobody.searchParams.set('sslpassword', 'not-the-password');
    for (const [given, code, line] of [
      [
        wrongPassword.href,
        1,
        /^Cannot start: DATABASE_URL postgres:\/\/[^\s@?]+: cannot connect: the password is wrong$/,
      ],
      [
        nobody.href,
        1,
        /^Cannot start: DATABASE_URL postgres:\/\/127\.0\.0\.1:1\/[^\s?]+: cannot connect: .*ECONNREFUSED/,
      ],
      [
        'mysql://db.example/cellpos',
        2,
        /^Cannot start: DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//,
      ],
    ] as const) {
      const child = node([join('src', 'server', 'main.ts')], { DATABASE_URL: given, PORT: '0' });
      const out = output(child);
      expect(await exited(child)).toEqual({ code, signal: null });
      const lines = out.text().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(line);
      expect(out.text()).not.toContain('not-the-password');
    }
  });

  it('runs as one service in two processes: demo data once, the command line’s writes, an import', async () => {
    const url = await database.another();
    const settings = { DATABASE_URL: url };
    const [a, b] = await Promise.all([startService(settings), startService(settings)]);
    const replicas = [a.url, b.url];
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const count = async (table: string) =>
        Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
      expect(await count('developers')).toBe(2);
      const demoCells = await count('cells');

      // A developer, keys and a user recorded by the command line: refused, then known to both.
      const keys = 'serviceKey=acme-service-key&userKey=acme-user-key';
      for (const replica of replicas) expect(await status(`${replica}/api/location?${keys}`)).toBe(401);
      expect((await cli(url, 'add-developer', 'acme')).code).toBe(0);
      expect((await cli(url, 'issue-service-key', 'acme', '--key', 'acme-service-key')).code).toBe(0);
      expect((await cli(url, 'register-user', 'acme', '358409999999', '--key', 'acme-user-key')).code).toBe(
        0,
      );
      for (const replica of replicas) expect(await status(`${replica}/api/location?${keys}`)).toBe(403);
      // The SMS reply: both had kept their 403; the change announced reaches both.
      expect((await cli(url, 'sms-reply', 'acme-user-key')).code).toBe(0);
      for (const replica of replicas)
        await expect.poll(() => status(`${replica}/api/location?${keys}`)).toBe(404);

      // An import through the command line is read on both.
      const csv = join(dir, 'cells.csv');
      writeFileSync(
        csv,
        'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal\n' +
          'LTE,244,91,7001,99000001,0,24.941,60.171,800,12,1,1,1,0\n',
      );
      const imported = await cli(url, 'import-cells', csv);
      expect(imported.code, imported.text).toBe(0);
      expect(await count('cells')).toBe(demoCells + 1);
      for (const replica of replicas) {
        const res = await fetch(`${replica}/api/cell/244/91/99000001?${DEMO}`, { headers: JSON_ACCEPT });
        expect(res.status).toBe(200);
        expect(((await res.json()) as { cell: { lac: string } }).cell.lac).toBe('7001');
      }
    } finally {
      await client.end();
    }
  }, 240_000);

  it.each([
    ['answering from the database', {}],
    // No operator listens there: the too-long key is refused before anything is forwarded.
    ['in proxy mode', { POSITIONING_BASE_URL: 'http://127.0.0.1:1/iw/rest' }],
  ])(
    'holds one rate limit across both, %s',
    async (_, mode: Record<string, string>) => {
      const url = await database.another();
      const settings = {
        DATABASE_URL: url,
        POSITIONING_RATE_LIMIT: '1',
        POSITIONING_RATE_BURST: '2',
        ...mode,
      };
      const [a, b] = await Promise.all([startService(settings), startService(settings)]);
      // A failed key check on one uses up the address's one failure token (a quarter of a token a second comes back),
      // so the other refuses the next request from that address at once; apart, each would have a token of its own.
      const wrong = `serviceKey=${'x'.repeat(300)}&userKey=y`;
      expect(await status(`${a.url}/api/location?${wrong}`)).toBe(401);
      const refused = await fetch(`${b.url}/api/location?${wrong}`, { headers: JSON_ACCEPT });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^[1-4]$/);
      expect(await refused.text()).toContain('failed key checks from this address');
    },
    240_000,
  );

  it('loses nothing when one of two is killed under load', async () => {
    const url = await database.another();
    const settings = { DATABASE_URL: url, POSITIONING_RATE_LIMIT: '0' };
    const [a, b] = await Promise.all([startService(settings), startService(settings)]);
    const answers = { a: [] as number[], b: [] as number[] };
    let running = true;
    const load = (replica: string, into: number[]) =>
      (async () => {
        while (running) {
          const cellid = 10038;
          into.push(
            await fetch(`${replica}/api/cell/244/91/${cellid}?${DEMO}`).then(
              (res) => res.status,
              () => 0,
            ),
          );
        }
      })();
    const loads = [
      load(a.url, answers.a),
      load(a.url, answers.a),
      load(b.url, answers.b),
      load(b.url, answers.b),
    ];
    // Writes through the command line while both answer, and while one is killed mid-way.
    for (let i = 0; i < 4; i++) {
      expect((await cli(url, 'add-developer', `dev${i}`)).code).toBe(0);
      if (i === 1) {
        a.child.kill('SIGKILL');
        await exited(a.child);
      }
    }
    const before = answers.b.length;
    await until('the survivor to answer more', () => (answers.b.length > before + 20 ? true : undefined));
    running = false;
    await Promise.all(loads);
    // The survivor answered every request it was sent; the killed one's requests failed, not its data.
    expect(answers.b.filter((code) => code !== 200)).toEqual([]);
    expect(answers.a.filter((code) => code === 200).length).toBeGreaterThan(0);
    const shown = await cli(url, 'show');
    expect(shown.text).toMatch(/^6 developers/m);
    const again = await startService(settings);
    expect(await status(`${again.url}/api/cell/244/91/10038?${DEMO}`)).toBe(200);
  }, 240_000);

  const ownCluster =
    postgresBinDir() === undefined ? 'needs PostgreSQL’s own programs to stop a server' : false;
  it.skipIf(ownCluster)(
    'answers 503 with Retry-After while PostgreSQL is away, and comes back by itself',
    async () => {
      const cluster = await startCluster({ fast: true });
      try {
        const built = join(dir, 'built-app');
        mkdirSync(built, { recursive: true });
        writeFileSync(join(built, 'index.html'), '<!doctype html><title>app</title>');
        const service = await startService({ DATABASE_URL: cluster.url, STATIC_DIR: built });
        const cell = `${service.url}/api/cell/244/91/10038?${DEMO}`;
        expect(await status(cell)).toBe(200);
        cluster.halt();
        await expect.poll(() => status(cell), { timeout: 20_000 }).toBe(503);
        const away = await fetch(cell, { headers: JSON_ACCEPT });
        expect(away.headers.get('retry-after')).toBe('5');
        expect(await away.json()).toMatchObject({ error: { code: 'database-unavailable' } });
        expect(await status(`${service.url}/api/health`)).toBe(200);
        // Each API in its own form, and the app's page without the database.
        const camara = await fetch(`${service.url}/camara/location-retrieval/v0.5/retrieve`, {
          method: 'POST',
          headers: { authorization: 'Bearer some-token', 'content-type': 'application/json' },
          body: '{}',
        });
        expect([camara.status, camara.headers.get('retry-after')]).toEqual([503, '5']);
        expect(await camara.json()).toEqual({
          status: 503,
          code: 'UNAVAILABLE',
          message: 'Service Unavailable.',
        });
        const oidc = await fetch(`${service.url}/oidc/.well-known/openid-configuration`);
        expect([oidc.status, oidc.headers.get('content-type')]).toEqual([503, 'application/json']);
        expect(await oidc.json()).toMatchObject({ error: 'temporarily_unavailable' });
        const page = await fetch(`${service.url}/`);
        expect([page.status, await page.text()]).toEqual([200, '<!doctype html><title>app</title>']);
        expect(service.log()).not.toMatch(/^\s+at /m);
        await cluster.resume();
        await expect.poll(() => status(cell), { timeout: 30_000 }).toBe(200);
        expect(service.child.exitCode).toBeNull();
        // Its caches trusted again once it hears of changes again.
        await expect.poll(() => service.log(), { timeout: 30_000 }).toMatch(/database change listener back/);
      } finally {
        cluster.stop();
      }
    },
    240_000,
  );
});
