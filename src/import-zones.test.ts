import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();
const root = dirname(new URL(import.meta.url).pathname);

/** Every .ts and .tsx file under src, by its path from src. */
function sourceFiles(folder = root): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [relative(root, path)] : [];
  });
}

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
      ['src/server/store/sqlite/admin.ts', "import { x } from '../../../state/session';"],
      ['src/server/import/worker/read.ts', "import { x } from '../../../map/geo';"],
    ]) {
      expect(await zoneErrors(path!, line!), `${path}: ${line}`).toEqual([
        expect.stringMatching(/never the browser side/),
      ]);
    }
    for (const [path, line] of [
      ['src/server/store/admin.test.ts', "import { x } from '../testing/temp-stores';"],
      ['src/server/cells/cells.ts', "import { x } from '../../api/cell-id';"],
    ]) {
      expect(await zoneErrors(path!, line!), `${path}: ${line}`).toEqual([]);
    }
  });

  it('the contract’s test fixtures are imported by tests only, on either side, from any depth', async () => {
    for (const [path, line] of [
      ['src/server/admin/demo-data.ts', "import { x } from '../../api/fixtures/documented-cell';"],
      ['src/server/main.ts', "import { x } from '../api/fixtures/documented-cell';"],
      ['src/server/store/sqlite/admin.ts', "import { x } from '../../../api/fixtures/documented-cell';"],
      ['src/features/cell/cell-panel.tsx', "import { x } from '../../api/fixtures/documented-cell';"],
      ['src/api/codec.ts', "import { x } from './fixtures/documented-cell';"],
    ]) {
      expect(await zoneErrors(path!, line!), `${path}: ${line}`).not.toEqual([]);
    }
    // And no file outside the tests and the fixtures themselves does so today.
    const production = sourceFiles().filter(
      (path) =>
        !/\.test\.tsx?$/.test(path) && !path.startsWith('api/fixtures/') && !path.includes('testing/'),
    );
    const importers = production.filter((path) =>
      /from\s*'[^']*\/fixtures\//.test(readFileSync(join(root, path), 'utf8')),
    );
    expect(importers).toEqual([]);
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

    it('only the entry points, admin/ and the demo mode import the demo: never the store, cells or location', async () => {
      for (const [path, line] of [
        ['src/server/store/sqlite/admin.ts', "import { x } from '../../admin/demo-data';"],
        ['src/server/cells/sources/opencellid.ts', "import { x } from '../../admin/demo-data';"],
        ['src/server/cells/cell-read.ts', "import { x } from '../modes/demo/simulator';"],
        ['src/server/location/location-read.ts', "import { x } from '../admin/towns';"],
      ]) {
        expect(await zoneErrors(path!, line!), `${path}: ${line}`).toContainEqual(
          expect.stringMatching(/Only the entry points, admin\//),
        );
      }
      await allowed('src/server/main.ts', "import { x } from './admin/demo-data';");
      await allowed('src/server/admin/import-command.ts', "import { x } from './demo-data';");
      await allowed('src/server/modes/demo/simulator.ts', "import { x } from '../../admin/demo-data';");
      await allowed('src/server/cells/cell-read.test.ts', "import { x } from '../admin/demo-data';");
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
      await allowed('src/server/system-tests/app.test.ts', "import { x } from '../testing/temp-stores';");
    });

    it('platform/net and platform/cache import nothing of the service but src/api', async () => {
      for (const line of [
        "import { x } from '../../store/records';",
        "import { x } from '../../config';",
        "import { x } from '../guard/guard';",
      ]) {
        await refused('src/server/platform/net/outbound.ts', line, /platform\/net is the one way out/);
        await refused('src/server/platform/cache/fresh-cache.ts', line, /platform\/cache/);
      }
      await allowed('src/server/platform/net/outbound.ts', "import { x } from '../../../api/errors';");
      await allowed('src/server/platform/net/outbound.ts', "import { x } from './safe-text';");
    });

    it('capabilities reach the store through its ports, never an engine', async () => {
      for (const path of ['src/server/cells/cell-read.ts', 'src/server/location/location-read.ts']) {
        for (const line of [
          "import x from '../store/sqlite/driver';",
          "import { x } from '../store/sqlite/schema';",
          "import { x } from '../store/postgres/open';",
        ]) {
          await refused(path, line, /through its ports/);
        }
        for (const name of ['service-reads-port', 'records', 'service-store', 'cell-cache-port']) {
          await allowed(path, `import { x } from '../store/${name}';`);
        }
      }
      await refused('src/server/store/sqlite/open.ts', "import { x } from '../postgres/open';", /one engine/);
      await refused('src/server/store/postgres/open.ts', "import { x } from '../sqlite/open';", /one engine/);
      await allowed('src/server/store/postgres/open.ts', "import { x } from '../cell-cache-port';");
    });

    it('each capability in its own room: the CAMARA consumer and operator never import each other', async () => {
      await refused(
        'src/server/camara-consumer/engine.ts',
        "import { x } from '../camara-operator/operator';",
        /camara-consumer\//,
      );
      await refused(
        'src/server/camara-operator/routes.ts',
        "import { x } from '../camara-consumer/engine';",
        /camara-operator\//,
      );
      await refused(
        'src/server/cells/cell-read.ts',
        "import { x } from '../camara-consumer/engine';",
        /cells\//,
      );
      await refused(
        'src/server/cells/cell-read.ts',
        "import { x } from '../modes/proxy/pass-back';",
        /cells\//,
      );
      await allowed('src/server/location/camara-read.ts', "import { x } from '../camara-consumer/asks';");
      await allowed('src/server/camara-consumer/engine.ts', "import { x } from '../../api/device-location';");
    });

    it('imports run one way: platform beneath the capabilities, the store beneath all', async () => {
      await refused(
        'src/server/platform/http/cors.ts',
        "import { x } from '../../cells/cell-answer';",
        /plumbing/,
      );
      await refused(
        'src/server/platform/guard/guard.ts',
        "import { x } from '../../cells/cell-request';",
        /door/,
      );
      await refused(
        'src/server/store/sqlite/schema.ts',
        "import { x } from '../../cells/gazetteer';",
        /store\//,
      );
      await refused(
        'src/server/store/records.ts',
        "import { x } from '../platform/guard/limits';",
        /store\//,
      );
      await refused(
        'src/server/admin/import/import-cells.ts',
        "import { x } from '../../modes/proxy/x';",
        /admin\//,
      );
      await allowed('src/server/cells/sources/cell-sources.ts', "import { x } from '../gazetteer';");
      await allowed('src/server/modes/proxy/proxy-routes.ts', "import { x } from '../../cells/cell-answer';");
    });
  });
});
