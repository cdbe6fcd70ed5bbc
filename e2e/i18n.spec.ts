import { DEMO, expect, saveKeys, test } from './fixtures';

test.describe('languages', () => {
  test('English by default; switching to Finnish changes the texts and <html lang>, and is remembered', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Use demo keys' })).toBeVisible();
    const language = page.getByLabel('Language / Kieli');
    await expect(language).toHaveValue('en');

    await language.selectOption('fi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    await expect(page.getByLabel('Muoto')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Language / Kieli')).toHaveValue('fi');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');

    await page.getByLabel('Language / Kieli').selectOption('en');
    await expect(page.getByLabel('Format')).toBeVisible();
    await saveKeys(page, DEMO);
  });
});

test.describe('a Finnish browser', () => {
  test.use({ locale: 'fi-FI' });

  test('starts in Finnish', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fi');
    await expect(page.getByLabel('Language / Kieli')).toHaveValue('fi');
  });
});
