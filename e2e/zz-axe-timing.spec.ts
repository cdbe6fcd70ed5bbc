import { expectAccessible, PANEL } from './accessible';
import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

test('a low-contrast line in the panel fails the scoped check', async ({ page }) => {
  await page.goto('/');
  await saveKeys(page, DEMO);
  await lookUpCell(page, '244', '91', '10038');
  await expect(page.locator('dl.fields')).toContainText('Brändö');
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.textContent = 'faint words';
    p.style.color = '#eeeeee';
    p.style.background = '#ffffff';
    document.querySelector('.panel')?.append(p);
  });
  await expect(expectAccessible(page, [PANEL])).rejects.toThrow(/color-contrast/);
});
