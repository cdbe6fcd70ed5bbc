import type { Locator, Page } from '@playwright/test';
import { CAMARA_NUMBERS as N } from '../scripts/stand-ins/camara-subscribers';
import { CAMARA_SERVICE, camaraUser, expect, saveKeys, test } from './fixtures';

/* "Is my phone near a place?" and the map beside it (e2e/camara.spec.ts has the verdicts): the operator's limits,
   the form's own checks, the map framing each answer, the verdict beside its circle, the legend. */

test.use({ baseURL: CAMARA_SERVICE });

/** How many checks this page has started at the service (a POST; the answer is then read with GETs). The
    operator's own count would not do: the tests that run beside this one use the same number. */
function countChecks(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/camara/verify')) sent += 1;
  });
  return () => sent;
}

const section = (page: Page) => page.getByRole('region', { name: 'Is my phone near a place?' });

/** The keys of a user who consents at once, and the middle of the map (over Finland) as the place. */
async function openCheck(page: Page, view = ''): Promise<Locator> {
  await page.goto(`/${view}`);
  await saveKeys(page, camaraUser(N.atOnce));
  const form = section(page);
  await form.getByRole('radio', { name: 'A point on the map' }).check();
  await form.getByRole('button', { name: 'Use the middle of the map' }).click();
  await expect(form.getByRole('status').filter({ hasText: /^Place: / })).toBeVisible();
  return form;
}

async function check(form: Locator, km: string): Promise<void> {
  await form.getByLabel('Within (km)').fill(km);
  await form.getByRole('button', { name: 'Check' }).click();
}

/**
 * Whether a path is framed once the map is at rest: drawn whole inside the map, spanning more than 40 % of its
 * shorter side, and in the same place two frames later (no flight under way).
 */
async function framedAtRest(page: Page, path: Locator): Promise<boolean> {
  const map = await page.locator('.leaflet-container').boundingBox();
  const box = await path.boundingBox();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const later = await path.boundingBox();
  if (map === null || box === null || later === null) return false;
  const still = JSON.stringify(box) === JSON.stringify(later);
  const inside =
    box.x >= map.x - 1 &&
    box.y >= map.y - 1 &&
    box.x + box.width <= map.x + map.width + 1 &&
    box.y + box.height <= map.y + map.height + 1;
  return still && inside && Math.max(box.width, box.height) / Math.min(map.width, map.height) > 0.4;
}

test.describe('Is my phone near a place: the limits and the form', () => {
  test('a distance over the operator’s largest: says so, with its limits, and the form then knows them', async ({
    page,
  }) => {
    const form = await openCheck(page);
    const checks = countChecks(page);
    await check(form, '201');
    const alert = form.getByRole('alert');
    await expect(
      alert.getByRole('heading', { name: 'The distance is too large for your operator' }),
    ).toBeFocused();
    await expect(alert).toContainText('Your operator checks distances from 1 km to 200 km.');
    const asked = checks();
    expect(asked).toBe(1);
    await check(form, '1000');
    await expect(form.getByRole('alert')).toHaveText('Give a distance from 1 to 200 km.');
    await check(form, '0.5');
    await expect(form.getByRole('alert')).toHaveText('Give a distance from 1 to 200 km.');
    expect(checks()).toBe(asked);
    await page.getByLabel('Language / Kieli').selectOption('fi');
    const lomake = page.getByRole('region', { name: 'Onko puhelimeni lähellä paikkaa?' });
    await lomake.getByRole('button', { name: 'Tarkista' }).click();
    await expect(lomake.getByRole('alert')).toHaveText('Anna etäisyys väliltä 1–200 km.');
  });

  test('no place: the problem is the place’s, not the distance’s; a wrong distance takes the last answer away', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, camaraUser(N.atOnce));
    const form = section(page);
    await form.getByRole('radio', { name: 'A point on the map' }).check();
    await form.getByRole('button', { name: 'Check' }).click();
    await expect(form.getByRole('alert')).toHaveText('Choose the place first.');
    await expect(form.getByLabel('Within (km)')).toHaveAttribute('aria-invalid', 'false');
    await form.getByRole('button', { name: 'Use the middle of the map' }).click();
    await check(form, '3');
    await expect(form.getByRole('heading', { name: /^No: your phone is not within 3 km/ })).toBeVisible();
    await check(form, '1e1');
    await expect(form.getByRole('alert')).toHaveText('Give a distance from 0.1 to 1000 km.');
    await expect(form.getByLabel('Within (km)')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('heading', { name: /your phone is/ })).toHaveCount(0);
    await expect(page.locator('path.camara-circle')).toHaveCount(0);
  });
});

test.describe('the map beside a CAMARA answer', () => {
  test('frames the area, then the area and the check circle; the legend names both', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, camaraUser(N.atOnce));
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    const area = page.locator('path.camara-area');
    await expect(area).toHaveCount(1);
    // The 1.2 km circle fills a good part of the map once it has come to rest, whole.
    await expect.poll(() => framedAtRest(page, area), { timeout: 10_000 }).toBe(true);
    const legend = page.locator('details.map-legend');
    if ((await legend.getAttribute('open')) === null) await legend.locator('summary').click();
    await expect(legend).toContainText('Where your operator’s network places your phone');
    await expect(legend).toContainText('The circle “Is my phone near a place?” asked about');
    const form = section(page);
    await form.getByRole('radio', { name: 'A point on the map' }).check();
    await form.getByRole('button', { name: 'Use the middle of the map' }).click();
    await check(form, '5');
    const circle = page.locator('path.camara-circle');
    await expect(circle).toHaveCount(1);
    await expect.poll(() => framedAtRest(page, circle), { timeout: 10_000 }).toBe(true);
  });

  test('the verdict beside its circle and the time it is about; an older area is marked older', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, camaraUser(N.atOnce));
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.locator('path.camara-area')).toHaveCount(1);
    await expect(page.locator('path.camara-older')).toHaveCount(0);
    const form = section(page);
    await form.getByRole('radio', { name: 'A point on the map' }).check();
    await form.getByRole('button', { name: 'Use the middle of the map' }).click();
    await check(form, '2');
    await expect(form.getByRole('heading', { name: /^(Yes|No|Partly)/ })).toBeVisible();
    await expect(page.locator('.camara-verdict')).toHaveText(
      /^(Yes|No|Partly).* 2 km \(position of \d{1,2}:\d{2}/,
    );
    await expect(page.locator('path.camara-older')).toHaveCount(1);
    await expect(form).toContainText('The area drawn on the map is from an earlier Locate');
  });
});

test('CAMARA answers are kept in the history as others are, and forgotten with the keys', async ({
  page,
}) => {
  await page.goto('/');
  await saveKeys(page, camaraUser(N.atOnce));
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Answers you get will be listed here.');
  await page.getByRole('button', { name: 'Locate my phone' }).click();
  const locatedItem = history.getByRole('listitem').filter({ hasText: 'My phone, by my operator' });
  await expect(locatedItem).toContainText('Within 1.2 km of 60.16990, 24.93840');
  const form = section(page);
  await form.getByRole('radio', { name: 'A point on the map' }).check();
  await form.getByRole('button', { name: 'Use the middle of the map' }).click();
  await check(form, '5');
  const checkedItem = history.getByRole('listitem').filter({ hasText: 'Is my phone near a place?' });
  await expect(checkedItem).toContainText(
    /(Yes|No|Partly).* 5 km \(position of .*\), of \d+\.\d{5}, \d+\.\d{5}/,
  );
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Forget keys' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(0);
  await expect(history).toContainText('Answers you get will be listed here.');
});
