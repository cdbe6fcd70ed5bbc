import type { Page } from '@playwright/test';
import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

/** Where the keyboard's focus is now, as a person would be told: its role's name or its text. */
const focused = (page: Page) => page.locator(':focus');

test.describe('keyboard focus after each action', () => {
  test('Use demo keys: focus goes to what happened, and Tab goes on to the next control there', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Use demo keys' }).click();
    await expect(focused(page)).toHaveText('Keys are kept for this browser tab only.');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Change keys' })).toBeFocused();

    await page.getByRole('button', { name: 'Forget keys' }).click();
    await expect(focused(page)).toContainText('Keys forgotten');
  });

  test('Enter in Cell ID: focus goes to the result, whose title is a heading; a failure takes it to the message', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.getByLabel('MCC', { exact: true }).fill('244');
    await page.getByLabel('MNC', { exact: true }).fill('91');
    await page.getByLabel('Cell ID', { exact: true }).fill('10038');
    await page.getByLabel('Cell ID', { exact: true }).press('Enter');
    const title = page.getByRole('heading', { name: 'Brändö', level: 3 });
    await expect(title).toBeFocused();

    await lookUpCell(page, '244', '91', '999999');
    const message = page.getByRole('region', { name: 'Look up a cell' }).getByRole('alert');
    await expect(message).toContainText('No such cell');
    await expect(message).toBeFocused();

    // The same cell again: the answer comes (from the service or kept), and focus follows it.
    await page.getByLabel('Cell ID', { exact: true }).fill('10038');
    await page.getByLabel('Cell ID', { exact: true }).press('Enter');
    await expect(title).toBeFocused();
  });

  test('the phone’s answer has a heading too, and Locate my phone takes focus to it', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.getByRole('button', { name: 'Locate my phone' }).click();
    await expect(page.getByRole('heading', { name: '+358 40 123 4567', level: 3 })).toBeFocused();
  });

  test('Remove on a history entry: focus stays in the list, on the entry that took its place', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await expect(page.getByRole('heading', { name: 'Brändö' })).toBeVisible();
    await lookUpCell(page, '244', '91', '400101');
    await expect(page.getByRole('heading', { name: 'Tampere Keskusta' })).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(2);

    await history.getByRole('button', { name: /^Remove Cell 244\/91\/400101/ }).click();
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByRole('button', { name: /^Remove Cell 244\/91\/10038/ })).toBeFocused();

    await history.getByRole('button', { name: /^Remove Cell 244\/91\/10038/ }).press('Enter');
    await expect(history.getByRole('listitem')).toHaveCount(0);
    await expect(focused(page)).toHaveText('Answers you get will be listed here.');
  });

  test('a batch run: focus goes to the results’ heading when it ends (Look up is disabled, Cancel goes)', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.getByRole('button', { name: 'Open batch lookup' }).click();
    await page.getByLabel('Cells, one per line').fill('244,91,10038\n244,91,400101\n244,5,400201');
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    const region = page.getByRole('region', { name: 'Batch lookup' });
    await expect(region.locator('.batch-ended')).toContainText('Finished');
    await expect(region.getByRole('heading', { name: 'Results', level: 3 })).toBeFocused();
  });

  test('a History entry chosen: focus goes to the answer shown', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await expect(page.getByRole('heading', { name: 'Brändö', level: 3 })).toBeFocused();
    await lookUpCell(page, '244', '91', '400101');
    await expect(page.getByRole('heading', { name: 'Tampere Keskusta', level: 3 })).toBeFocused();
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: /^Cell 244\/91\/10038 Brändö/ }).click();
    const title = page.getByRole('heading', { name: 'Brändö', level: 3 });
    await expect(title).toBeFocused();
    await expect(title).toBeInViewport();
    await history.getByRole('button', { name: /^Cell 244\/91\/400101 Tampere/ }).press('Enter');
    await expect(page.getByRole('heading', { name: 'Tampere Keskusta', level: 3 })).toBeFocused();
  });

  test('a lookup without keys: focus goes to the message asking for them', async ({ page }) => {
    await page.goto('/');
    await lookUpCell(page, '244', '91', '10038');
    const message = page.getByText('Enter your keys to look up cell 244/91/10038.');
    await expect(message).toBeFocused();
    await expect(message).toBeInViewport();
  });
});
