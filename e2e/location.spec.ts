import { DEMO, expect, MISMATCHED, PENDING, saveKeys, test } from './fixtures';

test.describe('my phone', () => {
  test('save keys and locate the phone: values, marker and its image', async ({ page, request }) => {
    const api = await request.get(`/api/location?serviceKey=${DEMO.serviceKey}&userKey=${DEMO.userKey}`, {
      headers: { Accept: 'application/json' },
    });
    const expected = (await api.json()).location;

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your keys' })).toBeVisible();
    await saveKeys(page, DEMO);
    await page.getByRole('button', { name: 'Locate my phone' }).click();

    const panel = page.getByRole('region', { name: 'My phone', exact: true });
    await expect(panel.getByText('+358 40 123 4567')).toBeVisible();
    await expect(panel.getByText('358401234567', { exact: true })).toBeVisible();
    await expect(panel.getByText('Idle').first()).toBeVisible();
    for (const value of [expected.cell.name, expected.cell.lat, expected.cell.lon, expected.cell.cellid]) {
      await expect(panel.getByText(value, { exact: true }).first()).toBeVisible();
    }
    await expect(panel.getByText(/Updated \d+ s ago/)).toBeVisible();

    const marker = page.locator('.leaflet-marker-icon.marker-phone');
    await expect(marker).toBeVisible();
    await expect
      .poll(() => marker.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await marker.click();
    await expect(page.locator('.leaflet-popup-content')).toContainText(expected.cell.name);

    await page.getByLabel('Auto-refresh').selectOption('15');
    await expect(page.getByLabel('Auto-refresh')).toHaveValue('15');
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/location'));
    await page.getByRole('button', { name: 'Refresh' }).click();
    expect((await refreshed).status()).toBe(200);
  });

  test('401: keys not accepted, a typing mistake most often, with a way to the keys form', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, MISMATCHED);
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('typing mistake');
    await alert.getByRole('button', { name: 'Check keys' }).click();
    await expect(page.getByLabel('Service key', { exact: true })).toBeFocused();
  });

  test('403: the user has not replied to the authorization SMS; Retry asks again', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, PENDING);
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Positioning is not allowed yet');
    await expect(alert).toContainText('authorization SMS');
    const again = page.waitForResponse((r) => r.url().includes('/api/location'));
    await alert.getByRole('button', { name: 'Retry' }).click();
    expect((await again).status()).toBe(403);
    await expect(page.getByRole('alert')).toContainText('authorization SMS');
  });

  test('unreachable service: the offline state, and the read runs again by itself once it answers', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    // A refused connection is a fetch that fails, as with no network at all: the browser cannot tell them apart.
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.getByRole('alert')).toContainText('No connection');
    const offline = page.getByRole('status').filter({ hasText: 'No connection' });
    await expect(offline).toBeVisible();
    await page.unroute('**/api/**');
    await expect(page.getByText('+358 40 123 4567')).toBeVisible();
    await expect(offline).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('server failure (5xx) says the service failed', async ({ page }) => {
    await page.route('**/api/location', (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad gateway' }),
    );
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.getByRole('alert')).toContainText('The positioning service failed');
    await expect(page.getByRole('alert')).toContainText('HTTP 502');
  });

  test('429 gives the wait from Retry-After', async ({ page }) => {
    await page.route('**/api/location', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'Retry-After': '30' },
        contentType: 'text/plain',
        body: 'slow down',
      }),
    );
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.getByRole('alert')).toContainText('Too many requests');
    await expect(page.getByRole('alert')).toContainText('wait 30 s');
  });

  test('an unreadable answer (an HTML page with 200) is named and shown raw, as text', async ({ page }) => {
    const html = '<html><body><h1 id="injected">Portal login</h1></body></html>';
    await page.route('**/api/location', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: html }),
    );
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The answer couldn’t be read');
    await expect(alert).toContainText('“body” field');
    await expect(alert).toContainText('Raw response');
    await page.getByText('Raw response', { exact: true }).click();
    await expect(page.getByLabel('Response body')).toContainText(html);
    await expect(page.locator('#injected')).toHaveCount(0);
  });

  test('an answer with a broken field names the field', async ({ page }) => {
    await page.route('**/api/location', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/xml',
        body: '<location><msisdn>358401234567</msisdn><cell><lat>north</lat></cell></location>',
      }),
    );
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.getByRole('alert')).toContainText('location.cell.lat');
  });
});

test.describe('keys', () => {
  test('keys stay out of the URL, the title, the console and localStorage unless remembered', async ({
    page,
  }) => {
    const consoleTexts: string[] = [];
    page.on('console', (message) => consoleTexts.push(message.text()));
    await page.goto('/');
    await saveKeys(page, { serviceKey: 'svc-secret-1', userKey: 'usr-secret-1' });
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.getByRole('alert')).toBeVisible();

    const storage = () =>
      page.evaluate(() => ({
        local: JSON.stringify({ ...window.localStorage }),
        session: JSON.stringify({ ...window.sessionStorage }),
      }));
    expect(page.url()).not.toContain('secret');
    expect(await page.title()).not.toContain('secret');
    expect(consoleTexts.join('\n')).not.toContain('secret');
    expect(await page.locator('body').innerText()).not.toContain('secret');
    let stored = await storage();
    expect(stored.local).not.toContain('secret');
    expect(stored.session).toContain('svc-secret-1');

    await page.getByRole('button', { name: 'Change keys' }).click();
    await saveKeys(page, { serviceKey: 'svc-secret-2', userKey: 'usr-secret-2' }, { remember: true });
    stored = await storage();
    expect(stored.local).toContain('svc-secret-2');
    expect(stored.session).not.toContain('secret');
    await expect(page.getByText('Keys are remembered on this device.')).toBeVisible();

    await page.getByRole('button', { name: 'Forget keys' }).click();
    stored = await storage();
    expect(stored.local).not.toContain('secret');
    expect(stored.session).not.toContain('secret');
    await expect(page.getByLabel('Service key', { exact: true })).toHaveValue('');
  });

  test('demo keys are one click away and the fields are masked with a show toggle', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByText(/issued by the operator’s developer portal/)).toBeVisible();
    await expect(page.getByLabel('Service key', { exact: true })).toHaveAttribute('type', 'password');
    await page.getByLabel('Show keys').check();
    await expect(page.getByLabel('Service key', { exact: true })).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Use demo keys' }).click();
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.getByText('+358 40 123 4567')).toBeVisible();
  });
});
