import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

/* "Online" is a hope: a phone on a captive portal or dead Wi-Fi says it is online, and every read fails. The app is
   offline then too, and back by itself once the service answers again. */
test('reads that fail for want of a network show the offline state though the browser says online', async ({
  page,
}) => {
  await page.goto('/');
  await saveKeys(page, DEMO);
  await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);

  await lookUpCell(page, '244', '91', '10038');
  const offline = page.getByRole('status').filter({ hasText: 'No connection' });
  await expect(offline).toBeVisible();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('No connection');
  await expect(alert).not.toContainText('isn’t answering');
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);

  // The connection comes back: a check finds the service, and the lookup runs by itself.
  await page.unrouteAll();
  await expect(offline).toHaveCount(0);
  await expect(page.locator('dl.fields')).toContainText('Brändö');
  await expect(page.getByRole('alert')).toHaveCount(0);
});
