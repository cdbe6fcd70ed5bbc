import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from '@playwright/test';
import { readBuild } from '../scripts/build-info.mjs';
import { serviceEnv } from '../scripts/service-env.mjs';
import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

/* An update as it happens: the app and the service built again from changed sources, the service restarted
   on the same address while a page of the old version is open. */
test.use({ serviceWorkers: 'allow' });

const PORT = Number(process.env.E2E_PORT ?? 5199) + 5;
const ORIGIN = `http://127.0.0.1:${PORT}`;

interface Version {
  app: string;
  service: string;
  build: string;
}

/** The sources of this checkout with one line more, built as `npm run build` does, in a folder of their own. */
function buildAnotherVersion(dir: string): Version {
  const tree = join(dir, 'tree');
  const inputs = [
    'src',
    'public',
    'scripts',
    'index.html',
    'package.json',
    'package-lock.json',
    'tsconfig.json',
  ];
  for (const input of [...inputs, 'vite.config.ts', 'vite.service.config.ts']) {
    cpSync(input, join(tree, input), { recursive: true });
  }
  symlinkSync(resolve('node_modules'), join(tree, 'node_modules'), 'dir');
  appendFileSync(
    join(tree, 'src', 'app', 'main.tsx'),
    '\n// Another version of the app, for e2e/update.spec.ts.\n',
  );
  const vite = resolve('node_modules', 'vite', 'bin', 'vite.js');
  for (const args of [['build'], ['build', '--config', 'vite.service.config.ts']]) {
    const built = spawnSync(process.execPath, [vite, ...args], {
      cwd: tree,
      encoding: 'utf8',
      timeout: 240_000,
    });
    if (built.status !== 0) throw new Error(`vite ${args.join(' ')}: ${built.stderr}${built.stdout}`);
  }
  return {
    app: join(tree, 'dist'),
    service: join(tree, 'dist-server'),
    build: readBuild(join(tree, 'dist')) ?? '',
  };
}

async function startService(version: Version, dir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(version.service, 'main.js')], {
    cwd: dir,
    env: serviceEnv(process.env, {
      HOST: '127.0.0.1',
      PORT: String(PORT),
      POSITIONING_DB: join(dir, 'positioning.db'),
      POSITIONING_SIMULATE_MS: '0',
      POSITIONING_RATE_LIMIT: '0',
      STATIC_DIR: version.app,
    }),
    stdio: 'ignore',
  });
  await expect
    .poll(
      () =>
        fetch(`${ORIGIN}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 20_000 },
    )
    .toBe(200);
  return child;
}

async function stopService(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

/** The build of the service worker in control of the page (it answers GET_BUILD); undefined mid-reload. */
const workerBuild = (page: Page): Promise<unknown> =>
  page
    .evaluate(
      () =>
        new Promise((done) => {
          const controller = navigator.serviceWorker.controller;
          if (controller === null) return done(null);
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => done(event.data);
          controller.postMessage({ type: 'GET_BUILD' }, [channel.port2]);
        }),
    )
    .catch(() => undefined);

test('an update: an old page reads nothing from a newer service and reloads into it; a newer worker waits for the person', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(join(tmpdir(), 'cellpos-update-'));
  const a: Version = {
    app: resolve('dist'),
    service: resolve('dist-server'),
    build: readBuild('dist') ?? '',
  };
  let service: ChildProcess | undefined;
  try {
    const b = buildAnotherVersion(dir);
    expect(b.build).not.toBe(a.build);

    service = await startService(a, dir);
    await page.goto(ORIGIN);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect.poll(() => workerBuild(page)).toBe(a.build);
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await expect(page.locator('dl.fields')).toContainText('Brändö');

    // The service is updated under the open page: its answers are not read, and the page says to reload.
    await stopService(service);
    service = await startService(b, dir);
    await lookUpCell(page, '244', '91', '400001');
    await expect(page.getByRole('alert')).toContainText('Cellpos has been updated');
    const status = page.getByRole('status').filter({ hasText: 'reload this page' });
    await expect(status).toBeVisible();
    await status.getByRole('button', { name: 'Reload' }).click();

    // The page is the new version, reads again, and the new worker took over quietly.
    await expect(page.locator('dl.fields')).toContainText('Helsinki Kamppi');
    const script = await page.locator('script[type="module"]').getAttribute('src');
    expect(readFileSync(join(b.app, 'index.html'), 'utf8')).toContain(`src="${script}"`);
    // The new worker installs the whole build first: at a machine load of 18 that took longer than 20 s.
    await expect.poll(() => workerBuild(page), { timeout: 60_000 }).toBe(b.build);
    await expect(page.getByRole('status').filter({ hasText: /new version|updated/ })).toHaveCount(0);

    // A newer worker found while the page is in use waits for the person. "In use": the page has registered its
    // own worker (src/app/pwa.ts, loaded after the page's load event); one found before that is found on opening
    // and taken at once. The registration's jobs run in turn, so an update asked for after the page's register
    // call settles after it.
    await expect
      .poll(() =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((e) => /\/assets\/pwa-/.test(e.name)),
        ),
      )
      .toBe(true);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const sw = join(b.app, 'sw.js');
    writeFileSync(sw, readFileSync(sw, 'utf8').replaceAll(b.build, 'e2e0000000000000'));
    rmSync(`${sw}.br`, { force: true });
    rmSync(`${sw}.gz`, { force: true });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const ready = page.getByRole('status').filter({ hasText: 'A new version of Cellpos is ready.' });
    await expect(ready).toBeVisible({ timeout: 60_000 });
    expect(await workerBuild(page)).toBe(b.build);
    // What the person sees after Reload is the page loading again, in the new worker's hands. Chromium lets a
    // worker that skips waiting in only once the worker in control has no event under way (or after 5 minutes),
    // and this poll's own question every second was such an event: beside production-install's `npm ci` the
    // handover took longer than the poll's 20 s (CI, e2e/update.spec.ts:115, passed on its retry). So the test
    // waits for the reload itself, within the test's budget, and asks the worker in control once, after it.
    const reloaded = page.waitForEvent('load', { timeout: 0 });
    await ready.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(await workerBuild(page)).toBe('e2e0000000000000');
    await expect(ready).toHaveCount(0);
  } finally {
    if (service !== undefined) await stopService(service);
    rmSync(dir, { recursive: true, force: true });
  }
});
