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
      "import { x } from '../../state/session';",
      "import { x } from '../../routing/route';",
      "import { x } from '../../queries/query-keys';",
      "import { x } from '../../paint/after-paint';",
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
      ['src/state/session.tsx', "import { x } from '../features/keys/keys-panel';"],
      ['src/state/session.tsx', "import { x } from '../map/geo';"],
      ['src/state/map-focus.ts', "import { x } from '../ui/cell-fields';"],
      ['src/queries/query-keys.ts', "import { x } from '../state/session';"],
      ['src/queries/read-policy.ts', "import { x } from '../routing/route';"],
      ['src/routing/route.ts', "import { x } from '../state/store';"],
      ['src/routing/address-bar.ts', "import { x } from '../queries/query-keys';"],
      ['src/paint/later.tsx', "import { x } from '../routing/address-bar';"],
      ['src/paint/after-paint.ts', "import { x } from '../state/store';"],
      ['src/ui/error-notice.tsx', "import { x } from '../features/cell/links';"],
      ['src/map/map-view.tsx', "import { x } from '../features/location/use-location';"],
      ['src/map/map-view.tsx', "import { x } from '../ui/cell-fields';"],
      ['src/i18n/i18n.tsx', "import { x } from '../routing/route';"],
      ['src/api/client.ts', "import { x } from '../routing/route';"],
      ['src/server/app.ts', "import { x } from '../routing/route';"],
      ['src/server/app.ts', "import { x } from '../state/session';"],
      ['src/sw/sw.ts', "import { x } from '../state/app-update';"],
      ['src/server/app.ts', "import { x } from '../sw/freshness';"],
      ['src/app/app.tsx', "import { x } from '../server/app';"],
    ];
    for (const [path, line] of cases) {
      expect(await zoneErrors(path, line), `${path}: ${line}`).toHaveLength(1);
    }
  });

  it("the service never reaches the browser side, from any depth; its own rooms may share a browser folder's name", async () => {
    for (const [path, line] of [
      ['src/server/app.ts', "import { x } from '../testing/test-session';"],
      ['src/server/store/sqlite/admin.ts', "import { x } from '../../state/session';"],
      ['src/server/import/worker/read.ts', "import { x } from '../../../map/geo';"],
    ]) {
      expect(await zoneErrors(path!, line!), `${path}: ${line}`).toEqual([
        expect.stringMatching(/never the browser side/),
      ]);
    }
    for (const [path, line] of [
      ['src/server/store/admin.test.ts', "import { x } from '../testing/temp-stores';"],
      ['src/server/reads/cells.ts', "import { x } from '../../api/cell-id';"],
    ]) {
      expect(await zoneErrors(path!, line!), `${path}: ${line}`).toEqual([]);
    }
  });

  it('test tools are imported by tests only, in every folder of the browser side', async () => {
    const sources = [
      'src/app/providers.tsx',
      'src/features/cell/cell-panel.tsx',
      'src/ui/error-notice.tsx',
      'src/map/map-view.tsx',
      'src/state/session.tsx',
      'src/queries/read-policy.ts',
      'src/routing/route.ts',
      'src/paint/later.tsx',
      'src/i18n/i18n.tsx',
      'src/sw/sw.ts',
      'src/api/client.ts',
    ];
    const tools = [
      "import { vi } from 'vitest';",
      "import { render } from '@testing-library/react';",
      "import { testSession } from '../testing/test-session';",
      "import { fakeFrames } from '../../testing/fake-frames';",
    ];
    for (const path of sources) {
      for (const line of tools) {
        expect(await zoneErrors(path, line), `${path}: ${line}`).toContainEqual(
          expect.stringMatching(/imported by tests only/),
        );
      }
    }
    for (const [path, line] of [
      ['src/state/session.test.tsx', "import { testSession } from '../testing/test-session';"],
      ['src/paint/later.test.tsx', "import { fakeFrames } from '../testing/fake-frames';"],
      ['src/features/keys/keys-panel.test.tsx', "import { render } from '@testing-library/react';"],
      ['src/app/render-count.test.tsx', "import { vi } from 'vitest';"],
      ['src/testing/fake-frames.ts', "import { vi } from 'vitest';"],
      ['src/testing/test-session.tsx', "import { createSession } from '../state/session';"],
    ]) {
      expect(await zoneErrors(path!, line!), `${path}: ${line}`).toEqual([]);
    }
  });

  it('the SQLite driver is loaded in one place: elsewhere its types only', async () => {
    for (const path of [
      'src/server/store/sqlite/open.ts',
      'src/server/cells/cells-in-view.test.ts',
      'bench/lookup.ts',
    ]) {
      expect(await zoneErrors(path, "import x from 'better-sqlite3';"), path).toEqual([
        expect.stringMatching(/src\/server\/store\/sqlite/),
      ]);
      expect(await zoneErrors(path, "import type x from 'better-sqlite3';"), path).toEqual([]);
    }
    expect(await zoneErrors('src/server/store/sqlite/driver.ts', "import x from 'better-sqlite3';")).toEqual(
      [],
    );
  });

  describe('the service’s rooms', () => {
    const refused = async (path: string, line: string, message: RegExp) =>
      expect(await zoneErrors(path, line), `${path}: ${line}`).toEqual([expect.stringMatching(message)]);
    const allowed = async (path: string, line: string) =>
      expect(await zoneErrors(path, line), `${path}: ${line}`).toEqual([]);

    it('only the entry points and cli/ import demo/: never the store, the sources or the reads', async () => {
      for (const path of [
        'src/server/store/sqlite/admin.ts',
        'src/server/cells/sources/opencellid.ts',
        'src/server/cells/cell-read.ts',
        'src/server/admin/import/import-cells.ts',
      ]) {
        await refused(path, "import { x } from '../demo/demo-data';", /Only the entry points and cli/);
      }
      await allowed('src/server/main.ts', "import { x } from './demo/demo-data';");
      await allowed('src/server/admin/import-command.ts', "import { x } from '../demo/demo-data';");
      await allowed('src/server/cells/cell-read.test.ts', "import { x } from '../demo/demo-data';");
    });

    it('only tests and testing/ import vitest or testing/', async () => {
      await refused('src/server/cells/cell-read.ts', "import { x } from 'vitest';", /Only tests/);
      await refused('src/server/app.ts', "import { x } from 'vitest';", /Only tests/);
      await refused(
        'src/server/app.ts',
        "import { x } from './testing/temp-stores';",
        /only tests import it/,
      );
      await allowed('src/server/testing/temp-stores.ts', "import { x } from 'vitest';");
      await allowed('src/server/system-tests/app.test.ts', "import { x } from './testing/temp-stores';");
    });

    it('net/ imports nothing of the service but src/api', async () => {
      await refused(
        'src/server/platform/net/outbound.ts',
        "import { x } from '../store/records';",
        /net\/ is the way out/,
      );
      await refused(
        'src/server/platform/net/outbound.ts',
        "import { x } from '../config';",
        /net\/ is the way out/,
      );
      await allowed('src/server/platform/net/outbound.ts', "import { x } from '../../api/errors';");
      await allowed('src/server/platform/net/outbound.ts', "import { x } from './safe-text';");
    });

    it('reads/ reach the store through its interface only', async () => {
      for (const line of ["import x from '../store/sqlite';", "import { x } from '../store/schema';"]) {
        await refused('src/server/cells/cell-read.ts', line, /through its interface/);
      }
      for (const name of ['service-reads', 'records', 'fresh-cache']) {
        await allowed('src/server/cells/cell-read.ts', `import { x } from '../store/${name}';`);
      }
    });

    it('imports run one way: sources below reads, import below cli, the store beneath all', async () => {
      await refused(
        'src/server/cells/sources/cell-lookup.ts',
        "import { x } from '../reads/cell-answer';",
        /sources/,
      );
      await refused(
        'src/server/cells/sources/cell-lookup.ts',
        "import { x } from '../proxy/pass-back';",
        /sources/,
      );
      await refused(
        'src/server/admin/import/import-cells.ts',
        "import { x } from '../cli/args';",
        /import\//,
      );
      await refused(
        'src/server/store/sqlite/schema.ts',
        "import { x } from '../places/gazetteer';",
        /store\//,
      );
      await refused('src/server/cells/gazetteer.ts', "import { x } from '../import/batch-reader';", /places/);
      await allowed('src/server/cells/sources/cell-sources.ts', "import { x } from '../places/gazetteer';");
      await allowed('src/server/modes/proxy/proxy-routes.ts', "import { x } from '../reads/cell-answer';");
    });
  });
});
