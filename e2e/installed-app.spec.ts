import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page, type Route } from '@playwright/test';
import { expectAccessible } from './accessible';
import { DEMO, expect, LOCAL, lookUpCell, saveKeys, test } from './fixtures';
import { settle } from './map';

/* The app as it is installed: with its service worker (the other specs run without one). */
test.use({ serviceWorkers: 'allow' });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);

const column = (url: string): number => Number(new URL(url).pathname.split('/')[2]);

/** Tiles as OpenStreetMap sends them (CORS, a lifetime), except that those of odd columns may not be kept. */
async function serveTiles(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'image/png',
      body: PNG,
      headers: {
        'access-control-allow-origin': '*',
        'cache-control': column(route.request().url()) % 2 === 0 ? 'public, max-age=86400' : 'no-store',
      },
    }),
  );
}

/* No connection, for the page and for its service worker, whose requests setOffline does not reach. */
const disconnected = (route: Route) => route.abort('internetdisconnected');
async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', disconnected);
}
async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute('**/*', disconnected);
  await context.setOffline(false);
}

async function untilControlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The tiles the map shows now that their server lets us keep, in order. */
const keepableShown = async (page: Page): Promise<string[]> =>
  (
    await page
      .locator('img.leaflet-tile-loaded[src^="https:"]')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).src))
  )
    .filter((src) => src.startsWith('https:') && column(src) % 2 === 0)
    .sort();

const keptTiles = (page: Page): Promise<string[]> =>
  page.evaluate(async () =>
    (await (await caches.open('cellpos-tiles')).keys()).map((request) => request.url),
  );

test.describe('the installed app', () => {
  test('opens offline: the shell, the last answers with the time they were read, and a clear offline state', async ({
    page,
    context,
  }) => {
    await serveTiles(context);
    await page.goto('/');
    await untilControlled(page);
    // Online, a page still comes from the service, with its settings, not from the worker's copy.
    await page.reload();
    await expect(page.locator('#cellpos-settings')).toHaveCount(1);
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await expect(page.locator('dl.fields')).toContainText('Brändö');
    const history = page.getByRole('region', { name: 'History' });
    const entry = history.getByRole('button', { name: /^Cell 244\/91\/10038 Brändö/ });
    const readAt = await entry.locator('time').innerText();
    // The map has flown to the cell and its tiles that may be kept are kept (any kept tile was not enough: the
    // first view's could be kept while the cell's were still on their way, and the page offline shows the cell's).
    await settle(page, page.locator('.leaflet-marker-icon.marker-cell'));
    const shownOnline = await keepableShown(page);
    expect(shownOnline.length).toBeGreaterThan(0);
    // The worker keeps a tile once the map has it: asked until it has put the last one away.
    await expect
      .poll(async () => {
        const kept = new Set(await keptTiles(page));
        return shownOnline.filter((src) => !kept.has(src));
      })
      .toEqual([]);

    await goOffline(context);
    await page.reload();
    // Whatever navigator.onLine says in a page the worker served offline (Chromium 150: true, 156: false), the app
    // is offline: the shell's settings read cannot reach the service (e2e/offline.spec.ts: a browser saying online).
    await expect(page.getByRole('status').filter({ hasText: 'No connection' })).toBeVisible();
    // The shell the service worker keeps (the service's own page would carry the settings).
    await expect(page.locator('#cellpos-settings')).toHaveCount(0);
    await expect(entry).toContainText(readAt);
    await entry.click();
    await expect(page.getByText(`Shown from history: answer of ${readAt}, not a new read.`)).toBeVisible();
    await expect(page.locator('dl.fields')).toContainText('Brändö');

    // Tiles: only those their server let us keep were kept, and the map shows them without a connection.
    const kept = await keptTiles(page);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((url) => column(url) % 2 !== 0)).toEqual([]);
    const shown = page.locator('img.leaflet-tile-loaded[src^="https:"]');
    // Generous: at a machine load of 18 the first kept tile took longer than the default 5 s to be drawn.
    await expect(shown.first()).toBeVisible({ timeout: 20_000 });
    // Leaflet may unload a tile between finding the images and reading them (its src becomes an empty GIF).
    const sources = await shown.evaluateAll((images) =>
      images.map((image) => (image as HTMLImageElement).src).filter((src) => src.startsWith('https:')),
    );
    for (const src of sources) expect(column(src) % 2, src).toBe(0);

    // A lookup says it needs a connection, sends nothing, and runs by itself when the connection is back.
    await lookUpCell(page, '244', '91', '400001');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('No connection');
    await expect(alert).toContainText('Nothing was sent');
    await expectAccessible(page);
    await goOnline(context);
    await expect(page.getByRole('status').filter({ hasText: 'No connection' })).toHaveCount(0);
    await expect(page.locator('dl.fields')).toContainText('Helsinki Kamppi');
  });

  // Playwright reads a test's fixtures from its first parameter's pattern; this test uses none of them.
  // eslint-disable-next-line no-empty-pattern
  test('is installable: a manifest Chromium accepts, icons, and a service worker in control', async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'installability does not depend on the screen');
    // Chromium never offers to install from an incognito profile, which every Playwright context is.
    const profile = mkdtempSync(join(tmpdir(), 'cellpos-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL: testInfo.project.use.baseURL,
    });
    try {
      await context.route(
        (url) => !LOCAL.test(url.href),
        (route) => route.abort('blockedbyclient'),
      );
      const page = await context.newPage();
      await page.goto('/');
      await untilControlled(page);
      const cdp = await context.newCDPSession(page);
      expect((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors).toEqual([]);
      expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
        name: 'Cellpos — cell positioning on a map',
        short_name: 'Cellpos',
        start_url: '/',
        display: 'standalone',
        icons: expect.arrayContaining([
          expect.objectContaining({ sizes: '192x192', type: 'image/png' }),
          expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
        ]),
      });
      for (const icon of ['/icon-192.png', '/icon-512.png', '/icon-maskable-512.png']) {
        const response = await page.request.get(icon);
        expect(response.headers()['content-type'], icon).toBe('image/png');
      }
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
