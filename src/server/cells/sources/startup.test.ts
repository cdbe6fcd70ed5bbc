import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIns, type StandIns } from '../../../../scripts/stand-in-sources';
import { OPENCELLID_CELLS, OPENCELLID_KEY } from '../../../../scripts/stand-ins/opencellid';
import { tempDir } from '../../testing/temp-dir';

/* The service as `npm start` runs it, with its sources read from the environment. */
const dir = tempDir('startup');
let standIns: StandIns;
beforeAll(async () => {
  standIns = await startStandIns();
});
afterAll(() => standIns.close());

const MAIN = join('src', 'server', 'main.ts');
const BASE_ENV = {
  HOST: '127.0.0.1',
  PORT: '0',
  POSITIONING_SIMULATE_MS: '0',
  STATIC_DIR: join('no', 'app'),
};

describe('starting with cell sources', () => {
  it('refuses to start when opencellid is listed without OPENCELLID_KEY, naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
      env: { ...process.env, ...BASE_ENV, CELL_SOURCES: 'store,opencellid', OPENCELLID_KEY: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(
      /^Cannot start: OPENCELLID_KEY: required when CELL_SOURCES lists opencellid/m,
    );
  });

  it('answers a real lookup from OpenCelliD over its socket, and says which sources it asks', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        ...BASE_ENV,
        POSITIONING_DB: join(dir, 'positioning.db'),
        CELL_SOURCES: 'store,opencellid',
        OPENCELLID_URL: standIns.openCellidUrl,
        OPENCELLID_KEY,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    try {
      const deadline = Date.now() + 30_000;
      while (!out.includes('Cell sources:') && Date.now() < deadline) {
        await new Promise((done) => setTimeout(done, 25));
      }
      const url = /http:\/\/127\.0\.0\.1:\d+/.exec(out)?.[0];
      expect(out).toContain('Cell sources: store, opencellid (answers kept 7 days, "not found" a day)');
      const { cellid } = OPENCELLID_CELLS.helsinki;
      const response = await fetch(
        `${url}/api/cell/244/91/${cellid}?serviceKey=demo-service&userKey=demo-user&lac=6001`,
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('cell-source')).toBe('opencellid');
      expect(await response.text()).toContain('<name>Helsinki</name>');
      expect(out).not.toContain(OPENCELLID_KEY);
    } finally {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    }
  });
});
