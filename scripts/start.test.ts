import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/* npm start as a supervisor sees it: the service's death by a signal is a failure (128 + the signal's number),
   so restart-on-failure restarts it. A stand-in for the built service, in a copy of the layout as
   `npm ci --omit=dev` leaves it (no build tools), keeps anything from being built. */
let root: string;

function layout(dir: string, { sources }: { sources: boolean }): void {
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  for (const file of ['start.mjs', 'built.mjs', 'build-id.mjs', 'build-info.mjs']) {
    copyFileSync(resolve('scripts', file), join(dir, 'scripts', file));
  }
  for (const built of ['dist', 'dist-server']) {
    mkdirSync(join(dir, built));
    writeFileSync(join(dir, built, 'build.json'), '{"build":"stand-in"}\n');
  }
  writeFileSync(
    join(dir, 'dist-server', 'main.js'),
    `const how = process.env.STAND_IN ?? '';
     if (how.startsWith('SIG')) process.kill(process.pid, how);
     else process.exit(Number(how));\n`,
  );
  // Sources whose id is not the one the stand-in was "built" from.
  if (sources) {
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src', 'main.ts'), 'export {};\n');
  }
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cellpos-start-'));
  layout(root, { sources: false });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function start(how: string, dir = root): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(dir, 'scripts', 'start.mjs')], {
    env: { ...process.env, STAND_IN: how },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on('exit', (code) => done({ code, stderr })));
}

describe('npm start', () => {
  it.each([
    ['SIGKILL', 137],
    ['SIGTERM', 143],
    ['SIGSEGV', 139],
  ])('exits 128 + the number when the service is killed by %s', async (signal, code) => {
    const ended = await start(signal);
    expect(ended.code).toBe(code);
    expect(ended.stderr).toContain(`The service was ended by ${signal}.`);
  });

  it.each([0, 1, 3])('passes the service’s own exit code %i on', async (code) => {
    expect((await start(String(code))).code).toBe(code);
  });

  it('refuses to run a tree built from other sources when the build tools are not installed', async () => {
    const stale = mkdtempSync(join(tmpdir(), 'cellpos-start-stale-'));
    try {
      layout(stale, { sources: true });
      const ended = await start('0', stale);
      expect(ended.code).toBe(1);
      expect(ended.stderr).toMatch(
        /Cannot start: the app and the service are not built from the sources in this tree, and the build tools are not installed/,
      );
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });
});
