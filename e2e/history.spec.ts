import { keyFingerprint } from '../src/api/keys';
import { admin, DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

test.describe('history', () => {
  test('an answer reopened from the History: the raw view says it was not read; a new Format reads it', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await expect(page.locator('dl.fields')).toContainText('Brändö');
    await lookUpCell(page, '244', '91', '400101');
    await expect(page.locator('dl.fields')).toContainText('Tampere Keskusta');
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: /^Cell 244\/91\/10038 Brändö/ }).click();
    await expect(page.getByText(/Shown from history: answer of/)).toBeVisible();
    const raw = page.getByRole('region', { name: 'Raw response' });
    await raw.getByText('Raw response', { exact: true }).click();
    await expect(raw).toContainText('This answer is shown from the History: nothing was read for it.');
    await expect(raw).not.toContainText('No answer yet.');

    const read = page.waitForRequest((request) => request.url().includes('/api/cell/244/91/10038'));
    await page.getByLabel('Format').selectOption('json');
    await read;
    await expect(page.getByText(/Shown from history: answer of/)).toHaveCount(0);
    await expect(page.locator('dl.fields').first()).toContainText('Brändö');
    await expect(raw.getByLabel('Response body')).toContainText('"name": "Brändö"');
  });

  test('answers are listed newest first, kept over a reload, shown again without a read, removable', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    const history = page.getByRole('region', { name: 'History' });
    await expect(history).toContainText('Answers you get will be listed here.');
    await lookUpCell(page, '244', '91', '10038');
    await expect(page.locator('dl.fields')).toContainText('Brändö');
    await lookUpCell(page, '244', '91', '400001');
    // The answer, not the address bar, which may be written before the answer comes (route.ts, navigate): the
    // phone's answer must come after it for the order below.
    await expect(page.locator('dl.fields')).toContainText('Helsinki Kamppi');
    await expect(page).toHaveURL(/400001$/);
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.getByText('+358 40 123 4567')).toBeVisible();

    const items = history.getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('My phone');
    await expect(items.nth(1)).toContainText('Cell 244/91/400001');
    await expect(items.nth(2)).toContainText('Cell 244/91/10038');

    // Keys kept for this tab: so is the history.
    expect(await page.evaluate(() => localStorage.getItem('cellpos.history'))).toBeNull();
    const stored = await page.evaluate(() => sessionStorage.getItem('cellpos.history') ?? '');
    expect(stored).not.toContain('demo-service');
    expect(stored).not.toContain('demo-user');

    await page.reload();
    // The reload reads the linked cell again: the same answer moves to the top rather than repeating.
    await expect(items.nth(0)).toContainText('Cell 244/91/400001');
    await expect(items).toHaveCount(3);

    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) reads.push(r.url());
    });
    await history.getByRole('button', { name: /^Cell 244\/91\/10038 Brändö/ }).click();
    await expect(page.getByText(/Shown from history: answer of/)).toBeVisible();
    await expect(page).toHaveURL(/\/cell\/244\/91\/10038$/);
    await expect(page).toHaveTitle(/Cell 244\/91\/10038/);
    await expect(page.locator('dl.fields').first()).toContainText('Brändö');
    await expect(page.locator('.leaflet-marker-icon.marker-cell')).toBeVisible();
    expect(reads.filter((url) => url.includes('/api/cell/'))).toEqual([]);

    await items
      .filter({ hasText: 'Cell 244/91/400001' })
      .getByRole('button', { name: /^Remove/ })
      .click();
    await expect(items).toHaveCount(2);
    await history.getByRole('button', { name: 'Clear history' }).click();
    await expect(items).toHaveCount(0);
    expect(await page.evaluate(() => sessionStorage.getItem('cellpos.history'))).toBeNull();
    // The cell stays named in the address bar, but clearing the history reads nothing behind the person's back.
    expect(reads.filter((url) => url.includes('/api/cell/'))).toEqual([]);
  });

  test('an entry shown again is named in the address bar; Back returns to the looked-up cell', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    const panel = page.getByRole('region', { name: 'Look up a cell' });
    await lookUpCell(page, '244', '91', '10038');
    await expect(panel.locator('dl.fields')).toContainText('Brändö');
    await lookUpCell(page, '244', '91', '400001');
    await expect(panel.locator('dl.fields')).toContainText('Helsinki Kamppi');

    await page
      .getByRole('region', { name: 'History' })
      .getByRole('button', { name: /^Cell 244\/91\/10038 Brändö/ })
      .click();
    await expect(page).toHaveURL(/\/cell\/244\/91\/10038$/);
    await expect(panel.getByText(/Shown from history/)).toBeVisible();
    await expect(page.getByLabel('Cell ID', { exact: true })).toHaveValue('10038');

    await page.goBack();
    await expect(page).toHaveURL(/\/cell\/244\/91\/400001$/);
    await expect(panel.locator('dl.fields')).toContainText('Helsinki Kamppi');
    await expect(panel.getByText(/Shown from history/)).toHaveCount(0);
  });

  test('garbage in storage starts an empty history', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cellpos.history', '{"not": [json'));
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'History' })).toContainText(
      'Answers you get will be listed here.',
    );
  });

  test('the phone’s cells during the session are drawn as a trail', async ({ page }) => {
    const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
    const developer = `trail-${tag}`;
    admin('add-developer', developer);
    const serviceKey = `trail-service-${tag}`;
    const userKey = `trail-user-${tag}`;
    admin('issue-service-key', developer, '--key', serviceKey);
    admin('register-user', developer, '358409998877', '--key', userKey);
    admin('sms-reply', userKey);
    admin('set-cell', userKey, '244', '91', '10038');

    await page.goto('/');
    await saveKeys(page, { serviceKey, userKey });
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    const panel = page.getByRole('region', { name: 'My phone', exact: true });
    await expect(panel).toContainText('Brändö');
    admin('set-cell', userKey, '244', '91', '400001');
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect(panel).not.toContainText('Brändö');
    await expect(page.locator('path.trail-line')).toHaveCount(1);
    await expect.poll(() => page.locator('path.trail-point').count()).toBeGreaterThanOrEqual(2);
  });

  test('a lookup answered from what was kept keeps its time and place, says so, and can be asked afresh', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    const history = page.getByRole('region', { name: 'History' });
    const panel = page.getByRole('region', { name: 'Look up a cell' });
    const items = history.getByRole('listitem');
    await lookUpCell(page, '244', '91', '10038');
    await expect(panel).toContainText('Brändö');
    const firstTime = (await items.first().locator('time').textContent()) ?? '';
    await lookUpCell(page, '244', '91', '400101');
    await expect(panel).toContainText('Tampere Keskusta');
    await expect(items).toHaveCount(2);

    const reads: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/cell/')) reads.push(r.url());
    });
    await lookUpCell(page, '244', '91', '10038');
    await expect(panel).toContainText('Brändö');
    // Not read again: the answer kept from the first lookup, with its time, and the list stays in read order.
    await expect(panel.getByText(`Answer from ${firstTime.split(' ').at(-1) ?? ''}`)).toBeVisible();
    expect(reads).toEqual([]);
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText('Cell 244/91/400101');
    await expect(items.nth(1)).toContainText('Cell 244/91/10038');

    await panel.getByRole('button', { name: 'Ask again' }).click();
    await expect.poll(() => reads.length).toBe(1);
    await expect(items.nth(0)).toContainText('Cell 244/91/10038');
    await expect(items).toHaveCount(2);
    await expect(panel.getByText(/^Answer from/)).toHaveCount(0);
  });

  test('the phone’s answers never push lookups out of the history', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    // A full history: one lookup, the oldest, and 99 places of the phone since (as auto-refresh gathers them).
    const now = Date.now();
    const place = (i: number) => ({
      id: `seed-${i}`,
      at: now - 3_600_000 + (i + 1) * 30_000,
      kind: 'location',
      msisdn: '358401234567',
      cell: {
        lat: (60 + i / 1000).toFixed(6),
        lon: '24.900000',
        mcc: '244',
        mnc: '91',
        lac: '100',
        cellid: String(500_000 + i),
        name: `Somewhere ${i}`,
      },
    });
    const lookup = {
      id: 'seed-lookup',
      at: now - 3_600_000,
      kind: 'cell',
      cell: {
        lat: '60.316391',
        lon: '20.994058',
        mcc: '244',
        mnc: '91',
        lac: '0',
        cellid: '10038',
        name: 'Brändö',
      },
    };
    const stored = JSON.stringify({
      owner: keyFingerprint(DEMO),
      entries: [...Array.from({ length: 99 }, (_, i) => place(98 - i)), lookup],
    });
    await page.evaluate((text) => sessionStorage.setItem('cellpos.history', text), stored);
    await page.reload();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem').filter({ hasText: 'Cell 244/91/10038' })).toHaveCount(1);

    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(history.getByRole('listitem').first()).toContainText('Helsinki Kamppi');
    await expect(history.getByRole('listitem').filter({ hasText: 'Cell 244/91/10038' })).toHaveCount(1);
    await expect(history.getByRole('listitem').filter({ hasText: 'My phone' })).toHaveCount(20);
  });
});
