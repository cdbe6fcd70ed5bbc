import type { Page } from '@playwright/test';
import { DEMO, MISMATCHED, PENDING, expect, lookUpCell, saveKeys, test } from './fixtures';

/** Every key value the test uses, and the names the document gives them in a query. */
const SECRETS = [DEMO.serviceKey, DEMO.userKey, PENDING.userKey, MISMATCHED.userKey, 'serviceKey', 'userKey'];

/** What the browser writes down about the page's reads: its console (text and source URL) and request URLs. */
function watch(page: Page) {
  const console: string[] = [];
  const failedLoads: string[] = [];
  const urls: string[] = [];
  page.on('console', (message) => {
    const line = `${message.text()} ${message.location().url}`;
    console.push(line);
    if (message.text().startsWith('Failed to load resource')) failedLoads.push(line);
  });
  page.on('request', (request) => urls.push(request.url()));
  return { console, failedLoads, urls };
}

async function changeKeys(page: Page, keys: { serviceKey: string; userKey: string }): Promise<void> {
  await page.getByRole('button', { name: 'Change keys' }).click();
  await saveKeys(page, keys);
}

test('failed reads (401, 403, 404, 429, cells in view) leave no key in the console or a request URL', async ({
  page,
}) => {
  const seen = watch(page);
  await page.goto('/?view=60.17000,24.94000,11');
  const phone = page.getByRole('region', { name: 'My phone', exact: true });
  const cell = page.getByRole('region', { name: 'Look up a cell' });

  // 401: keys of two developers, on the phone's read and on the cells in view.
  await saveKeys(page, MISMATCHED);
  await phone.getByRole('button', { name: 'Locate my phone' }).click();
  await expect(phone.getByRole('alert')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Cells in view' }).check();
  await expect(page.getByRole('region', { name: 'Cells in view' }).getByRole('alert')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Cells in view' }).uncheck();

  // 403: a user who has not replied to the authorization SMS.
  await changeKeys(page, PENDING);
  await phone.getByRole('button', { name: 'Locate my phone' }).click();
  await expect(phone.getByRole('alert')).toContainText('Reply to the authorization SMS');

  // 404: a cell nobody knows; 429: the service asks to slow down.
  await changeKeys(page, DEMO);
  await lookUpCell(page, '244', '91', '999999');
  await expect(cell.getByRole('alert')).toContainText('No such cell');
  await page.route('**/api/cell/244/91/10038*', (route) =>
    route.fulfill({ status: 429, headers: { 'Retry-After': '30' }, body: '' }),
  );
  await lookUpCell(page, '244', '91', '10038');
  await expect(cell.getByRole('alert')).toContainText('wait 30 s');

  // The browser did write the failures down: five of them at least, each with its URL.
  expect(seen.failedLoads.length).toBeGreaterThanOrEqual(5);
  for (const secret of SECRETS) {
    expect(seen.console.filter((line) => line.includes(secret))).toEqual([]);
    expect(seen.urls.filter((url) => url.includes(secret))).toEqual([]);
  }
});

test('the keys travel in request headers, and the raw view shows a URL without them', async ({ page }) => {
  await page.goto('/');
  await saveKeys(page, DEMO);
  const request = page.waitForRequest((r) => r.url().includes('/api/cell/'));
  await lookUpCell(page, '244', '91', '10038');
  const headers = (await request).headers();
  expect(headers['x-service-key']).toBe(DEMO.serviceKey);
  expect(headers['x-user-key']).toBe(DEMO.userKey);
  await page.getByText('Raw response', { exact: true }).click();
  const raw = page.getByRole('region', { name: 'Raw response' });
  await expect(raw).toContainText('/api/cell/244/91/10038');
  await expect(raw).not.toContainText('demo-');
});
