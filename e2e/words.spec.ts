import type { Page } from '@playwright/test';
import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

async function openBatch(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open batch lookup' }).click();
  await expect(page.getByLabel('Cells, one per line')).toBeVisible();
}

test.describe('words and their look', () => {
  test('a line with one value says “1 value”, in English and in Finnish', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await openBatch(page);
    await page.getByLabel('Cells, one per line').fill('244\n244,91,10038');
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    const line = page.getByRole('region', { name: 'Batch lookup' }).getByRole('alert').getByRole('listitem');
    await expect(line).toContainText('has 1 value;');
    await page.getByLabel('Language / Kieli').selectOption('fi');
    const rivi = page.getByRole('region', { name: 'Joukkohaku' }).getByRole('alert').getByRole('listitem');
    await expect(rivi).toContainText('sisältää 1 arvon;');
  });

  test('Finnish: one word for the Cell ID, and coordinates with the decimal comma as distances have', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 59.316391, longitude: 20.994058, accuracy: 40 });
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    const panel = page.getByRole('region', { name: 'Look up a cell' });
    await expect(panel.locator('dt', { hasText: /^Latitude$/ }).locator('+ dd')).toHaveText('60.316391');

    await page.getByLabel('Language / Kieli').selectOption('fi');
    const haku = page.getByRole('region', { name: 'Solun haku' });
    await expect(haku.locator('dt', { hasText: /^Leveysaste$/ }).locator('+ dd')).toHaveText('60,316391');
    await expect(haku.locator('dt', { hasText: /^Pituusaste$/ }).locator('+ dd')).toHaveText('20,994058');
    await haku.getByRole('button', { name: 'Vertaa tämän laitteen sijaintiin' }).click();
    await expect(haku.getByRole('status').filter({ hasText: 'Tämä laite on' })).toContainText(
      /\d+,\d\skm|\d+\skm/,
    );

    await page.getByRole('button', { name: 'Avaa joukkohaku' }).click();
    await page.getByLabel('Solut, yksi riviä kohden').fill('244,91,10038');
    await page.getByRole('button', { name: 'Hae', exact: true }).click();
    const table = page.getByRole('region', { name: 'Joukkohaku' }).getByRole('table');
    await expect(table.getByRole('columnheader', { name: /Solutunnus/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Brändö/ })).toContainText('60,316391');
    await expect(page.getByLabel('Solutunnus', { exact: true })).toBeVisible();
  });

  test('a mistyped key reads as a mistyped key, not as keys of two developers', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, { serviceKey: DEMO.serviceKey, userKey: 'demo-usr' });
    const phone = page.getByRole('region', { name: 'My phone', exact: true });
    await phone.getByRole('button', { name: 'Locate my phone' }).click();
    const alert = phone.getByRole('alert');
    await expect(alert).toContainText('Keys not accepted');
    await expect(alert).toContainText('typing mistake');
    await expect(alert).not.toContainText('belong together');
    await page.getByLabel('Language / Kieli').selectOption('fi');
    const varoitus = page.getByRole('region', { name: 'Puhelimeni', exact: true }).getByRole('alert');
    await expect(varoitus).toContainText('Avaimia ei hyväksytty');
    await expect(varoitus).toContainText('kirjoitusvirhe');
  });

  test('“Requests at once” fits on one line, in English and Finnish', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await openBatch(page);
    for (const [language, name] of [
      ['en', 'Requests at once (1–16)'],
      ['fi', 'Pyyntöjä yhtä aikaa (1–16)'],
    ] as const) {
      await page.getByLabel('Language / Kieli').selectOption(language);
      const label = page.locator('label', { hasText: name });
      await expect(label).toBeVisible();
      const lines = await label.evaluate((element) => {
        const style = getComputedStyle(element);
        const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.2;
        return element.getBoundingClientRect().height / lineHeight;
      });
      expect(lines, name).toBeLessThan(1.5);
    }
  });

  test('the file picker is a button of the app’s own: its words in the page’s language, its look in dark mode too', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await openBatch(page);
    await page.getByLabel('Language / Kieli').selectOption('fi');
    const region = page.getByRole('region', { name: 'Joukkohaku' });
    const picker = region.getByRole('button', {
      name: 'Tai lue tiedosto (teksti, CSV tai TSV) Valitse tiedosto…',
    });
    await expect(picker).toBeVisible();
    await expect(region).toContainText('Ei valittua tiedostoa');
    await expect(region).not.toContainText(/Choose File|No file chosen/);
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      const looks = await picker.evaluate((button) => {
        const other = document.querySelector('.button.secondary:not([aria-labelledby])');
        const style = (element: Element) => {
          const { backgroundColor, color, borderColor } = getComputedStyle(element);
          return [backgroundColor, color, borderColor];
        };
        return { picker: style(button), button: other ? style(other) : [] };
      });
      expect(looks.picker, colorScheme).toEqual(looks.button);
    }
  });
});
