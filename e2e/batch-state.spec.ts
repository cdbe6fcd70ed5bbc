import type { Page } from '@playwright/test';
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
