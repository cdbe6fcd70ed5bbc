import type { Page, Response } from '@playwright/test';
import { decodeCells } from '../src/api/cells-codec';
import type { CellCounts } from '../src/api/cell-counts';
import { DEMO, expect, saveKeys, test } from './fixtures';

/** Finland whole, at a country's zoom. */
const FINLAND = '/?view=65.00000,26.00000,5';

const inView = (page: Page) => page.getByRole('region', { name: 'Cells in view' });
const groups = (page: Page) => page.getByRole('button', { name: /^[\d,]+ cells here: zoom in$/ });

/** The numbers on the map, as a screen reader hears them, added up. */
async function numbersOnMap(page: Page): Promise<number> {
  const names = await groups(page).evaluateAll((markers) =>
    markers.map((marker) => marker.getAttribute('aria-label') ?? ''),
  );
  return names.reduce((sum, name) => sum + Number(/^([\d,]+)/.exec(name)?.[1]?.replace(/,/g, '') ?? NaN), 0);
}

/** The demo data holds 681 cells, fewer than the map's limit (5,000): the limit is lowered to 50 on the way to the
 *  service, so that Finland's view is one holding more than are worth drawing. */
async function lowerLimit(page: Page): Promise<void> {
  await page.route(/\/api\/cells\?/, async (route) => {
    const url = new URL(route.request().url());
    url.searchParams.set('limit', '50');
    await route.continue({ url: url.href });
  });
}

test.describe('cells in view as counts', () => {
  test('a country’s view over more cells than are drawn: numbers that add up to the cells there', async ({
    page,
  }) => {
    await lowerLimit(page);
    let counts: CellCounts | undefined;
    page.on('response', (response: Response) => {
      if (new URL(response.url()).pathname !== '/api/cells' || response.status() !== 200) return;
      void response
        .text()
        .then((body) => (counts = decodeCells(body, response.headers()['content-type'] ?? null).counts))
        .catch(() => undefined);
    });
    await page.goto(FINLAND);
    await saveKeys(page, DEMO);
    await page.getByRole('checkbox', { name: 'Cells in view' }).check();
    await expect(inView(page).getByRole('status')).toContainText(/counted per square/);
    await expect(page.locator('.map-legend')).toContainText('the count of cells in that square');
    await expect.poll(() => counts?.total ?? 0).toBeGreaterThan(50);
    await expect.poll(() => numbersOnMap(page)).toBe(counts?.total);

    // The database's own count of the cells in the box the squares cover: the cells themselves, all of them.
    const { west, south, east, north } = counts?.box ?? { west: 0, south: 0, east: 0, north: 0 };
    const all = await page.request.get(
      `/api/cells?bbox=${[west, south, east, north].join(',')}&limit=10000` +
        `&serviceKey=${DEMO.serviceKey}&userKey=${DEMO.userKey}`,
      { headers: { Accept: 'application/json' } },
    );
    const cells = decodeCells(await all.text(), all.headers()['content-type'] ?? null);
    expect(cells.truncated).toBe(false);
    expect(await numbersOnMap(page)).toBe(cells.cells.length);
    await expect(groups(page).first()).toHaveAccessibleName(/^[\d,]+ cells here: zoom in$/);
  });

  test('the operator filter names the operators the counts hold: one chosen, its numbers on the map', async ({
    page,
  }) => {
    await lowerLimit(page);
    const answers: CellCounts[] = [];
    page.on('response', (response: Response) => {
      if (new URL(response.url()).pathname !== '/api/cells' || response.status() !== 200) return;
      void response
        .text()
        .then((body) => decodeCells(body, response.headers()['content-type'] ?? null).counts)
        .then((counts) => counts && answers.push(counts))
        .catch(() => undefined);
    });
    await page.goto(FINLAND);
    await saveKeys(page, DEMO);
    await page.getByRole('checkbox', { name: 'Cells in view' }).check();
    await expect(inView(page).getByRole('status')).toContainText(/counted per square/);
    await expect.poll(() => answers.length).toBeGreaterThan(0);
    // No cell is drawn one by one, yet every operator the counts hold is offered (after "All operators").
    const named = (answers[0]?.operators ?? []).map((op) => `${op.mcc}-${op.mnc}`);
    expect(named.length).toBeGreaterThan(1);
    const operator = inView(page).getByLabel('Operator');
    await expect(operator.getByRole('option')).toHaveCount(named.length + 1);
    const offered = await operator
      .getByRole('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    expect(offered).toEqual(named);

    // One chosen: the read asks for it, the numbers on the map are its cells, the others still offered.
    const chosen = answers[0]?.operators.find((op) => op.count > 50) ?? answers[0]?.operators[0];
    const asked = page.waitForRequest(
      (request) =>
        new URL(request.url()).pathname === '/api/cells' &&
        new URL(request.url()).searchParams.get('mnc') === chosen?.mnc,
    );
    await operator.selectOption(`${chosen?.mcc}-${chosen?.mnc}`);
    expect(new URL((await asked).url()).searchParams.get('mcc')).toBe(chosen?.mcc);
    if ((chosen?.count ?? 0) > 50) await expect.poll(() => numbersOnMap(page)).toBe(chosen?.count);
    await expect(operator.getByRole('option')).toHaveCount(named.length + 1);
  });

  test('moved away and back, the view is drawn again from what the page has: no read of it again', async ({
    page,
  }) => {
    await lowerLimit(page);
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/cells') reads.push(url.searchParams.get('bbox') ?? '');
    });
    await page.goto(FINLAND);
    await saveKeys(page, DEMO);
    await page.getByRole('checkbox', { name: 'Cells in view' }).check();
    await expect(inView(page).getByRole('status')).toContainText(/counted per square/);
    await expect.poll(() => numbersOnMap(page)).toBeGreaterThan(50);
    expect(reads).toHaveLength(1);
    const home = reads[0];
    // The keyboard pans by whole steps, so back is exactly where it was (a drag's inertia may not be).
    const map = page.locator('.leaflet-container');
    await map.focus();
    await map.press('ArrowRight');
    await expect.poll(() => reads.length).toBe(2);
    await map.press('ArrowLeft');
    // A move after the move back (pressed again until Leaflet takes it: a key during a pan is dropped), whose read
    // comes after the page has taken in the move back: no read of the first view came between.
    await expect
      .poll(async () => {
        await map.press('ArrowUp');
        return reads.length;
      })
      .toBeGreaterThanOrEqual(3);
    expect(reads.slice(2).every((bbox) => bbox !== home && bbox !== reads[1])).toBe(true);
    expect(reads.filter((bbox) => bbox === home)).toHaveLength(1);
  });
});
