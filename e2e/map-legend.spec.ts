import type { Page } from '@playwright/test';
import { expectAccessible, MAP, PANEL } from './accessible';
import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

const ENTRIES = [
  'Your phone (the cell serving it)',
  'A looked-up cell',
  'A cell in view',
  'A cell of the batch lookup',
  'A number: that many cells close together (click to zoom in)',
  'This device, and how accurate its position is',
  'Range: the area the cell serves, as the source estimates it',
  'Your phone’s trail during this visit',
];

/** The map as busy as it gets: the phone, a looked-up cell, the cells in view, the legend open. */
async function busyMap(page: Page): Promise<void> {
  await page.goto('/?view=60.17000,24.94000,10');
  await saveKeys(page, DEMO);
  await page.getByRole('button', { name: 'Locate my phone' }).click();
  await expect(page.getByText('+358 40 123 4567')).toBeVisible();
  await lookUpCell(page, '244', '91', '400001');
  await expect(page.locator('dl.fields').last()).toContainText('Helsinki Kamppi');
  await page.getByRole('checkbox', { name: 'Cells in view' }).check();
  await expect(page.getByRole('region', { name: 'Cells in view' }).getByRole('status')).toContainText(/\d+/);
  // The status counts the answer; the map draws its cells a frame or more later.
  await expect(page.locator('.cluster-group--in-view').first()).toBeVisible();
  const legend = page.locator('details.map-legend');
  if ((await legend.getAttribute('open')) === null) await legend.locator('summary').click();
  await expect(legend.getByRole('listitem')).toHaveCount(ENTRIES.length);
}

test.describe('a map that explains itself', () => {
  test('the legend names every mark; open where there is room, a tap away on a phone', async ({
    page,
  }, info) => {
    await page.goto('/');
    const legend = page.locator('details.map-legend');
    await expect(legend.locator('summary')).toHaveText('Legend');
    if (info.project.name === 'phone') {
      await expect(legend).not.toHaveAttribute('open');
      await legend.locator('summary').click();
    }
    await expect(legend).toHaveAttribute('open');
    // The symbols are pictures (hidden from screen readers); the words beside them are the entries.
    await expect(legend.locator('li > span:last-child')).toHaveText(ENTRIES);
    await page.getByLabel('Language / Kieli').selectOption('fi');
    await expect(legend.locator('summary')).toHaveText('Selite');
    await expect(legend.locator('li > span:last-child').first()).toHaveText(
      'Puhelimesi (sitä palveleva solu)',
    );
  });

  test('a looked-up cell with a range: the circle on the map, the legend says what it is', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    // A generated demo cell: GSM, range 5,602 m (README, Demo data and keys).
    await lookUpCell(page, '244', '91', '5120771');
    const facts = page.getByRole('group', { name: 'Where this answer comes from' });
    await expect(facts).toContainText('Range: 5.6 km');
    await expect(facts).toContainText('GSM');
    await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(1);
    const legend = page.locator('details.map-legend');
    if ((await legend.getAttribute('open')) === null) await legend.locator('summary').click();
    await expect(legend.getByRole('listitem').filter({ hasText: 'Circle:' })).toHaveText(
      'Circle: the area where the cell was heard, 5.6 km around it (this service’s database).',
    );
  });

  test('a metric scale bar that follows the zoom', async ({ page }) => {
    await page.goto('/?view=60.17000,24.94000,10');
    const scale = page.locator('.leaflet-control-scale-line');
    await expect(scale).toHaveCount(1);
    await expect(scale).toHaveText(/^\d+ k?m$/);
    const before = await scale.textContent();
    await page.getByRole('button', { name: 'Zoom in', exact: true }).click();
    await expect(scale).not.toHaveText(before ?? '');
  });

  test('light: the busy map is accessible (axe)', async ({ page }) => {
    await busyMap(page);
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe('rgb(243, 246, 248)');
    // The map as it shows: markers, clusters, controls and the open legend (the panels: e2e/a11y.spec.ts).
    await expectAccessible(page, [MAP]);
  });

  test.describe('in the system’s dark mode', () => {
    test.use({ colorScheme: 'dark' });

    test('panels and map turn dark, markers keep their colours, and all is accessible (axe)', async ({
      page,
    }) => {
      await busyMap(page);
      const looks = await page.evaluate(() => ({
        body: getComputedStyle(document.documentElement).backgroundColor,
        panel: getComputedStyle(document.querySelector('.panel') as Element).backgroundColor,
        tiles: getComputedStyle(document.querySelector('.leaflet-tile-pane') as Element).filter,
        legend: getComputedStyle(document.querySelector('.map-legend') as Element).backgroundColor,
        inView: getComputedStyle(document.querySelector('.cluster-group--in-view') as Element)
          .backgroundColor,
      }));
      expect(looks.body).toBe('rgb(16, 23, 29)');
      expect(looks.panel).toBe('rgb(24, 33, 41)');
      expect(looks.legend).toBe('rgb(24, 33, 41)');
      expect(looks.tiles).toContain('invert(1)');
      expect(looks.inView).toBe('rgb(204, 121, 167)');
      // Dark panels and the dark map, the answers in them.
      await expectAccessible(page, [PANEL, MAP]);
    });
  });
});
