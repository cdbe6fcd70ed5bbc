import type { Page, Request } from '@playwright/test';
import { DEMO, MISMATCHED, expect, saveKeys, test } from './fixtures';

/** Helsinki at a city's zoom: the demo data has some 150 cells there, of three operators. */
const HELSINKI = '/?view=60.17000,24.94000,11';

const groups = (page: Page) => page.getByRole('button', { name: /^[\d,]+ cells here: zoom in$/ });
const lone = (page: Page) => page.getByRole('button', { name: /^Cell \d+\/\d+\/\d+: / });
const status = (page: Page) => page.getByRole('region', { name: 'Cells in view' }).getByRole('status');

function cellsReads(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/cells') sent.push(request);
  });
  return sent;
}

const bboxOf = (request: Request): number[] =>
  (new URL(request.url()).searchParams.get('bbox') ?? '').split(',').map(Number);

async function switchOn(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: 'Cells in view' }).check();
  await expect(status(page)).toContainText(/Cells in view: \d+\./);
}

/** Drags the map by (dx, dy) pixels from its middle, as a hand would. */
async function drag(page: Page, dx: number, dy: number): Promise<void> {
  const box = await page.locator('.leaflet-container').boundingBox();
  if (box === null) throw new Error('no map');
  const x = box.x + box.width / 3;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y + dy, { steps: 12 });
  await page.mouse.up();
}

test.describe('cells in view', () => {
  test('switched on: the view’s cells, clustered; a group zooms in; a cell opens its usual result', async ({
    page,
  }) => {
    await page.goto(HELSINKI);
    await saveKeys(page, DEMO);
    const reads = cellsReads(page);
    await switchOn(page);
    expect(reads).toHaveLength(1);
    const asked = new URL(reads[0]?.url() ?? '').searchParams;
    expect(asked.get('limit')).toBe('5000');
    expect(asked.get('serviceKey')).toBe(DEMO.serviceKey);
    await expect(groups(page).first()).toBeVisible();
    const scale = page.locator('.leaflet-control-scale-line');
    const before = await scale.textContent();
    await groups(page).first().click();
    await expect(scale).not.toHaveText(before ?? '');

    const cell = lone(page).first();
    const title = (await cell.getAttribute('title')) ?? '';
    const [, id = '', name = ''] = /^Cell (\S+): (.+)$/.exec(title) ?? [];
    await cell.click();
    await expect(page).toHaveURL(new RegExp(`/cell/${id}$`));
    await expect(page.locator('dl.fields').last()).toContainText(name);
    await expect(page.locator('.leaflet-marker-icon.marker-cell')).toBeVisible();
    await expect(page.getByLabel('Cell ID', { exact: true })).toHaveValue(id.split('/')[2] ?? '');
  });

  test('panning reads the new view; a read still under way is aborted by the next move', async ({ page }) => {
    await page.goto(HELSINKI);
    await saveKeys(page, DEMO);
    const reads = cellsReads(page);
    const aborted: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.url().includes('/api/cells?')) aborted.push(request.failure()?.errorText ?? '');
    });
    // The first read is held back, as a slow network would, so that the move comes while it is under way.
    let held = false;
    await page.route(/\/api\/cells\?/, async (route) => {
      if (!held) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 4000));
      }
      await route.continue().catch(() => undefined);
    });
    await page.getByRole('checkbox', { name: 'Cells in view' }).check();
    await expect(status(page)).toHaveText('Loading the cells in view…');
    await drag(page, -400, 0);
    await expect(status(page)).toContainText(/Cells in view: \d+\./);
    expect(reads).toHaveLength(2);
    expect(aborted).toEqual(['net::ERR_ABORTED']);
    const [before, after] = reads.map(bboxOf);
    expect(after?.[0]).toBeGreaterThan(before?.[0] ?? Infinity);
    await expect(lone(page).or(groups(page)).first()).toBeVisible();
  });

  test('filters: one operator, one radio; the read asks for them', async ({ page }) => {
    await page.goto(HELSINKI);
    await saveKeys(page, DEMO);
    const reads = cellsReads(page);
    await switchOn(page);
    const all = Number(/\d+/.exec((await status(page).textContent()) ?? '')?.[0]);
    const operator = page.getByLabel('Operator');
    await expect(operator.getByRole('option')).toHaveCount(4);
    await operator.selectOption('244-5');
    await expect(status(page)).toContainText(/Cells in view: \d+\./);
    await expect.poll(() => new URL(reads.at(-1)?.url() ?? '').searchParams.get('mnc')).toBe('5');
    const some = Number(/\d+/.exec((await status(page).textContent()) ?? '')?.[0]);
    expect(some).toBeGreaterThan(0);
    expect(some).toBeLessThan(all);
    const titles = await lone(page).evaluateAll((els) => els.map((el) => el.getAttribute('title')));
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toMatch(/^Cell 244\/5\//);

    await page.getByLabel('Radio').selectOption('LTE');
    await expect.poll(() => new URL(reads.at(-1)?.url() ?? '').searchParams.get('radio')).toBe('LTE');
    await expect(status(page)).toHaveText('No known cells in view. Move the map or zoom out.');
    await expect(lone(page)).toHaveCount(0);
    await expect(groups(page)).toHaveCount(0);

    await operator.selectOption('');
    await page.getByLabel('Radio').selectOption('');
    await expect(status(page)).toHaveText(`Cells in view: ${all}.`);
    await page.getByRole('checkbox', { name: 'Cells in view' }).uncheck();
    await expect(groups(page)).toHaveCount(0);
    await expect(lone(page)).toHaveCount(0);
  });

  test('without keys it asks for them; with keys of two developers it says so and offers the keys form', async ({
    page,
  }) => {
    await page.goto(HELSINKI);
    await page.getByRole('checkbox', { name: 'Cells in view' }).check();
    await expect(status(page)).toHaveText('Enter your keys to see the cells in view.');
    await saveKeys(page, MISMATCHED);
    const region = page.getByRole('region', { name: 'Cells in view' });
    await expect(region.getByRole('alert')).toContainText('These keys do not belong together');
    await region.getByRole('button', { name: 'Check keys' }).click();
    await expect(page.getByLabel('Service key', { exact: true })).toBeVisible();
  });
});
