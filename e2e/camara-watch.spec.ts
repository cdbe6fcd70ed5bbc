import type { Locator, Page, Request } from '@playwright/test';
import { CAMARA_NUMBERS as N } from '../scripts/stand-ins/camara-subscribers';
import { expectAccessible, MAP } from './accessible';
import { CAMARA_SERVICE, camaraUser, expect, ownNumber, saveKeys, test } from './fixtures';

/* "Watch my phone" as a person uses it, against the stand-in operator's geofencing subscriptions: start, consent on
   the phone, the operator's events shown with their time, a forged event refused, stop, an ended watch's reason. */
const OPERATOR = process.env.E2E_CAMARA_OPERATOR_URL ?? 'http://127.0.0.1:5204';

test.use({ baseURL: CAMARA_SERVICE });

const panel = (page: Page) => page.getByRole('region', { name: 'Watch my phone' });

/* The watched areas on the map: their rings, their latest crossing beside them, their named centres. */
const areas = (page: Page) => page.locator('.leaflet-overlay-pane path.watch-area');
const latest = (page: Page) => page.locator('.leaflet-tooltip.watch-latest');

async function control(path: string): Promise<unknown> {
  const answer = await fetch(`${OPERATOR}${path}`, { method: 'POST' });
  return answer.json();
}

const fire = (number: string, query: string) =>
  control(`/control/geofence?number=${encodeURIComponent(number)}&${query}`);

/** The panel with the middle of the map (over Finland) as the place, for the user of `number`. */
async function openWatch(page: Page, number: string): Promise<Locator> {
  await page.goto('/');
  await saveKeys(page, camaraUser(number));
  const form = panel(page);
  await form.getByRole('radio', { name: 'A point on the map' }).check();
  await form.getByRole('button', { name: 'Use the middle of the map' }).click();
  await expect(form.getByRole('status').filter({ hasText: /^Place: / })).toBeVisible();
  return form;
}

