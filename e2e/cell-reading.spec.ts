import type { Page } from '@playwright/test';
import { expectAccessible, PANEL } from './accessible';
import { admin, DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

function fact(page: Page, term: string) {
  return page
    .getByRole('region', { name: 'Look up a cell' })
    .locator('dt', { hasText: new RegExp(`^${term.replace(/[()]/g, '\\$&')}$`) })
    .locator('+ dd');
}

test.describe('reading a cell', () => {
  test('a hexadecimal Cell ID is looked up, linked and shown in decimal, with its hex form', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '0x2736');
    await expect(page).toHaveURL(/\/cell\/244\/91\/10038$/);
    await expect(fact(page, 'Cell ID')).toHaveText('10038');
    await expect(fact(page, 'Cell ID (hex)')).toHaveText('0x2736');
    await expect(page.getByLabel('Cell ID', { exact: true })).toHaveValue('10038');
  });

  test('a bad hexadecimal Cell ID is refused naming the field; nothing is sent', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/cell/')) sent.push(r.url());
    });
    await lookUpCell(page, '244', '91', '0xZZ');
    await expect(page.getByLabel('Cell ID', { exact: true })).toHaveAccessibleDescription(
      /Cell ID must be a whole number.*0x/,
    );
    await lookUpCell(page, '244', '91', '0x1000000000');
    await expect(page.getByLabel('Cell ID', { exact: true })).toHaveAccessibleDescription(
      /Cell ID must be from 0 to 68719476735/,
    );
    expect(sent).toEqual([]);
  });

  test('country and operator by name, and the LTE and UMTS readings', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await expect(fact(page, 'Country')).toHaveText('Finland');
    await expect(fact(page, 'Operator')).toContainText('Telia');
    await expect(page.getByRole('heading', { name: 'Readings of the cell ID' })).toBeVisible();
    await expect(page.getByText('these are interpretations of the number')).toBeVisible();
    await expect(fact(page, 'As LTE')).toHaveText('eNB 39, sector 54');
    await expect(fact(page, 'As UMTS')).toHaveText('RNC 0, CID 10038');
    await expect(fact(page, 'As 5G NR (24-bit gNB)')).toHaveCount(0);
  });

  test('above 2^28 the 5G NR reading appears', async ({ page }) => {
    const cellid = String(0x123456789);
    admin('add-cell', '244', '91', cellid, '5', '60.170000', '24.940000', 'NR test cell');
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '0x123456789');
    await expect(fact(page, 'Cell ID')).toHaveText(cellid);
    await expect(fact(page, 'As 5G NR (24-bit gNB)')).toHaveText('gNB 1193046, cell 1929');
  });

  test('distance and bearing from the phone’s cell', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.getByText('+358 40 123 4567')).toBeVisible();
    await lookUpCell(page, '244', '91', '10038');
    await expect(fact(page, 'From your phone’s cell')).toHaveText(
      /^[\d.,]+ (k?m), bearing \d{1,3}° \((N|NE|E|SE|S|SW|W|NW)\)$/,
    );
  });
});

test('axe: the cell with its readings, comparison, sharing and history, in English and Finnish', async ({
  page,
}) => {
  await page.goto('/');
  await saveKeys(page, DEMO);
  await page.getByRole('button', { name: 'Locate my phone' }).click();
  await expect(page.getByText('+358 40 123 4567')).toBeVisible();
  await lookUpCell(page, '244', '91', '10038');
  await expect(fact(page, 'Operator')).toContainText('Telia');
  for (const language of ['en', 'fi']) {
    await page.getByLabel('Language / Kieli').selectOption(language);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expectAccessible(page, [PANEL]);
  }
});
