import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

test.describe('sharing', () => {
  test('copy the link (never keys), with the map view, and the coordinates', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '0x2736');
    await expect(page.locator('dl.fields')).toContainText('Brändö');
    const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    expect(await clipboard()).toBe(`${baseURL}/cell/244/91/10038`);

    await page.getByLabel('Include map view').check();
    await page.getByRole('button', { name: 'Copy link' }).click();
    const withView = await clipboard();
    expect(withView).toMatch(/\/cell\/244\/91\/10038\?view=-?\d+\.\d{5},-?\d+\.\d{5},\d+$/);
    expect(withView).not.toContain('demo-');

    await page.getByRole('button', { name: 'Copy coordinates' }).click();
    await expect.poll(clipboard).toBe('60.316391, 20.994058');

    await page.goto(withView);
    await expect(page.locator('dl.fields')).toContainText('Brändö');
  });

  test('outside maps open in a new tab without referrer', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    const expected: ReadonlyArray<readonly [RegExp, string]> = [
      [
        /Open in OpenStreetMap/,
        'https://www.openstreetmap.org/?mlat=60.316391&mlon=20.994058#map=15/60.316391/20.994058',
      ],
      [/Open in OpenCelliD/, 'https://opencellid.org/#zoom=16&lat=60.316391&lon=20.994058'],
      [
        /Open in CellMapper/,
        'https://www.cellmapper.net/map?MCC=244&MNC=91&type=LTE&latitude=60.316391&longitude=20.994058&zoom=15',
      ],
    ];
    for (const [name, href] of expected) {
      const link = page.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});
