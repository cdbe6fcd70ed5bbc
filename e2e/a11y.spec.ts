import { expectAccessible, MAP, PANEL } from './accessible';
import { DEMO, expect, lookUpCell, MISMATCHED, saveKeys, test } from './fixtures';

test.describe('accessibility', () => {
  test('no keys', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Use demo keys' })).toBeVisible();
    await expect(page.locator('.leaflet-container')).toBeVisible();
    await expectAccessible(page);
  });

  test('location shown', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.getByText('+358 40 123 4567')).toBeVisible();
    await expect(page.locator('.marker-phone.leaflet-marker-icon')).toBeVisible();
    await expectAccessible(page, [PANEL, `${MAP} .leaflet-marker-pane`]);
  });

  test('cell shown, with the raw response open', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await expect(page.locator('dl.fields')).toContainText('Brändö');
    await page.getByText('Raw response', { exact: true }).click();
    await expect(page.getByLabel('Response body')).toBeVisible();
    await expectAccessible(page, [PANEL]);
  });

  test('errors shown', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, MISMATCHED);
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(
      page.getByRole('region', { name: 'My phone', exact: true }).getByRole('alert'),
    ).toBeVisible();
    // The watches' list, read in the background with the same keys, says so politely: one alert for one cause.
    const watching = page.getByRole('region', { name: 'Watch my phone' });
    await expect(
      watching.getByRole('status').filter({ hasText: 'did not accept this pair of keys' }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(1);
    await lookUpCell(page, '24', '', '');
    await expect(page.getByLabel('MCC', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, [PANEL]);
  });

  test('keyboard alone: demo keys, locate, look up', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Use demo keys' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Locate my phone' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('+358 40 123 4567')).toBeVisible();
    await page.getByLabel('MCC', { exact: true }).focus();
    await page.keyboard.type('244');
    await page.keyboard.press('Tab');
    await page.keyboard.type('91');
    await page.keyboard.press('Tab');
    await page.keyboard.type('10038');
    await page.keyboard.press('Enter');
    await expect(page.locator('dl.fields').last()).toContainText('Brändö');
  });
});
