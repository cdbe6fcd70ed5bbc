import type { Page, Route } from '@playwright/test';
import { DEMO, expect, saveKeys, test } from './fixtures';

async function openBatch(page: Page): Promise<void> {
  await page.goto('/');
  await saveKeys(page, DEMO);
  await page.getByRole('button', { name: 'Open batch lookup' }).click();
  await expect(page.getByLabel('Cells, one per line')).toBeVisible();
}

const batch = (page: Page) => page.getByRole('region', { name: 'Batch lookup' });

async function runList(page: Page, lines: readonly string[]): Promise<void> {
  await page.getByLabel('Cells, one per line').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Look up', exact: true }).click();
}

/** A list of 13,000 cells, read from a file as a person would choose one. */
async function readFile(page: Page, label: string, list: string): Promise<void> {
  const text = Array.from({ length: 13_000 }, (_, i) => `244,91,${1_000_000 + i}`).join('\n');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label }).click();
  await (
    await chooser
  ).setFiles({
    name: 'cells.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(text),
  });
  await expect(page.getByLabel(list)).toHaveValue(/244,91,1012999$/);
}

function cellRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/cell/')) sent.push(`${url.pathname}${url.search}`);
  });
  return sent;
}

test.describe('a batch list with a header', () => {
  test('a dashed line with its LAC is read by its own form, not by the header’s columns', async ({
    page,
  }) => {
    await openBatch(page);
    const sent = cellRequests(page);
    await runList(page, ['mcc,mnc,cellid', '244,91,10038', '244-5-5050-400501']);
    await expect(batch(page).locator('.batch-ended')).toContainText('Finished: 2 found, 0 failed of 2');
    expect(sent.sort()).toEqual(['/api/cell/244/5/400501?lac=5050', '/api/cell/244/91/10038']);
    const row = batch(page).getByRole('row', { name: /Jyväskylä Kuokkala/ });
    await expect(row).toContainText('400501');
    await expect(row).toContainText('5050');
  });

  test('a line with more or fewer values than the header names gets a numbered message, nothing is guessed', async ({
    page,
  }) => {
    await openBatch(page);
    const sent = cellRequests(page);
    await runList(page, ['mcc,mnc,cellid', '244,91,10038', '244,91', '244,91,400101,7']);
    const alert = batch(page).getByRole('alert');
    await expect(alert).toContainText('Lines that can’t be read: 2');
    await expect(alert.getByRole('listitem').nth(0)).toContainText(
      'Line 3 244,91: has 2 values; the header names 3 columns.',
    );
    await expect(alert.getByRole('listitem').nth(1)).toContainText(
      'Line 4 244,91,400101,7: has 4 values; the header names 3 columns.',
    );
    expect(sent).toEqual([]);
  });
});

test.describe('the batch box says one thing at a time', () => {
  test('after “look up the readable cells”, the box no longer says nothing was sent; finished, no time left', async ({
    page,
  }) => {
    await openBatch(page);
    await runList(page, ['244,91,10038', '24,91,5', '244,91,400101']);
    const alert = batch(page).getByRole('alert');
    await expect(alert).toContainText('Nothing has been sent.');
    await alert.getByRole('button', { name: 'Look up the readable cells (2)' }).click();
    await expect(batch(page).locator('.batch-ended')).toContainText('Finished: 2 found, 0 failed of 2');
    await expect(batch(page)).not.toContainText('Nothing has been sent');
    await expect(batch(page)).toContainText('Not sent: lines that can’t be read: 1');
    await expect(batch(page)).not.toContainText(/left/);
  });

  test('after Cancel the progress says no time left', async ({ page }) => {
    await openBatch(page);
    let count = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/cell/**', async (route: Route) => {
      count += 1;
      if (count <= 2) return route.continue();
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.getByLabel('Requests at once (1–16)').fill('1');
    await runList(
      page,
      Array.from({ length: 8 }, (_, i) => `244,91,${900001 + i}`),
    );
    await expect(batch(page).getByText(/Progress: 2 of 8 done .* left/)).toBeVisible();
    await batch(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(batch(page).locator('.batch-ended')).toContainText('Cancelled: 2 of 8 done');
    release();
    await expect(batch(page)).not.toContainText(/left/);
  });

  test('before a run longer than a minute at the service’s limit, it says how long and asks', async ({
    page,
  }) => {
    await openBatch(page);
    const sent = cellRequests(page);
    // The test service allows 200 requests a second per service key: 13,000 cells take at least 65 s.
    await readFile(page, 'Or read a file (text, CSV or TSV) Choose a file…', 'Cells, one per line');
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    const notice = batch(page).getByRole('status').filter({ hasText: 'at most 200 requests a second' });
    await expect(notice).toContainText('13,000 cells take at least 1 min 5 secs.');
    // What it says takes focus, so the next Tab reaches the button that starts the run.
    await expect(page.locator(':focus')).toContainText('13,000 cells take at least 1 min 5 secs.');
    await page.keyboard.press('Tab');
    await expect(batch(page).getByRole('button', { name: 'Look up 13,000 cells' })).toBeFocused();
    expect(sent).toEqual([]);
    await batch(page).getByRole('button', { name: 'Look up 13,000 cells' }).click();
    await expect(batch(page).getByText(/^Progress: /)).toBeVisible();
    await batch(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(batch(page).locator('.batch-ended')).toBeVisible();
  });

  test('in Finnish too', async ({ page }) => {
    await openBatch(page);
    await page.getByLabel('Language / Kieli').selectOption('fi');
    await readFile(
      page,
      'Tai lue tiedosto (teksti, CSV tai TSV) Valitse tiedosto…',
      'Solut, yksi riviä kohden',
    );
    await page.getByRole('button', { name: 'Hae', exact: true }).click();
    const region = page.getByRole('region', { name: 'Joukkohaku' });
    await expect(
      region.getByRole('status').filter({ hasText: 'enintään 200 pyyntöä sekunnissa' }),
    ).toContainText(/13\s000 solua vie vähintään 1\smin 5\ss\./);
    await expect(region.getByRole('button', { name: /^Hae 13\s000 solua$/ })).toBeVisible();
  });
});
