import type { Request, Route } from '@playwright/test';
import { CAMARA_NUMBERS as N } from '../scripts/stand-ins/camara-subscribers';
import { CAMARA_SERVICE, camaraUser, DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

/** Another developer's user, whose phone is in Tampere (A's, demo-user's, is in Helsinki). */
const OTHER = { serviceKey: 'other-service', userKey: 'other-user' };

test('Forget keys, then another user: nothing of the first is left, and nothing more is sent with their keys', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 60.2, longitude: 24.9, accuracy: 30 });
  await page.goto('/');
  await saveKeys(page, DEMO);
  const phone = page.getByRole('region', { name: 'My phone', exact: true });
  const cell = page.getByRole('region', { name: 'Look up a cell' });
  const history = page.getByRole('region', { name: 'History' });
  const batch = page.getByRole('region', { name: 'Batch lookup' });

  // The first user: the phone, a cell, this device's position beside it, and a batch with reads in flight.
  await phone.getByRole('button', { name: 'Locate my phone' }).click();
  await expect(phone).toContainText('Helsinki Kamppi');
  await lookUpCell(page, '244', '91', '10038');
  await expect(cell).toContainText('Brändö');
  await cell.getByRole('button', { name: 'Compare with this device’s position' }).click();
  await expect(page.locator('path.device-marker')).toHaveCount(1);
  await expect(history.getByRole('listitem')).toHaveCount(2);

  let forgotten = false;
  const sentAfterForget: string[] = [];
  page.on('request', (request) => {
    const user = request.headers()['x-user-key'] ?? new URL(request.url()).searchParams.get('userKey');
    if (forgotten && user === DEMO.userKey) sentAfterForget.push(request.url());
  });
  let held = 0;
  let release!: () => void;
  const holding = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/cell/**', async (route: Route) => {
    held += 1;
    await holding;
    await route.continue().catch(() => undefined);
  });
  await batch.getByRole('button', { name: 'Open batch lookup' }).click();
  await batch.getByLabel('Requests at once (1–16)').fill('2');
  await batch
    .getByLabel('Cells, one per line')
    .fill(Array.from({ length: 12 }, (_, i) => `244,91,${400001 + i}`).join('\n'));
  await batch.getByRole('button', { name: 'Look up', exact: true }).click();
  await expect.poll(() => held).toBe(2);

  forgotten = true;
  await page.getByRole('button', { name: 'Forget keys' }).click();
  release();

  // Forgotten: no answer, no trace of the first user's work on the page or the map.
  await expect(page).toHaveURL(/\/$/);
  await expect(history).toContainText('Answers you get will be listed here.');
  await expect(cell).not.toContainText('Brändö');
  await expect(phone).not.toContainText('Helsinki Kamppi');
  await expect(batch.getByRole('table')).toHaveCount(0);
  await expect(batch.getByLabel('Cells, one per line')).toHaveValue('');
  await expect(page.locator('path.device-marker')).toHaveCount(0);
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(0);

  // The second user: their phone alone, no line back to the first user's, their history alone.
  await saveKeys(page, OTHER);
  await phone.getByRole('button', { name: 'Locate my phone' }).click();
  await expect(phone).toContainText('Tampere Keskusta');
  await expect(page.locator('.leaflet-marker-icon.marker-phone')).toHaveCount(1);
  await expect(page.locator('path.trail-line')).toHaveCount(0);
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).not.toContainText('Helsinki Kamppi');
  await expect(history).not.toContainText('Brändö');
  await expect(cell).not.toContainText('Brändö');
  await page.getByText('Raw response', { exact: true }).click();
  await expect(page.getByRole('region', { name: 'Raw response' })).not.toContainText('Kamppi');
  expect(sentAfterForget).toEqual([]);
});

test.describe('with a CAMARA operator', () => {
  test.use({ baseURL: CAMARA_SERVICE });

  test('Forget keys: the place chosen, the verdict, the distance and a question in flight go; the keys again find nothing', async ({
    page,
  }) => {
    const first = camaraUser(N.atOnce);
    await page.goto('/');
    await saveKeys(page, first);
    const phone = page.getByRole('region', { name: 'My phone', exact: true });
    const near = page.getByRole('region', { name: 'Is my phone near a place?' });
    const chosen = near.getByText(/^Place: /);
    const pick = page.locator('path.map-pick');

    // A place chosen on the map, a distance, the operator's verdict with its circle.
    await near.getByRole('radio', { name: 'A point on the map' }).check();
    await near.getByRole('button', { name: 'Use the middle of the map' }).click();
    await expect(chosen).toBeVisible();
    await expect(pick).toHaveCount(1);
    await near.getByLabel('Within (km)').fill('5');
    await near.getByRole('button', { name: 'Check' }).click();
    await expect(near.getByRole('heading', { level: 3 })).toBeVisible();
    await expect(page.locator('path.camara-circle')).toHaveCount(1);

    // Locate my phone, its answer held on the way back while the keys are forgotten.
    const isAsk = (request: Request) =>
      request.method() === 'POST' && request.url().includes('/camara/locate');
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/camara/locate*', async (route: Route) => {
      await holding;
      await route.continue().catch(() => undefined);
    });
    const asked = page.waitForRequest(isAsk);
    const settled = new Promise<void>((resolve) => {
      page.on('requestfinished', (request) => isAsk(request) && resolve());
      page.on('requestfailed', (request) => isAsk(request) && resolve());
    });
    await phone.getByRole('button', { name: 'Locate my phone' }).click();
    await asked;

    await page.getByRole('button', { name: 'Forget keys' }).click();
    release();
    await settled;
    await expect(page.locator('path.camara-circle')).toHaveCount(0);
    await expect(near.getByRole('heading', { level: 3 })).toHaveCount(0);
    await expect(chosen).toHaveCount(0);
    await expect(pick).toHaveCount(0);
    await expect(near.getByLabel('Within (km)')).toHaveValue('2');

    // The same keys again: the question asked before Forget left no answer behind, and no place is chosen.
    await saveKeys(page, first);
    await expect(
      phone.getByText('Your operator locates the phone whose number you registered.'),
    ).toBeVisible();
    await expect(page.locator('path.camara-area')).toHaveCount(0);
    await near.getByRole('radio', { name: 'A point on the map' }).check();
    await expect(chosen).toHaveCount(0);
    await near.getByRole('button', { name: 'Check' }).click();
    await expect(near.getByRole('alert')).toHaveText('Choose the place first.');
  });
});
