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

  test('Finnish labels, and numbers and times formatted for fi-FI', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 60.3, longitude: 20.9, accuracy: 1500 });
    await page.goto('/');
    await saveKeys(page, DEMO);
    await page.getByLabel('Language / Kieli').selectOption('fi');
    await expect(page.getByRole('button', { name: 'Paikanna puhelimeni' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Avaimesi' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unohda avaimet' })).toBeVisible();
    await page.getByLabel('MCC', { exact: true }).fill('244');
    await page.getByLabel('MNC', { exact: true }).fill('91');
    await page.getByLabel('Solutunnus', { exact: true }).fill('10038');
    await page.getByRole('button', { name: 'Hae solu' }).click();
    const panel = page.getByRole('region', { name: 'Solun haku' });
    await expect(panel.locator('dt', { hasText: /^Maa$/ }).locator('+ dd')).toHaveText('Suomi');
    await page.getByRole('button', { name: 'Vertaa tämän laitteen sijaintiin' }).click();
    // fi-FI writes the decimal comma and a no-break space before the unit.
    await expect(page.getByRole('status').filter({ hasText: 'Tämä laite on' })).toHaveText(
      /^Tämä laite on \d+,\d\skm päässä solusta; sen oma sijainti on noin 1,5\skm tarkka\.$/,
    );
    const history = page.getByRole('region', { name: 'Historia' });
    await expect(history.locator('time').first()).toHaveText(/^\d{1,2}\.\d{1,2}\.\d{4}/);
    await page.getByLabel('Language / Kieli').selectOption('en');
    await expect(history).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'History' }).locator('time').first()).toHaveText(
      /^\d{2}\/\d{2}\/\d{4}/,
    );
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
