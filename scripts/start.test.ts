import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/* npm start as a supervisor sees it: the service's death by a signal is a failure (128 + the signal's number),
   so restart-on-failure restarts it. A stand-in service in a copy of the layout keeps the app from being built. */
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cellpos-start-'));
  mkdirSync(join(root, 'scripts'));
  mkdirSync(join(root, 'src', 'server'), { recursive: true });
  copyFileSync(resolve('scripts', 'start.mjs'), join(root, 'scripts', 'start.mjs'));
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  writeFileSync(
    join(root, 'src', 'server', 'main.ts'),
    `const how = process.env.STAND_IN ?? '';
     if (how.startsWith('SIG')) process.kill(process.pid, how as NodeJS.Signals);
     else process.exit(Number(how));\n`,
  );
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function start(how: string): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
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
});
