import { admin, DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

const EVIL_NAME = '<img src=x onerror=alert(1)>Evil';

test.describe('cell lookup', () => {
  test('look up a cell: every field, a marker, the address; a reload shows it again', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');

    const panel = page.getByRole('region', { name: 'Look up a cell' });
    const fields = panel.locator('dl.fields');
    await expect(fields).toContainText('Brändö');
    const expected: ReadonlyArray<readonly [string, string]> = [
      ['Latitude', '60.316391'],
      ['Longitude', '20.994058'],
      ['MCC', '244'],
      ['MNC', '91'],
      ['LAC', '0'],
      ['Cell ID', '10038'],
    ];
    for (const [term, value] of expected) {
      await expect(fields.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd')).toHaveText(
        value,
      );
    }
    await expect(page).toHaveURL(/\/cell\/244\/91\/10038$/);
    await expect(page).toHaveTitle(/Cell 244\/91\/10038/);

    const marker = page.locator('.leaflet-marker-icon.marker-cell');
    await expect(marker).toBeVisible();
    await expect
      .poll(() => marker.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await marker.click();
    await expect(page.locator('.leaflet-popup-content')).toContainText('Brändö');

    await page.reload();
    await expect(panel.locator('dl.fields')).toContainText('Brändö');
    await expect(page.getByLabel('Cell ID', { exact: true })).toHaveValue('10038');
  });

  test('back and forward move between looked-up cells', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await expect(page.locator('dl.fields')).toContainText('Brändö');
    await lookUpCell(page, '244', '91', '400001');
    await expect(page).toHaveURL(/\/cell\/244\/91\/400001$/);
    await expect(page.locator('dl.fields')).not.toContainText('Brändö');
    await page.goBack();
    await expect(page).toHaveURL(/\/cell\/244\/91\/10038$/);
    await expect(page.locator('dl.fields')).toContainText('Brändö');
    await page.goForward();
    await expect(page).toHaveURL(/\/cell\/244\/91\/400001$/);
  });

  test('a shared link without keys asks for keys first, then carries on', async ({ page }) => {
    await page.goto('/cell/244/91/10038');
    await expect(page.getByText('Enter your keys to look up cell 244/91/10038.')).toBeVisible();
    await saveKeys(page, DEMO);
    await expect(page.locator('dl.fields')).toContainText('Brändö');
    expect(page.url()).not.toContain('demo-');
  });

  test('404: no cell is known', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '999999999');
    await expect(page.getByRole('alert')).toContainText(
      'No cell is known for MCC 244, MNC 91, Cell ID 999999999',
    );
  });

  test('the form names a wrong field and sends nothing', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/cell/')) sent.push(r.url());
    });
    await lookUpCell(page, '24', '91', '12a');
    const mcc = page.getByLabel('MCC', { exact: true });
    await expect(mcc).toHaveAttribute('aria-invalid', 'true');
    await expect(mcc).toHaveAccessibleDescription(/MCC has exactly three digits/);
    await expect(page.getByLabel('Cell ID', { exact: true })).toHaveAccessibleDescription(/whole number/);
    await expect(mcc).toBeFocused();
    expect(sent).toEqual([]);
    await expect(page).toHaveURL(/\/$/);
  });

  test('400 from the real service names the refused value', async ({ page }) => {
    // The form refuses bad values before sending, so the request is bent on its way to the real service.
    await page.route('**/api/cell/244/91/10038', (route) =>
      route.continue({ url: route.request().url().replace('/api/cell/244/', '/api/cell/2444/') }),
    );
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The service refused the MCC');
    await page.getByText('Raw response', { exact: true }).click();
    await expect(page.getByLabel('Response body')).toContainText('<status>400</status>');
  });

  test('a link with a bad value explains what is wrong', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.goto('/cell/244/91/1234567890123');
    await expect(page.getByRole('alert')).toContainText('This link doesn’t name a cell');
    await expect(page.getByRole('alert')).toContainText('Cell ID must be from 0 to');
  });

  test('a cell name that looks like HTML is shown as text', async ({ page }, testInfo) => {
    const cellid = testInfo.project.name === 'phone' ? '990002' : '990001';
    admin('add-cell', '244', '91', cellid, '7', '60.200000', '24.900000', EVIL_NAME);
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', cellid);
    await expect(page.locator('dl.fields').getByText(EVIL_NAME, { exact: true })).toBeVisible();
    await page.locator('.leaflet-marker-icon.marker-cell').click();
    await expect(page.locator('.leaflet-popup-content')).toContainText(EVIL_NAME);
    await expect(page.locator('img[src="x"]')).toHaveCount(0);
  });

  test('the format switch changes the Accept header and the raw response', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await expect(page.getByLabel('Format')).toHaveValue('xml');

    let request = page.waitForRequest((r) => r.url().includes('/api/cell/'));
    await lookUpCell(page, '244', '91', '10038');
    expect((await request).headers()['accept']).toBe('application/xml');
    await page.getByText('Raw response', { exact: true }).click();
    const body = page.getByLabel('Response body');
    await expect(body).toContainText('<cell>');
    await expect(body).toContainText('<name>Brändö</name>');
    await expect(page.getByRole('region', { name: 'Raw response' })).toContainText('application/xml');

    request = page.waitForRequest((r) => r.url().includes('/api/cell/'));
    await page.getByLabel('Format').selectOption('json');
    expect((await request).headers()['accept']).toBe('application/json');
    await expect(body).toContainText('"cell": {');
    await expect(body).toContainText('"name": "Brändö"');
    await expect(page.getByRole('region', { name: 'Raw response' })).toContainText('/api/cell/244/91/10038');
    await expect(page.getByRole('region', { name: 'Raw response' })).not.toContainText('serviceKey');
    await expect(page.getByRole('region', { name: 'Raw response' })).not.toContainText('demo-service');

    await page.reload();
    await expect(page.getByLabel('Format')).toHaveValue('json');
  });
});
