import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import Database from '../store/sqlite/driver';
import { describe, expect, it } from 'vitest';
import { CASES, startHostileOperator } from '../../../scripts/hostile-operator';
import { openDemoStore } from '../admin/demo-data';
import { openStore } from '../store/sqlite/open';
import { sealKeyFile } from '../store/seal-key';
import { exited, output, processes, until } from '../testing/processes';
import { tempDir } from '../testing/temp-dir';

/* The service and the admin command line as separate processes: killed, stopped, started afresh. */
const dir = tempDir('process');
const { node, startService } = processes(dir);

describe('start-up', () => {
  it('says plainly when the demo keys are active, and POSITIONING_DEMO=off makes a database without them', async () => {
    const demo = await startService({ POSITIONING_DB: join(dir, 'demo.db') });
    await until('the demo notice', () => (/demo keys are active/.test(demo.log()) ? true : undefined));
    expect(demo.log()).toMatch(/WARNING: the demo keys are active/);
    demo.child.kill('SIGTERM');
    expect(await exited(demo.child)).toEqual({ code: 0, signal: null });

    const file = join(dir, 'real.db');
    const real = await startService({ POSITIONING_DB: file, POSITIONING_DEMO: 'off' });
    await until('the keys notice', () =>
      /Demo keys: not in this database/.test(real.log()) ? true : undefined,
    );
    const res = await fetch(`${real.url}/api/location?serviceKey=demo-service&userKey=demo-user`);
    expect(res.status).toBe(401);
    const settings = (await (await fetch(`${real.url}/api/settings`)).json()) as Record<string, unknown>;
    expect(settings.demoKeys).toBeUndefined();
    real.child.kill('SIGTERM');
    expect(await exited(real.child)).toEqual({ code: 0, signal: null });
    const store = openStore(file);
    expect(store.counts()).toEqual({ developers: 0, serviceKeys: 0, users: 0, cells: 0 });
    store.close();
  });
});

