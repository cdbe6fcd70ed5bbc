import type { Locator, Page } from '@playwright/test';
import { CAMARA_NUMBERS as N } from '../scripts/stand-ins/camara-subscribers';
import { CAMARA_SERVICE, camaraUser, DEMO, expect, saveKeys, test } from './fixtures';

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (found === null) throw new Error(`${locator.toString()} is not on screen`);
  return found;
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** Whether the words of an element's placeholder fit in its box, measured in its own font. */
const placeholderFits = (input: Locator) =>
  input.evaluate((element: HTMLInputElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (context === null) return false;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(element.placeholder).width <= room;
  });

async function openLegend(page: Page): Promise<Locator> {
  const legend = page.locator('details.map-legend');
  if ((await legend.getAttribute('open')) === null) await legend.locator('summary').click();
  await expect(legend.getByRole('listitem')).toHaveCount(8);
  return legend;
}

test.describe('on a phone (390 × 844)', () => {
  test.beforeEach(({ page }, info) => {
    test.skip(info.project.name !== 'phone', 'the phone’s layout');
    void page;
  });

  test('the header is two short rows: the name, then Language and Format side by side', async ({ page }) => {
    await page.goto('/');
    const header = await box(page.locator('.app-header'));
    expect(header.height).toBeLessThanOrEqual(80);
    const language = await box(page.getByLabel('Language / Kieli'));
    const format = await box(page.getByLabel('Format'));
    expect(Math.abs(language.y - format.y)).toBeLessThan(4);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`${colorScheme}: every entry of the open legend can be read on the map`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.goto('/');
      const legend = await openLegend(page);
      const map = await box(page.locator('.map-wrap'));
      const side = await box(page.locator('.map-side'));
      for (const entry of await legend.getByRole('listitem').all()) {
        const shown = await box(entry);
        expect(inside(shown, map) && inside(shown, side), await entry.innerText()).toBe(true);
      }
      await page.screenshot({ path: test.info().outputPath(`legend-${colorScheme}.png`) });
    });
  }

  test('the Cells in view box, filters shown, covers a strip of the map, not its upper half', async ({
    page,
  }) => {
    await page.goto('/?view=60.17000,24.94000,12');
    await saveKeys(page, DEMO);
    await page.getByRole('checkbox', { name: 'Cells in view' }).check();
    const region = page.getByRole('region', { name: 'Cells in view' });
    await expect(region.getByRole('status')).toContainText(/\d+/);
    await expect(region.getByLabel('Radio')).toBeVisible();
    const map = await box(page.locator('.map-wrap'));
    const shown = await box(region);
    expect(shown.height / map.height).toBeLessThan(1 / 3);
  });
});

test.describe('small things', () => {
  test('the scale bar’s words stay in its box at every zoom', async ({ page }) => {
    // Fifteen loads of the whole page: on a busy machine that is more than one test's usual time.
    test.slow();
    const scale = page.locator('.leaflet-control-scale-line');
    for (let zoom = 3; zoom <= 17; zoom++) {
      await page.goto(`/?view=60.17000,24.94000,${zoom}`);
      await expect(scale).toHaveText(/^\d+ k?m$/);
      const spill = await scale.evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(spill, `${await scale.innerText()} at zoom ${zoom}`).toBeLessThanOrEqual(0);
    }
  });

  test('the Cell ID placeholder is not cut, in English and in Finnish', async ({ page }) => {
    await page.goto('/');
    expect(await placeholderFits(page.getByLabel('Cell ID', { exact: true }))).toBe(true);
    await page.getByLabel('Language / Kieli').selectOption('fi');
    expect(await placeholderFits(page.getByLabel('Solutunnus', { exact: true }))).toBe(true);
  });

  test('a short batch says how long it took in tenths of a second, not “0 secs”', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.getByRole('button', { name: 'Open batch lookup' }).click();
    await page.getByLabel('Cells, one per line').fill('244,91,10038\n244,91,400101');
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    const ended = page.getByRole('region', { name: 'Batch lookup' }).locator('.batch-ended');
    await expect(ended).toHaveText(/^Finished: 2 found, 0 failed of 2 in (under 0\.1|\d+\.\d|\d+) secs?\.$/);
    await expect(ended).not.toHaveText(/ in 0 secs?\./);
  });
});

test.describe('in dark mode, with a CAMARA operator', () => {
  test.use({ baseURL: CAMARA_SERVICE, colorScheme: 'dark' });

  test('“Use the middle of the map” reads as a link, not as a disabled button', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, camaraUser(N.atOnce));
    await expect(page.locator('.leaflet-container')).toBeVisible();
    const section = page.getByRole('region', { name: 'Is my phone near a place?' });
    await section.getByRole('radio', { name: 'A point on the map' }).check();
    const middle = section.getByRole('button', { name: 'Use the middle of the map' });
    await expect(middle).toBeEnabled();
    const looks = await middle.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, colour: style.color, line: style.textDecorationLine };
    });
    expect(looks).toEqual({
      background: 'rgba(0, 0, 0, 0)',
      colour: 'rgb(143, 202, 240)',
      line: 'underline',
    });
  });
});
