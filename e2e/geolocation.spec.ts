import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

test.describe('compare with this device’s position', () => {
  test('granted: a second marker with its accuracy, and the distance from the cell', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation']);
    // Brändö's cell is at 60.316391, 20.994058: one degree of latitude south is about 111 km.
    await context.setGeolocation({ latitude: 59.316391, longitude: 20.994058, accuracy: 40 });
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await page.getByRole('button', { name: 'Compare with this device’s position' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'This device is' })).toHaveText(
      'This device is 111 km from the cell; its own position is accurate to about 40 m.',
    );
    await expect(page.locator('path.device-marker')).toHaveCount(1);
  });

  test('refused: a plain message, no marker', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await page.getByRole('button', { name: 'Compare with this device’s position' }).click();
    await expect(page.getByRole('alert')).toContainText('permission was refused');
    await expect(page.locator('path.device-marker')).toHaveCount(0);
  });
});
