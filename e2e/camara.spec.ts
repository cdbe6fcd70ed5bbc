import type { Page } from '@playwright/test';
import { CAMARA_NUMBERS as N } from '../scripts/stand-ins/camara-subscribers';
import { expectAccessible } from './accessible';
import { CAMARA_SERVICE, camaraUser, expect, lookUpCell, ownNumber, saveKeys, test } from './fixtures';

/* The app with LOCATION_SOURCE=camara: the service asks the stand-in CAMARA operator (playwright.config.ts), whose
   registered number picks how the "owner" answers. Every test registers a user of its own. */
const OPERATOR = process.env.E2E_CAMARA_OPERATOR_URL ?? 'http://127.0.0.1:5204';

test.use({ baseURL: CAMARA_SERVICE });

async function locate(page: Page, number: string): Promise<void> {
  await page.goto('/');
  await saveKeys(page, camaraUser(number));
  await page.getByRole('button', { name: 'Locate my phone' }).click();
}

/** The owner answers the operator's request on the phone. */
async function answerOnThePhone(number: string, yes: boolean): Promise<void> {
  const response = await fetch(`${OPERATOR}/control/answer?number=${encodeURIComponent(number)}&yes=${yes}`, {
    method: 'POST',
  });
  expect(await response.json()).toEqual({ answered: true });
}

const area = (page: Page) => page.locator('path.camara-area');

