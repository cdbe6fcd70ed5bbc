import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * For tests: a folder of their own under the system's temporary folder, removed after the file's (or the
 * describe's) tests. Called where the tests are declared, not inside a hook.
 */
export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cellpos-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
