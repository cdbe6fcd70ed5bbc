import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * For tests of the service and the admin command line as processes of their own: started with tsx, their output
 * gathered, killed after each test if still running. `dir` holds what they need (STATIC_DIR points into it).
 */
export function processes(dir: string) {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  function node(args: string[], env: Record<string, string>): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    return child;
  }

  async function startService(
    env: Record<string, string>,
  ): Promise<{ child: ChildProcess; url: string; log: () => string }> {
    const child = node([join('src', 'server', 'main.ts')], {
      HOST: '127.0.0.1',
      PORT: '0',
      POSITIONING_SIMULATE_MS: '0',
      STATIC_DIR: join(dir, 'no-app'),
      ...env,
    });
    const out = output(child);
    // Until it says where it listens, or has stopped (then its own words are the failure). The deadline only
    // bounds a hang: tsx compiling the service on a busy machine took over 20 s.
    const url = await until(
      'the service to start',
      () => {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`the service stopped before it started:\n${out.text()}`);
        }
        return /http:\/\/127\.0\.0\.1:\d+/.exec(out.text())?.[0];
      },
      90_000,
    );
    return { child, url, log: out.text };
  }

  return { node, startService };
}

export function output(child: ChildProcess): { text: () => string } {
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { text: () => text };
}

/**
 * `check`'s first value other than undefined, asked every `everyMs`; a `check` that throws ends the wait with its
 * error. The deadline only bounds a hang (nothing here waits for a fixed time), so it is generous by default.
 */
export async function until<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 60_000,
  everyMs = 20,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, everyMs));
  }
}

export function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })));
}