describe('a database an import made before the first start', () => {
  it('gets no demo keys, and the start says how to add keys; once added, its cells are read with them', async () => {
    const file = join(dir, 'imported.db');
    const csv = join(dir, 'imported.csv');
    writeFileSync(csv, 'LTE,244,91,1,5,0,23.761,61.4978,1,1,1,1,1,0\n');
    const cli = (...args: string[]) =>
      spawnSync(
        process.execPath,
        ['--import', 'tsx', join('src', 'server', 'cli.ts'), ...args, '--db', file],
        {
          env: { ...process.env, POSITIONING_DB: file },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
    expect(cli('import-cells', csv).status).toBe(0);

    const first = await startService({ POSITIONING_DB: file });
    const hint = await until('the keys notice', () => /^Demo keys: .*$/m.exec(first.log())?.[0]);
    expect(hint).toMatch(/no other keys either/);
    expect(hint).toContain(
      'npm run service -- add-developer NAME, then issue-service-key NAME and register-user',
    );
    const settings = (await (await fetch(`${first.url}/api/settings`)).json()) as Record<string, unknown>;
    expect(settings.demoKeys).toBeUndefined();
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toEqual({ code: 0, signal: null });

    // The hint's commands, as it gives them: then the start says only that the demo keys are not there.
    expect(cli('add-developer', 'alice').status).toBe(0);
    const serviceKey = cli('issue-service-key', 'alice').stdout.trim();
    const userKey = cli('register-user', 'alice', '358401234567').stdout.trim();
    const next = await startService({ POSITIONING_DB: file });
    expect(await until('the keys notice', () => /^Demo keys: .*$/m.exec(next.log())?.[0])).toBe(
      'Demo keys: not in this database.',
    );
    const query = new URLSearchParams({ serviceKey, userKey });
    expect((await fetch(`${next.url}/api/cell/244/91/5?${query}`)).status).toBe(200);
    next.child.kill('SIGTERM');
    expect(await exited(next.child)).toEqual({ code: 0, signal: null });
  });
});

describe('a database folder that cannot be created', () => {
  it('stops the service, the admin command and the import at once, naming the folder', () => {
    const file = '/proc/cellpos-test/data/positioning.db';
    const runs = [
      [join('src', 'server', 'main.ts')],
      [join('src', 'server', 'cli.ts'), 'show', '--db', file],
      [join('src', 'server', 'cli.ts'), 'import-cells', join(dir, 'none.csv'), '--db', file],
    ];
    writeFileSync(join(dir, 'none.csv'), '');
    for (const args of runs) {
      // Node's recursive mkdir spun for ever here: the timeout kills it (status null).
      const result = spawnSync(process.execPath, ['--import', 'tsx', ...args], {
        env: { ...process.env, PORT: '0', POSITIONING_DB: file },
        encoding: 'utf8',
        timeout: 15_000,
      });
      expect([args[1], result.status]).toEqual([args[1], 1]);
      expect(result.stderr).toContain('cannot create the folder /proc/cellpos-test (ENOENT)');
    }
  });
});

describe('sealed signing keys without their key', () => {
  it('stop the service at start, naming where the key goes', async () => {
    const file = join(dir, 'sealed.db');
    const store = openStore(file);
    await store.camara.addSigningKeysIfNone([{ kid: 'k', kty: 'oct', k: 'c2VjcmV0' }]);
    store.close();
    rmSync(sealKeyFile(file));
    const result = spawnSync(process.execPath, ['--import', 'tsx', join('src', 'server', 'main.ts')], {
      env: { ...process.env, PORT: '0', POSITIONING_DB: file, STORE_SEAL_KEY: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`set STORE_SEAL_KEY, or put back ${sealKeyFile(file)}`);
  });
});

describe('a bad TILE_URL', () => {
  it.each(['https://tiles.example;script-src/{z}/{x}/{y}.png', 'https://tiles.例え.jp /{z}/{x}/{y}.png'])(
    'stops the start with a message naming it: %s',
    async (tileUrl) => {
      const child = node([join('src', 'server', 'main.ts')], {
        PORT: '0',
        POSITIONING_DB: join(dir, 'tile.db'),
        TILE_URL: tileUrl,
      });
      const out = output(child);
      expect(await exited(child)).toEqual({ code: 2, signal: null });
      expect(out.text()).toMatch(/^Cannot start: TILE_URL: /m);
    },
  );
});

describe('graceful shutdown on SIGTERM', () => {
  it('lets a request in flight finish, then exits 0', async () => {
    const operator = await startHostileOperator();
    try {
      const service = await startService({
        POSITIONING_BASE_URL: operator.baseUrl,
        POSITIONING_TIMEOUT_MS: '10000',
      });
      // The slow case answers when the next cell has been answered: the test decides when.
      const slow = String(500 + CASES.slow);
      const pending = fetch(`${service.url}/api/cell/244/91/${slow}?serviceKey=s&userKey=u`);
      await until('the operator to be asked', () =>
        operator.stats.get(Number(slow))?.requests ? true : undefined,
      );
      service.child.kill('SIGTERM');
      await until('the service to stop taking requests', () =>
        /SIGTERM: stopping/.test(service.log()) ? true : undefined,
      );
      expect(service.child.exitCode).toBeNull();
      await fetch(`${operator.baseUrl}/cell/244/91/${Number(slow) + 1}`);
      const res = await pending;
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<name>Late answer</name>');
      expect(await exited(service.child)).toEqual({ code: 0, signal: null });
    } finally {
      await operator.close();
    }
  });

  it('does not wait for a client that sent half a request', async () => {
    const service = await startService({ POSITIONING_DB: join(dir, 'half.db') });
    const { port } = new URL(service.url);
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((done) => socket.once('connect', done));
    let heard = '';
    socket.on('data', (chunk: Buffer) => (heard += chunk.toString()));
    socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await new Promise((done) => setTimeout(done, 100));
    service.child.kill('SIGTERM');
    expect(await exited(service.child)).toEqual({ code: 0, signal: null });
    // A service that waited for the client would have ended the request by its headers' deadline first, with a
    // 408: what tells the two apart is what the client heard, not how long the exit took on a busy machine.
    expect(heard).toBe('');
    socket.destroy();
  });

  it('closes the database: the write-ahead log is folded in and removed', async () => {
    const file = join(dir, 'shutdown.db');
    const service = await startService({ POSITIONING_DB: file });
    expect(
      (await fetch(`${service.url}/api/cell/244/91/10038?serviceKey=demo-service&userKey=demo-user`)).status,
    ).toBe(200);
    expect(existsSync(`${file}-wal`)).toBe(true);
    service.child.kill('SIGTERM');
    expect(await exited(service.child)).toEqual({ code: 0, signal: null });
    expect(service.log()).toContain('database closed');
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});

describe('killed mid-write', () => {
  it('reopens after kill -9 during a bulk write, intact and holding whole transactions only', async () => {
    const file = join(dir, 'killed.db');
    const seed = openDemoStore(file);
    const before = seed.counts().cells;
    seed.close();
    const csv = join(dir, 'many.csv');
    const rows = 400_000;
    const lines = ['mcc,mnc,cellid,lac,lat,lon,name'];
    for (let i = 0; i < rows; i++) {
      lines.push(
        `901,70,${i + 1},${i % 65535},${((i % 1700) / 20 - 42).toFixed(4)},${((i % 3500) / 20 - 87).toFixed(4)},Bulk cell ${i}`,
      );
    }
    writeFileSync(csv, `${lines.join('\n')}\n`);

    const writer = node([join('src', 'server', 'cli.ts'), 'add-cells', csv, '--db', file], {});
    const out = output(writer);
    // Mid-write: the transaction has begun spilling pages into the write-ahead log.
    await until(
      'the bulk write to be under way',
      () => {
        if (writer.exitCode !== null) throw new Error(`the writer ended early: ${out.text()}`);
        return existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 2 * 1024 * 1024 ? true : undefined;
      },
      // A budget, not a speed: at a load of 22 the writer (tsx, then 400,000 rows parsed) took over 60 s to get here.
      180_000,
    );
    const killedWhileWriting = writer.exitCode === null;
    writer.kill('SIGKILL');
    await exited(writer);
    expect(killedWhileWriting).toBe(true);
    expect(out.text()).not.toContain('Added or replaced');

    const db = new Database(file);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const cells = (db.prepare('SELECT count(*) AS n FROM cells').get() as { n: number }).n;
    db.close();
    expect([before, before + rows]).toContain(cells);
    expect(cells).toBe(before);

    // And it takes a write whole afterwards.
    const few = join(dir, 'few.csv');
    writeFileSync(few, `${lines.slice(0, 1001).join('\n')}\n`);
    const again = spawnSync(
      process.execPath,
      ['--import', 'tsx', join('src', 'server', 'cli.ts'), 'add-cells', few, '--db', file],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(again.stdout).toContain('Added or replaced 1000 cells.');
    const store = openDemoStore(file);
    expect(store.counts().cells).toBe(before + 1000);
    expect(store.authenticate('demo-service', 'demo-user')).toMatchObject({ msisdn: '358401234567' });
    store.close();
  }, 300_000);
});
