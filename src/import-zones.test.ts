import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

/** The import-zone messages ESLint gives for one line written in a file at `path`. */
async function zoneErrors(path: string, line: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${line}\nexport const used = x;\n`, { filePath: path });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import zones (eslint.config.js)', () => {
  it('a feature may not import another feature, however the path is written', async () => {
    for (const line of [
      "import { x } from '../history/history-storage';",
      "import { x } from '../../features/history/history-storage';",
      "import { x } from '../location/use-location';",
    ]) {
      expect(await zoneErrors('src/features/cell/cell-panel.tsx', line)).toEqual([
        expect.stringMatching(/does not import another feature/),
      ]);
    }
  });

  it('a feature may import its own files and the floors beneath it', async () => {
    for (const line of [
      "import { x } from './links';",
      "import { x } from '../../session/session';",
      "import { x } from '../../ui/error-notice';",
      "import { x } from '../../map/geo';",
      "import { x } from '../../i18n/i18n';",
      "import { x } from '../../api/cell-id';",
    ]) {
      expect(await zoneErrors('src/features/cell/cell-panel.tsx', line)).toEqual([]);
    }
  });

  it('nothing imports upwards: features → app, the shared layers → features, the contract → either side', async () => {
    const cases: Array<[string, string]> = [
      ['src/features/keys/keys-panel.tsx', "import { x } from '../../app/config';"],
      ['src/session/session.tsx', "import { x } from '../features/keys/keys-panel';"],
      ['src/session/session.tsx', "import { x } from '../map/geo';"],
      ['src/ui/error-notice.tsx', "import { x } from '../features/cell/links';"],
      ['src/map/map-view.tsx', "import { x } from '../features/location/use-location';"],
      ['src/map/map-view.tsx', "import { x } from '../ui/cell-fields';"],
      ['src/i18n/i18n.tsx', "import { x } from '../session/route';"],
      ['src/api/client.ts', "import { x } from '../session/route';"],
      ['src/server/app.ts', "import { x } from '../session/route';"],
      ['src/sw/sw.ts', "import { x } from '../session/app-update';"],
      ['src/server/app.ts', "import { x } from '../sw/freshness';"],
    ];
    for (const [path, line] of cases) {
      expect(await zoneErrors(path, line), `${path}: ${line}`).toHaveLength(1);
    }
  });

  it('the SQLite driver is loaded in one place: elsewhere its types only', async () => {
    for (const path of [
      'src/server/store/open-store.ts',
      'src/server/reads/cells-in-view.test.ts',
      'bench/lookup.ts',
    ]) {
      expect(await zoneErrors(path, "import x from 'better-sqlite3';"), path).toEqual([
        expect.stringMatching(/src\/server\/store\/sqlite/),
      ]);
      expect(await zoneErrors(path, "import type x from 'better-sqlite3';"), path).toEqual([]);
    }
    expect(await zoneErrors('src/server/store/sqlite.ts', "import x from 'better-sqlite3';")).toEqual([]);
  });
});
