import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../src/server/testing/temp-dir';
import { buildId } from './build-id.mjs';

/** A source tree with the app, the service and the test tools of both, as the repository holds them. */
function tree(dir: string): (path: string, text: string) => void {
  const write = (path: string, text: string): void => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('src/main.tsx', 'export {};\n');
  write('src/server/main.ts', 'export {};\n');
  write('src/testing/stand-ins.ts', 'export const a = 1;\n');
  write('src/server/testing/temp-dir.ts', 'export const b = 1;\n');
  write('src/server/system-tests/app.test.ts', 'export {};\n');
  write('package.json', '{"version":"0.1.0"}\n');
  return write;
}

describe('the build id', () => {
  const dir = tempDir('build-id');

  it('is the same whatever the tests and their tools hold, and changes with what the app or the service is made of', () => {
    const write = tree(dir);
    const id = buildId(dir);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    write('src/server/testing/temp-dir.ts', 'export const b = 2;\n');
    write('src/server/testing/new-helper.ts', 'export {};\n');
    write('src/testing/stand-ins.ts', 'export const a = 2;\n');
    write('src/server/system-tests/app.test.ts', 'export const changed = true;\n');
    expect(buildId(dir)).toBe(id);
    write('src/server/main.ts', 'export const changed = true;\n');
    expect(buildId(dir)).not.toBe(id);
  });
});
