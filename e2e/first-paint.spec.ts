import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/* What stands between the page and the first map tile (issue 13): nothing but the page and its scripts. */

const tileRequests = (urls: string[]) =>
  urls.filter((url) => url.startsWith('https://tile.openstreetmap.org/'));

test('the first tile waits for no settings read: they come in the page, beside early word of the tile host', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/');
  await expect(page.locator('img.leaflet-tile-loaded').first()).toBeAttached();
  expect(requests.filter((url) => new URL(url).pathname === '/api/settings')).toEqual([]);
  await expect(page.locator('link[rel="preconnect"]')).toHaveAttribute(
    'href',
    'https://tile.openstreetmap.org',
  );
  // The page's own preload of the settings, for a page served without them, is taken out.
  await expect(page.locator('link[data-settings-preload]')).toHaveCount(0);
});

test('a page served without its settings (the app on a CDN) reads them from the API and draws the map', async ({
  page,
}) => {
  const built = readFileSync('dist/index.html', 'utf8');
  await page.route(/\/$/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: built }));
  const settingsRead = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/settings');
  await page.goto('/');
  await settingsRead;
  await expect(page.locator('img.leaflet-tile-loaded').first()).toBeAttached();
  await expect(page.getByRole('button', { name: 'Use demo keys' })).toBeVisible();
});

test('a high-density screen gets tiles sharp enough for it: the next zoom level, each at half the size', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/');
  const tile = page.locator('img.leaflet-tile-loaded').first();
  await expect(tile).toBeAttached();
  const density = await page.evaluate(() => window.devicePixelRatio);
  const zooms = new Set(tileRequests(requests).map((url) => Number(new URL(url).pathname.split('/')[1])));
  const width = await tile.evaluate((image) => image.getBoundingClientRect().width);
  // The map opens at zoom 5; a 256 px tile is drawn over 256 CSS px, or 128 where a CSS px has 2+ device px.
  expect([...zooms]).toEqual([density > 1 ? 6 : 5]);
  expect(width).toBe(density > 1 ? 128 : 256);
});

test('the map is asked for once the first screen is painted, and comes whole: tiles, buttons, credit, outline, scale', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.locator('img.leaflet-tile-loaded').first()).toBeAttached();
  // Its chunk shares no line with the page's own script before the first paint (Lighthouse, issue 13).
  const order = await page.evaluate(() => {
    const painted = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const asked = performance
      .getEntriesByType('resource')
      .find((entry) => /\/assets\/map-view-[^/]*\.js$/.test(entry.name))?.startTime;
    return { painted, asked };
  });
  expect(order.painted).toBeDefined();
  expect(order.asked).toBeGreaterThan(order.painted ?? Infinity);
  // The map starts in steps a frame apart (src/paint/later.tsx); each step's part is there in the end.
  await expect(page.getByRole('button', { name: 'Zoom in', exact: true })).toBeVisible();
  await expect(page.locator('.leaflet-control-attribution')).toContainText('OpenStreetMap');
  await expect(page.locator('.leaflet-control-scale-line')).toHaveText(/^\d+ k?m$/);
  // The world outline is drawn a few countries at a time: all 177 of them.
  await expect(page.locator('.leaflet-outline-pane path')).toHaveCount(177);
  await expect(page.locator('.map-loading')).toHaveCount(0);
  // Coming in steps moves nothing already painted (the credit, say, growing with the tiles' a frame later).
  // The shifts so far, taken at once from the buffer (takeRecords) rather than waiting a fixed time for the
  // observer's callback, which never comes when there are none.
  const shifts = await page.evaluate(() => {
    const observer = new PerformanceObserver(() => undefined);
    observer.observe({ type: 'layout-shift', buffered: true });
    const entries = observer.takeRecords() as (PerformanceEntry & {
      value: number;
      sources?: { node?: Node }[];
    })[];
    observer.disconnect();
    return entries.map((entry) => `${entry.value}: ${entry.sources?.map((s) => s.node?.nodeName).join(' ')}`);
  });
  expect(shifts).toEqual([]);
});
