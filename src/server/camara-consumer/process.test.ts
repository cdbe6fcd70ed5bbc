import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  CAMARA_CLIENT_ID,
  CAMARA_NUMBERS as N,
  startCamaraStandIn,
  type CamaraStandIn,
} from '../../../scripts/stand-ins/camara';
import { until as waitFor } from '../testing/processes';

/** Asks over HTTP, so less often than the shared default. */
const until = <T>(what: string, check: () => T | undefined | Promise<T | undefined>): Promise<T> =>
  waitFor(what, check, 60_000, 50);

/* The service as a process with LOCATION_SOURCE=camara, in front of the stand-in operator. */
let dir: string;
let standIn: CamaraStandIn;
let keyFile: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cellpos-camara-process-'));
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  keyFile = join(dir, 'camara.pem');
  writeFileSync(keyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }));
  writeFileSync(join(dir, 'public.pem'), publicKey.export({ format: 'pem', type: 'spki' }));
  standIn = await startCamaraStandIn({ clientKey: privateKey, interval: 1 });
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(async () => {
  await standIn.close();
  rmSync(dir, { recursive: true, force: true });
});

function camaraEnv(change: Record<string, string> = {}): Record<string, string> {
  return {
    HOST: '127.0.0.1',
    PORT: '0',
    POSITIONING_SIMULATE_MS: '0',
    POSITIONING_DEMO: 'off',
    STATIC_DIR: join(dir, 'no-app'),
    LOCATION_SOURCE: 'camara',
    CAMARA_ISSUER: standIn.issuer,
    CAMARA_API_ROOT: standIn.apiRoot,
    CAMARA_CLIENT_ID,
    CAMARA_PRIVATE_KEY: keyFile,
    ...change,
  };
}

function start(env: Record<string, string>): {
  child: ChildProcess;
  text: () => string;
  errors: () => string;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', join('src', 'server', 'main.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  let errors = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return { child, text: () => text, errors: () => errors };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((done) =>
    child.exitCode !== null ? done(child.exitCode) : child.once('exit', (code) => done(code)),
  );

describe('LOCATION_SOURCE=camara at start', () => {
  it.each([
    [
      { CAMARA_PRIVATE_KEY: '/nonexistent/camara.pem' },
      'CAMARA_PRIVATE_KEY: no such file: /nonexistent/camara.pem',
    ],
    [{ CAMARA_PRIVATE_KEY: 'public.pem' }, 'CAMARA_PRIVATE_KEY: '],
    [{ CAMARA_ISSUER: 'http://127.0.0.1:9/oidc' }, 'CAMARA_ISSUER: http://127.0.0.1:9/oidc/.well-known'],
    [{ CAMARA_ISSUER: 'ISSUER/elsewhere' }, 'CAMARA_ISSUER: '],
    [{ CAMARA_API_ROOT: 'ROOT/wrong' }, 'CAMARA_API_ROOT: '],
  ])('%o: one line naming the setting, exit 2', async (change, line) => {
    const env = Object.fromEntries(
      Object.entries(change).map(([name, value]) => [
        name,
        value
          .replace('public.pem', join(dir, 'public.pem'))
          .replace('ISSUER', standIn.url)
          .replace('ROOT', standIn.url),
      ]),
    );
    const service = start(
      camaraEnv({ ...env, POSITIONING_DB: join(dir, `bad-${Object.keys(change)[0]}.db`) }),
    );
    expect(await exited(service.child)).toBe(2);
    const lines = service.errors().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Cannot start: ${line}`);
  });

  it('works on a new database without the demo: the admin adds the keys and the user, the operator asks the owner', async () => {
    const db = join(dir, 'real.db');
    const service = start(camaraEnv({ POSITIONING_DB: db }));
    // The lines of one start may come in more than one chunk: wait for the last one wanted.
    await until('the start', () => (service.text().includes('Locate my phone:') ? true : undefined));
    const url = /http:\/\/127\.0\.0\.1:\d+/.exec(service.text())?.[0];
    expect(service.text()).toContain(`Locate my phone: CAMARA Device Location at ${standIn.apiRoot}`);
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', join('src', 'server', 'cli.ts'), ...args, '--db', db], {
        encoding: 'utf8',
      }).stdout.trim();
    cli('add-developer', 'acme');
    const serviceKey = cli('issue-service-key', 'acme');
    const userKey = cli('register-user', 'acme', N.approves.slice(1));
    const keys = `serviceKey=${serviceKey}&userKey=${userKey}`;
    const headers = { Accept: 'application/json' };
    const asked = await fetch(`${url}/api/camara/locate?${keys}`, { method: 'POST', headers });
    expect(asked.status).toBe(202);
    standIn.answer(N.approves, true);
    const located = await until('the area', async () => {
      const answer = await fetch(`${url}/api/camara/locate?${keys}`, { headers });
      return answer.status === 202 ? undefined : answer;
    });
    expect(located.status).toBe(200);
    expect(await located.json()).toMatchObject({
      state: 'located',
      area: { shape: 'circle', radiusM: 1200 },
    });
    service.child.kill('SIGTERM');
    expect(await exited(service.child)).toBe(0);
  });
});