test.describe('Watch my phone', () => {
  test('start, approve on the phone, a leave event shown with its time, a forged event refused, stop', async ({
    page,
  }) => {
    const number = ownNumber(N.approves, 1);
    const form = await openWatch(page, number);
    await form.getByLabel('Distance from the place (km)').fill('2');
    await expect(form.getByRole('radio', { name: 'leaves the area' })).toBeChecked();
    await form.getByRole('button', { name: 'Start watching' }).click();
    const watch = form.getByRole('listitem').filter({ hasText: 'When it leaves 2 km around' });
    await expect(watch).toContainText('Waiting for approval on your phone');
    // Drawn on the map while it is listed, its centre named with what is watched; the legend names the area.
    await expect(areas(page)).toHaveCount(1);
    await expect(
      page.getByRole('img', { name: /^Watched area: told when your phone leaves 2 km around/ }),
    ).toHaveCount(1);
    await expect(page.locator('details.map-legend')).toContainText('An area you watch (“Watch my phone”)');
    // Chosen in the list, its area is framed: a 2 km circle that was a few pixels across fills the map.
    const before = (await areas(page).boundingBox())?.width ?? 0;
    expect(before).toBeLessThan(40);
    await watch.getByRole('button', { name: 'Show on the map' }).click();
    await expect
      .poll(async () => (await areas(page).boundingBox())?.width ?? 0, { timeout: 10_000 })
      .toBeGreaterThan(150);
    expect(await control(`/control/answer?number=${encodeURIComponent(number)}&yes=true`)).toEqual({
      answered: true,
    });
    await expect(watch).toContainText('Watching.', { timeout: 20_000 });
    await fire(number, 'event=left');
    await expect(watch.getByText(/^Your phone left the area · \d{1,2}[.:]\d{2}/)).toBeVisible({
      timeout: 10_000,
    });
    // The same words and time beside the area on the map.
    const said = (await watch.locator('.watch-events time').first().textContent()) ?? '';
    await expect(latest(page)).toHaveText(said);
    await expect(
      page.getByRole('img', {
        name: `Watched area: told when your phone leaves 2 km around this point. ${said}`,
      }),
    ).toHaveCount(1);
    const forged = await fetch(`${CAMARA_SERVICE}/api/camara/sink`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/cloudevents+json',
        Authorization: 'Bearer forged-forged-forged-forged',
      },
      body: JSON.stringify({
        id: 'forged-1',
        source: 'https://forger.example',
        type: 'org.camaraproject.geofencing-subscriptions.v0.area-entered',
        specversion: '1.0',
        time: new Date().toISOString(),
        data: { subscriptionId: 'any', area: { areaType: 'CIRCLE' } },
      }),
    });
    expect(forged.status).toBe(401);
    // The app's next read of the watches, asked after the forgery was refused: still no arrive event.
    const isPoll = (request: Request) =>
      request.method() === 'GET' && new URL(request.url()).pathname === '/api/camara/watches';
    await (await page.waitForRequest(isPoll, { timeout: 15_000 })).response();
    await expect(watch.getByText(/^Your phone arrived/)).toHaveCount(0);
    await watch.getByRole('button', { name: 'Stop watching' }).click();
    await expect(watch).toContainText('Ended: you stopped it.');
    await expect(watch.getByRole('button', { name: 'Stop watching' })).toHaveCount(0);
    // Still listed, so still drawn, faded as ended.
    await expect(page.locator('.leaflet-overlay-pane path.watch-area.watch-ended')).toHaveCount(1);
  });

  test('an arrive event, then the operator ends the watch: its reason shown, in Finnish too', async ({
    page,
  }) => {
    const number = ownNumber(N.atOnce, 2);
    const form = await openWatch(page, number);
    await form.getByLabel('Distance from the place (km)').fill('3');
    await form.getByRole('radio', { name: 'arrives in the area' }).check();
    await form.getByRole('button', { name: 'Start watching' }).click();
    const watch = form.getByRole('listitem').filter({ hasText: 'When it arrives within 3 km of' });
    await expect(watch).toContainText('Watching.', { timeout: 20_000 });
    await fire(number, 'event=entered&twice=true');
    await expect(watch.getByText(/^Your phone arrived in the area · /)).toHaveCount(1, { timeout: 10_000 });
    await fire(number, 'event=ended&reason=SUBSCRIPTION_EXPIRED');
    await expect(watch).toContainText('Ended: its time ran out.', { timeout: 10_000 });
    await page.getByLabel('Language / Kieli').selectOption('fi');
    const vahti = page.getByRole('region', { name: 'Vahdi puhelintani' });
    await expect(vahti).toContainText('Päättyi: sen aika loppui.');
    await expect(vahti.getByText(/^Puhelimesi saapui alueelle · /)).toBeVisible();
    await expect(latest(page)).toHaveText(/^Puhelimesi saapui alueelle · \d{1,2}[.:]\d{2}/);
    await expect(page.locator('details.map-legend')).toContainText('Alue, jota vahdit');
    // The panel with its form, an ended watch and its event, and the map drawing it: no WCAG A/AA violation,
    // nothing sideways (phone too).
    await expectAccessible(page, ['.watch-panel', MAP]);
  });

  test('a notification for an event once allowed; Forget keys takes the watches off the page', async ({
    page,
  }) => {
    // The system's notifications, recorded: granted when asked, through the service worker or the page.
    await page.addInitScript(() => {
      const shown: string[] = [];
      Object.assign(window, { shownNotifications: shown });
      class Recorded {
        static permission = 'default';
        static requestPermission = () => {
          Recorded.permission = 'granted';
          return Promise.resolve('granted');
        };
        constructor(title: string, options?: { body?: string }) {
          shown.push(`${title}: ${options?.body ?? ''}`);
        }
      }
      Object.assign(window, { Notification: Recorded });
      if ('ServiceWorkerRegistration' in window) {
        ServiceWorkerRegistration.prototype.showNotification = (title, options) =>
          Promise.resolve(void shown.push(`${title}: ${options?.body ?? ''}`));
      }
    });
    const number = ownNumber(N.atOnce, 4);
    const form = await openWatch(page, number);
    await form.getByLabel('Distance from the place (km)').fill('2');
    await form.getByRole('button', { name: 'Start watching' }).click();
    const watch = form.getByRole('listitem').filter({ hasText: 'When it leaves 2 km around' });
    await expect(watch).toContainText('Watching.', { timeout: 20_000 });
    await form.getByRole('button', { name: 'Also tell me with a notification' }).click();
    await expect(form.getByText('Notifications are on for this page.')).toBeVisible();
    await fire(number, 'event=left');
    await expect(watch.getByText(/^Your phone left the area · /)).toBeVisible({ timeout: 10_000 });
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications),
      )
      .toEqual([expect.stringMatching(/^Cellpos: my phone: Your phone left the area · /)]);
    await expect(areas(page)).toHaveCount(1);
    await expect(latest(page)).toHaveText(/^Your phone left the area · /);
    await page.getByRole('button', { name: 'Forget keys' }).click();
    await expect(page.getByText(/When it leaves 2 km around/)).toHaveCount(0);
    // Off the map too: no area, no event beside it.
    await expect(areas(page)).toHaveCount(0);
    await expect(latest(page)).toHaveCount(0);
    await expect(
      page.locator('.leaflet-marker-pane, .leaflet-overlay-pane').getByRole('img', { name: /Watched area/ }),
    ).toHaveCount(0);
    await expect(page.getByText(/Your phone left the area/)).toHaveCount(0);
    const stored = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(stored).not.toContain('left the area');
  });

  test('a distance under the form’s least is refused before the operator is asked', async ({ page }) => {
    const form = await openWatch(page, ownNumber(N.atOnce, 3));
    await form.getByLabel('Distance from the place (km)').fill('0,5');
    await form.getByRole('button', { name: 'Start watching' }).click();
    await expect(form.getByRole('alert')).toHaveText('Give a distance from 1 to 200 km.');
    await expect(form.getByText('You are not watching your phone.')).toBeVisible();
  });
});
