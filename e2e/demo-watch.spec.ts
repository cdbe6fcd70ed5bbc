import type { Page } from '@playwright/test';
import { admin, expect, lookUpCell, saveKeys, test } from './fixtures';

/* "Watch my phone" in demo mode (LOCATION_SOURCE=store): the service watches its own user's phone. Its phone is
   moved with set-cell, as the admin command line (and the demo's simulator) move it; the service's own operator
   sees the move and its events reach the same panel. Tampere's cell and Helsinki's are 160 km apart. */
const TAMPERE = ['244', '91', '400101'] as const;
const HELSINKI = ['244', '12', '400301'] as const;

const panel = (page: Page) => page.getByRole('region', { name: 'Watch my phone' });
const areas = (page: Page) => page.locator('.leaflet-overlay-pane path.watch-area');

/** A user of its own (a number of its own: the projects run side by side), its phone in Tampere. */
function ownUser(): { serviceKey: string; userKey: string } {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const developer = `watch-${tag}`;
  const keys = { serviceKey: `watch-service-${tag}`, userKey: `watch-user-${tag}` };
  admin('add-developer', developer);
  admin('issue-service-key', developer, '--key', keys.serviceKey);
  const number = `35840${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  admin('register-user', developer, number, '--key', keys.userKey);
  admin('set-cell', keys.userKey, ...TAMPERE);
  return keys;
}

test('demo mode: watch my own phone leave and arrive, stop, in Finnish, and Forget keys clears it', async ({
  page,
}) => {
  const keys = ownUser();
  await page.goto('/');
  await saveKeys(page, keys);
  // Around the phone: its cell looked up, and chosen as the place.
  await lookUpCell(page, ...TAMPERE);
  const form = panel(page);
  await expect(form).toContainText('no one is asked to approve');
  await form.getByRole('radio', { name: 'The cell on the map' }).check();
  await expect(form.getByRole('status').filter({ hasText: /^Place: / })).toBeVisible();
  await form.getByLabel('Distance from the place (km)').fill('5');
  await form.getByRole('button', { name: 'Start watching' }).click();
  const leave = form.getByRole('listitem').filter({ hasText: 'When it leaves 5 km around' });
  await expect(leave).toContainText('Watching.');
  await form.getByRole('radio', { name: 'arrives in the area' }).check();
  await form.getByRole('button', { name: 'Start watching' }).click();
  const arrive = form.getByRole('listitem').filter({ hasText: 'When it arrives within 5 km of' });
  await expect(arrive).toContainText('Watching.');
  await expect(areas(page)).toHaveCount(2);
  await expect(page.locator('details.map-legend')).toContainText('An area you watch (“Watch my phone”)');

  // The engine looks every 2 s and the app every 3 s: well within 20 s even on a loaded machine.
  admin('set-cell', keys.userKey, ...HELSINKI);
  await expect(leave.getByText(/^Your phone left the area · \d{1,2}[.:]\d{2}/)).toBeVisible({
    timeout: 20_000,
  });
  admin('set-cell', keys.userKey, ...TAMPERE);
  await expect(arrive.getByText(/^Your phone arrived in the area · \d{1,2}[.:]\d{2}/)).toBeVisible({
    timeout: 20_000,
  });
  // A leave watch is told of leaving only; an arrive watch of arriving only.
  await expect(leave.getByText(/^Your phone arrived/)).toHaveCount(0);
  await expect(arrive.getByText(/^Your phone left/)).toHaveCount(0);

  await leave.getByRole('button', { name: 'Stop watching' }).click();
  await expect(leave).toContainText('Ended: you stopped it.');
  await expect(leave.getByRole('button', { name: 'Stop watching' })).toHaveCount(0);
  await expect(page.locator('.leaflet-overlay-pane path.watch-area.watch-ended')).toHaveCount(1);

  await page.getByLabel('Language / Kieli').selectOption('fi');
  const vahti = page.getByRole('region', { name: 'Vahdi puhelintani' });
  await expect(vahti).toContainText('Päättyi: lopetit sen.');
  await expect(vahti.getByText(/^Puhelimesi lähti alueelta · /)).toBeVisible();
  await expect(vahti.getByText(/^Puhelimesi saapui alueelle · /)).toBeVisible();
  await page.getByLabel('Language / Kieli').selectOption('en');

  await page.getByRole('button', { name: 'Forget keys' }).click();
  await expect(panel(page).getByRole('listitem')).toHaveCount(0);
  await expect(page.getByText(/^Your phone (left|arrived)/)).toHaveCount(0);
  await expect(areas(page)).toHaveCount(0);
  const stored = await page.evaluate(
    () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
  );
  expect(stored).not.toContain(keys.userKey);
  expect(stored).not.toContain('Your phone');
});