test.describe('Locate my phone through a CAMARA operator', () => {
  test('waits for approval on the phone by itself, then shows the area: heading focused, circle on the map', async ({
    page,
  }) => {
    const number = ownNumber(N.approves, 1);
    await locate(page, number);
    const waiting = page.getByRole('status').filter({ hasText: 'Waiting for approval on your phone' });
    await expect(waiting).toBeVisible();
    await expect(area(page)).toHaveCount(0);
    // While the app waits, focus stays where the person pressed: the next Tab goes on from there.
    await expect(page.getByRole('button', { name: 'Locate my phone' })).toBeFocused();
    await answerOnThePhone(number, true);
    const heading = page.getByRole('heading', {
      name: 'Your phone is within 1.2 km of the centre marked on the map',
    });
    await expect(heading).toBeVisible();
    await expect(heading).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Your phone was located.' })).toBeVisible();
    const panel = page.getByRole('region', { name: 'My phone', exact: true });
    await expect(panel.getByText('60.16990, 24.93840')).toBeVisible();
    await expect(panel.getByText('A circle of radius 1.2 km')).toBeVisible();
    await expect(panel.getByText(/^\d+ s ago \(/)).toBeVisible();
    await expect(area(page)).toHaveCount(1);
    await expect(page.locator('path.camara-centre')).toHaveCount(1);
    await expectAccessible(page);
    // In Finnish the decimal comma, so the pair is parted by a semicolon, as the cell's coordinates are.
    await page.getByLabel('Language / Kieli').selectOption('fi');
    const puhelin = page.getByRole('region', { name: 'Puhelimeni', exact: true });
    await expect(puhelin.getByText('60,16990; 24,93840')).toBeVisible();
  });

  test('an answer that comes while the person is elsewhere on the page is announced, not given focus', async ({
    page,
  }) => {
    const number = ownNumber(N.approves, 2);
    await locate(page, number);
    await expect(page.getByRole('status').filter({ hasText: 'Waiting for approval' })).toBeVisible();
    const cellId = page.getByLabel('Cell ID', { exact: true });
    await cellId.fill('10038');
    await answerOnThePhone(number, true);
    await expect(
      page.getByRole('heading', { name: 'Your phone is within 1.2 km of the centre marked on the map' }),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Your phone was located.' })).toBeVisible();
    await expect(cellId).toBeFocused();
  });

  test('draws a polygon with its centre, its size and the fix’s age', async ({ page }) => {
    await locate(page, N.polygon);
    const heading = page.getByRole('heading', {
      name: 'Your phone is within 1.9 km of the centre marked on the map',
    });
    await expect(heading).toBeFocused();
    const panel = page.getByRole('region', { name: 'My phone', exact: true });
    await expect(panel.getByText('5 corners, the farthest 1.9 km from the centre')).toBeVisible();
    await expect(panel.getByText(/^1 min \d+ s ago|^\d+ min ago/)).toBeVisible();
    await expect(area(page)).toHaveCount(1);
    // A polygon's path has a corner for each of its 5 points (M, then 4 L), closed; a circle's is drawn with arcs.
    // Waited for: while the map flies to the area, the path is drawn at a lower zoom, its close corners merged.
    const point = String.raw`-?\d+(\.\d+)? -?\d+(\.\d+)?`;
    await expect(area(page)).toHaveAttribute('d', new RegExp(`^M${point}(L${point}){4}z$`));
    // On the map too, once it has come to rest: the centre's tooltip gives the size and the fix's age.
    await page.locator('path.camara-centre').hover();
    const tooltip = page.locator('.leaflet-tooltip');
    await expect(tooltip).toContainText('Your phone: within 1.9 km of this point');
    await expect(tooltip).toContainText(/Located (1 min \d+ s|\d+ min) ago/);
  });

  test('refused on the phone: says so, with the next step, and shows no area', async ({ page }) => {
    await locate(page, N.refuses);
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'The request was declined on the phone' })).toBeFocused();
    await expect(alert).toContainText('approve the request on the phone');
    await expect(area(page)).toHaveCount(0);
  });

  test('nobody approves in time: the request expires, and the app says what to do', async ({ page }) => {
    await locate(page, N.neverAnswers);
    await expect(page.getByRole('status').filter({ hasText: 'Waiting for approval' })).toBeVisible();
    const alert = page.getByRole('alert');
    await expect(alert.getByRole('heading', { name: 'Nobody approved the request in time' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(alert).toContainText('with the phone at hand');
    await expect(area(page)).toHaveCount(0);
  });

  test('the network cannot locate the phone: its own message, no stale area', async ({ page }) => {
    await locate(page, N.polygon);
    await expect(area(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Change keys' }).click();
    await saveKeys(page, camaraUser(N.unlocatable));
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.getByRole('alert')).toContainText('The network cannot locate your phone now');
    await expect(page.getByRole('alert')).toContainText('switched off or out of coverage');
    await expect(area(page)).toHaveCount(0);
  });

  test('a number the operator does not know: says whom to ask', async ({ page }) => {
    await locate(page, N.unknown);
    const alert = page.getByRole('alert');
    await expect(
      alert.getByRole('heading', { name: 'Your operator does not know this number' }),
    ).toBeFocused();
    await expect(alert).toContainText('check the registered number');
  });
});

test.describe('Is my phone near a place?', () => {
  test('a point on the map and a distance: the verdict, and the circle on the map', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, camaraUser(N.atOnce));
    const section = page.getByRole('region', { name: 'Is my phone near a place?' });
    await section.getByRole('radio', { name: 'A point on the map' }).check();
    await section.getByRole('button', { name: 'Check' }).click();
    await expect(section.getByRole('alert')).toHaveText('Choose the place first.');
    await expect(section.getByRole('alert')).toBeFocused();
    // The stand-in's phone is in Helsinki; the map starts over Finland: its middle is far from Helsinki.
    await section.getByRole('button', { name: 'Use the middle of the map' }).click();
    // Announced where focus is (the button), in a live region.
    await expect(
      section.getByRole('status').filter({ hasText: /^Place: \d+\.\d{5}, \d+\.\d{5}$/ }),
    ).toBeVisible();
    await section.getByLabel('Within (km)').fill('0');
    await section.getByRole('button', { name: 'Check' }).click();
    await expect(section.getByRole('alert')).toHaveText('Give a distance from 0.1 to 1000 km.');
    await expect(section.getByRole('alert')).toBeFocused();
    await section.getByLabel('Within (km)').fill('5');
    await section.getByRole('button', { name: 'Check' }).click();
    const verdict = section.getByRole('heading', { name: 'No: your phone is not within 5 km of the place' });
    await expect(verdict).toBeVisible();
    await expect(verdict).toBeFocused();
    await expect(page.locator('path.camara-circle')).toHaveCount(1);
    await expectAccessible(page);
  });

  test('clicking the map chooses the place; the operator answers yes', async ({ page }) => {
    await page.goto('/?view=60.1699,24.9384,12');
    await saveKeys(page, camaraUser(N.atOnce));
    const section = page.getByRole('region', { name: 'Is my phone near a place?' });
    await section.getByRole('radio', { name: 'A point on the map' }).check();
    const map = page.locator('.leaflet-container');
    const box = await map.boundingBox();
    if (box === null) throw new Error('no map');
    await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(section.getByText(/^Place: 60\.1\d{4}, 24\.9\d{4}$/)).toBeVisible();
    await section.getByLabel('Within (km)').fill('10');
    await section.getByRole('button', { name: 'Check' }).click();
    await expect(
      section.getByRole('heading', { name: 'Yes: your phone is within 10 km of the place' }),
    ).toBeFocused();
  });

  test('the looked-up cell is the place; partly: the match rate, and why', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, camaraUser(N.atOnce));
    // Helsinki Kamppi, about 390 m from the middle of the stand-in's 1.2 km circle: a 1 km circle round it holds
    // only part of the network's area.
    await lookUpCell(page, '244', '91', '400001');
    const section = page.getByRole('region', { name: 'Is my phone near a place?' });
    await section.getByRole('radio', { name: 'The cell on the map' }).check();
    await expect(section.getByRole('status').filter({ hasText: 'Place: 60.16890, 24.93170' })).toBeVisible();
    await section.getByLabel('Within (km)').fill('1');
    await section.getByRole('button', { name: 'Check' }).click();
    const verdict = section.getByRole('heading', {
      name: /^Partly: \d{1,2} % of the area where the network places your phone is within 1 km of the place$/,
    });
    await expect(verdict).toBeFocused();
    await expect(section).toContainText('part of that area lies outside the circle');
  });

  test('this device’s own position is the place', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 60.17, longitude: 24.94, accuracy: 30 });
    await page.goto('/');
    await saveKeys(page, camaraUser(N.atOnce));
    const section = page.getByRole('region', { name: 'Is my phone near a place?' });
    await section.getByRole('radio', { name: 'This device’s position' }).check();
    await expect(section.getByRole('status').filter({ hasText: 'Place: 60.17000, 24.94000' })).toBeVisible();
    await section.getByLabel('Within (km)').fill('10');
    await section.getByRole('button', { name: 'Check' }).click();
    await expect(
      section.getByRole('heading', { name: 'Yes: your phone is within 10 km of the place' }),
    ).toBeFocused();
  });
});
