import type { Page } from '@playwright/test';
import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

/* The history holds the phone number and every located cell: it is kept where the keys are, and goes with them.
   Two tabs of one browser share what is remembered on the device. */
const historyItems = (page: Page) => page.getByRole('region', { name: 'History' }).getByRole('listitem');
const stored = (page: Page, where: 'localStorage' | 'sessionStorage') =>
  page.evaluate((name) => window[name].getItem('cellpos.history'), where);

test('keys for this tab only: the history stays in the tab, and a new tab sees none of it', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await saveKeys(page, DEMO);
  await page.getByRole('button', { name: 'Locate my phone' }).click();
  await expect(historyItems(page)).toHaveCount(1);
  expect(await stored(page, 'localStorage')).toBeNull();
  expect(await stored(page, 'sessionStorage')).toContain('358401234567');

  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByRole('button', { name: 'Save keys' })).toBeVisible();
  await expect(other.getByRole('region', { name: 'History' })).toContainText(
    'Answers you get will be listed here.',
  );

  await page.getByRole('button', { name: 'Forget keys' }).click();
  await expect(historyItems(page)).toHaveCount(0);
  expect(await stored(page, 'sessionStorage')).toBeNull();
});

test('remembered keys: two tabs add to one history, and Forget keys in one clears both', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await saveKeys(page, DEMO, { remember: true });
  const other = await context.newPage();
  await other.goto('/');
  await expect(other.getByRole('button', { name: 'Forget keys' })).toBeVisible();

  await lookUpCell(page, '244', '91', '10038');
  await expect(historyItems(page)).toHaveCount(1);
  await expect(historyItems(other)).toHaveCount(1);
  await lookUpCell(other, '244', '91', '400001');
  await expect(historyItems(other)).toHaveCount(2);
  await expect(historyItems(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Locate my phone' }).click();
  for (const tab of [page, other]) {
    await expect(historyItems(tab)).toHaveCount(3);
    await expect(historyItems(tab).nth(0)).toContainText('My phone');
    await expect(historyItems(tab).nth(1)).toContainText('Cell 244/91/400001');
    await expect(historyItems(tab).nth(2)).toContainText('Cell 244/91/10038');
  }
  expect(await stored(page, 'localStorage')).toContain('358401234567');

  await page.getByRole('button', { name: 'Forget keys' }).click();
  for (const tab of [page, other]) {
    await expect(historyItems(tab)).toHaveCount(0);
    await expect(tab.getByRole('button', { name: 'Save keys' })).toBeVisible();
  }
  expect(await stored(page, 'localStorage')).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('cellpos.keys'))).toBeNull();
  await other.reload();
  await expect(other.getByRole('region', { name: 'History' })).toContainText(
    'Answers you get will be listed here.',
  );
});
