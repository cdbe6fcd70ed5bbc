import type { Page } from '@playwright/test';
import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';
import { settle } from './map';

/** Where the page and the map's own box are scrolled to. */
const scrolled = (page: Page) =>
  page.evaluate(() => ({
    page: window.scrollY,
    map: document.querySelector('.leaflet-container')?.scrollTop ?? -1,
  }));

async function cellsInView(page: Page): Promise<void> {
  await page.goto('/?view=60.17000,24.94000,12');
  await saveKeys(page, DEMO);
  await page.getByRole('checkbox', { name: 'Cells in view' }).check();
  await expect(page.locator('.cluster-item--in-view').first()).toBeVisible();
}

test.describe('the map from the keyboard', () => {
  test('Enter or Space on a cell in view looks it up, as a click does', async ({ page }) => {
    await cellsInView(page);
    const first = page.locator('.cluster-item--in-view').first();
    const name = (await first.getAttribute('title')) ?? '';
    const [, cell = ''] = /^Cell (\d+\/\d+\/\d+):/.exec(name) ?? [];
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/cell/${cell}$`));
    await expect(page.getByRole('region', { name: 'Look up a cell' }).locator('dl.fields')).toBeVisible();

    // The map flies to the cell looked up, and draws the cells in view anew where it lands.
    await settle(page, page.getByRole('button', { name: /^Cell: / }));
    const titles = await page
      .locator('.cluster-item--in-view')
      .evaluateAll((markers) => markers.map((marker) => marker.getAttribute('title') ?? ''));
    const second = titles.find((title) => title !== name && /^Cell \d+\/\d+\/\d+:/.test(title)) ?? '';
    const [, next = ''] = /^Cell (\d+\/\d+\/\d+):/.exec(second) ?? [];
    expect(next).not.toBe('');
    await page.locator(`.cluster-item--in-view[title="${second}"]`).focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(new RegExp(`/cell/${next}$`));
  });

  test('a marker’s popup: Space or Enter opens it, Escape closes it and focus stays on the marker', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    const marker = page.getByRole('button', { name: 'Cell: Brändö' });
    const popup = page.locator('.leaflet-popup');
    await marker.focus();
    await page.keyboard.press('Space');
    await expect(popup).toContainText('Brändö');
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(marker).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(popup).toContainText('Brändö');
  });

  test('Tab through the markers never scrolls the page or the map’s box', async ({ page }) => {
    await page.goto('/?view=60.17000,24.94000,12');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '400001');
    await expect(page.getByRole('heading', { name: 'Helsinki Kamppi', level: 3 })).toBeFocused();
    const toggle = page.getByRole('checkbox', { name: 'Cells in view' });
    await toggle.check();
    await expect(page.locator('.cluster-item--in-view').first()).toBeVisible();
    // The person has scrolled down the side panel (on a phone, the page under the sticky map), and goes back
    // into the map from its first control, past the credits and the zoom buttons to the markers.
    await page.getByRole('region', { name: 'History' }).scrollIntoViewIfNeeded();
    await toggle.evaluate((element) => element.focus({ preventScroll: true }));
    await toggle.press('Shift+Tab');
    const before = await scrolled(page);
    let markers = 0;
    for (let step = 0; step < 12; step++) {
      await page.keyboard.press('Shift+Tab');
      expect(await scrolled(page)).toEqual(before);
      if ((await page.locator('.leaflet-marker-icon:focus').count()) > 0) markers += 1;
    }
    expect(markers).toBeGreaterThan(1);
  });

  test('a skip link, the first Tab stop, leads past the side panel to the map', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.leaflet-container')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to the map' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('region', { name: 'Map' })).toBeFocused();
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press('Tab');
    await expect(page.locator('.map-wrap :focus')).toHaveCount(1);
    await page.getByLabel('Language / Kieli').selectOption('fi');
    await expect(page.getByRole('link', { name: 'Siirry karttaan' })).toHaveCount(1);
  });
});

test.describe('Escape', () => {
  test('leaves the Change keys form as Cancel does', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.getByRole('button', { name: 'Change keys' }).click();
    const service = page.getByLabel('Service key', { exact: true });
    await service.fill('something else');
    await service.press('Escape');
    await expect(service).toHaveCount(0);
    await expect(page.getByText('Keys are kept for this browser tab only.')).toBeFocused();
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.getByText('+358 40 123 4567').first()).toBeVisible();
  });
});
