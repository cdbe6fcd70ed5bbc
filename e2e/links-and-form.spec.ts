import type { Page } from '@playwright/test';
import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

const panel = (page: Page) => page.getByRole('region', { name: 'Look up a cell' });

function cellRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/cell/')) sent.push(`${url.pathname}${url.search}`);
  });
  return sent;
}

/** Opens a shared link with the demo keys already kept for the tab, as a person who saved them before. */
async function openLink(page: Page, path: string): Promise<string[]> {
  await page.goto('/');
  await saveKeys(page, DEMO);
  const sent = cellRequests(page);
  await page.goto(path);
  return sent;
}

test.describe('links follow the form’s rules', () => {
  test('a hexadecimal Cell ID in a link is read as the form reads it, and the address says it in decimal', async ({
    page,
  }) => {
    const sent = await openLink(page, '/cell/244/91/0x2736');
    await expect(panel(page)).toContainText('Brändö');
    await expect(page).toHaveURL(/\/cell\/244\/91\/10038$/);
    await expect(page.getByLabel('Cell ID', { exact: true })).toHaveValue('10038');
    expect(sent).toEqual(['/api/cell/244/91/10038']);
  });

  test('a link with an MCC the form refuses is refused the same way, and nothing is sent', async ({
    page,
  }) => {
    const sent = await openLink(page, '/cell/24/91/1');
    await expect(panel(page).getByRole('alert')).toContainText('MCC has exactly three digits');
    await expect(page.getByLabel('MCC', { exact: true })).toHaveValue('24');
    expect(sent).toEqual([]);
  });

  test('?radio= in any letter case shows that radio in the form and sends it; a bad LAC is named', async ({
    page,
  }) => {
    const sent = await openLink(page, '/cell/244/91/10038?radio=lte');
    await expect(panel(page)).toContainText('Brändö');
    await expect(page.getByLabel('Radio', { exact: true })).toHaveValue('LTE');
    expect(sent).toEqual(['/api/cell/244/91/10038?radio=LTE']);

    await page.goto('/cell/244/91/10038?lac=12a');
    await expect(panel(page).getByRole('alert')).toContainText('LAC');
    await expect(page.getByLabel('LAC', { exact: true })).toHaveValue('12a');
    expect(sent).toHaveLength(1);
  });
});

test.describe('numbers as a person types them', () => {
  test('full-width digits and a digit group with a space are read as the digits they are', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '２４４', '９１', '10 038');
    await expect(panel(page)).toContainText('Brändö');
    await expect(page).toHaveURL(/\/cell\/244\/91\/10038$/);
    await expect(page.getByLabel('MCC', { exact: true })).toHaveValue('244');
  });
});

test.describe('a failed check of the form', () => {
  test('takes the earlier result off the screen', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await expect(panel(page)).toContainText('Brändö');
    await page.getByLabel('Cell ID', { exact: true }).fill('400x101');
    await page.getByRole('button', { name: 'Look up cell' }).click();
    await expect(page.getByLabel('Cell ID', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(panel(page)).not.toContainText('Brändö');
  });

  test('takes the earlier cell out of the address, so a link copied now does not share it; Back returns to it', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await expect(panel(page)).toContainText('Brändö');
    await expect(page).toHaveURL(/\/cell\/244\/91\/10038$/);
    await page.getByLabel('Cell ID', { exact: true }).fill('400x101');
    await page.getByRole('button', { name: 'Look up cell' }).click();
    await expect(page.getByLabel('Cell ID', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).not.toHaveURL(/\/cell\//);
    // What was typed stays, with what is wrong with it, and keeps the focus.
    await expect(page.getByLabel('Cell ID', { exact: true })).toHaveValue('400x101');
    await expect(page.getByLabel('Cell ID', { exact: true })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Cell: Brändö' })).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/cell\/244\/91\/10038$/);
    await expect(panel(page)).toContainText('Brändö');
    await expect(page.getByLabel('Cell ID', { exact: true })).toHaveValue('10038');
  });

  test('takes an earlier message about another cell off the screen', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '999999');
    await expect(panel(page).getByRole('alert')).toContainText('Cell ID 999999');
    await page.getByLabel('MCC', { exact: true }).fill('24');
    await page.getByRole('button', { name: 'Look up cell' }).click();
    await expect(page.getByLabel('MCC', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(panel(page)).not.toContainText('Cell ID 999999');
  });
});
