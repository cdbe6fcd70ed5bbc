import type { APIRequestContext, Page } from '@playwright/test';
import { GEOLOCATE_CASES, GEOLOCATE_CELLS } from '../scripts/stand-ins/geolocate';
import { OPENCELLID_CASES, OPENCELLID_CELLS } from '../scripts/stand-ins/opencellid';
import { DEMO, expect, saveKeys, test } from './fixtures';

/* A service that asks its store, then OpenCelliD, then a geolocate API, all stand-ins (playwright.config.ts starts
   them): the lookup a person makes today, with the LAC and radio, the source's credit and range on the map. */
const SOURCES = process.env.E2E_SOURCES_URL ?? 'http://127.0.0.1:5203';
const STAND_INS = process.env.E2E_STAND_INS_URL ?? 'http://127.0.0.1:5202';

test.use({ baseURL: SOURCES });

async function lookUp(
  page: Page,
  mcc: string,
  mnc: string,
  cellid: string,
  lac = '',
  radio = '',
): Promise<void> {
  await page.getByLabel('MCC', { exact: true }).fill(mcc);
  await page.getByLabel('MNC', { exact: true }).fill(mnc);
  await page.getByLabel('Cell ID', { exact: true }).fill(cellid);
  await page.getByLabel('LAC', { exact: true }).fill(lac);
  await page.getByLabel('Radio', { exact: true }).selectOption(radio);
  await page.getByRole('button', { name: 'Look up cell' }).click();
}

/** The legend's range entry, the legend opened first where it starts closed (a phone). */
async function legendRange(page: Page) {
  const legend = page.locator('details.map-legend');
  if ((await legend.getAttribute('open')) === null) await legend.locator('summary').click();
  return legend.getByRole('listitem').filter({ hasText: /Circle|Range/ });
}

async function asked(
  request: APIRequestContext,
  cellid: number,
): Promise<{ opencellid: number; geolocate: number }> {
  const response = await request.get(`${STAND_INS}/requests?cellid=${cellid}`);
  return (await response.json()) as { opencellid: number; geolocate: number };
}

const panel = (page: Page) => page.getByRole('region', { name: 'Look up a cell' });

test.describe('real cells from the public cell databases', () => {
  test('a lookup with LAC and radio answers from OpenCelliD, with its credit, licence and range circle', async ({
    page,
    request,
  }) => {
    const { cellid } = OPENCELLID_CELLS.helsinki;
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUp(page, '244', '91', String(cellid), '6001', 'LTE');

    await expect(panel(page).locator('dl.fields')).toContainText('Helsinki');
    await expect(page).toHaveURL(new RegExp(`/cell/244/91/${cellid}\\?lac=6001&radio=LTE$`));
    const facts = page.getByRole('group', { name: 'Where this answer comes from' });
    await expect(facts).toContainText('Source: OpenCelliD');
    await expect(facts).toContainText('Range: 1.2 km, the area where the cell was heard');
    await expect(facts).toContainText('Measurements: 37');
    await expect(facts.getByRole('link', { name: /OpenCelliD contributors/ })).toHaveAttribute(
      'href',
      'https://opencellid.org/',
    );
    const license = facts.getByRole('link', { name: /CC BY-SA 4\.0/ });
    await expect(license).toHaveAttribute('href', 'https://creativecommons.org/licenses/by-sa/4.0/');
    await expect(license).toHaveAttribute('rel', 'noopener noreferrer');

    await expect(await legendRange(page)).toHaveText(
      'Circle: the area where the cell was heard, 1.2 km around it (OpenCelliD).',
    );
    await expect(page.locator('.leaflet-overlay-pane path')).toHaveCount(1);

    // The raw view shows what the body's shape has no room for.
    await page.getByText('Raw response', { exact: true }).click();
    await expect(page.getByRole('definition').filter({ hasText: /^opencellid$/ })).toBeVisible();

    // Reloading the link reads the cell again: the service answers from its cache, asking OpenCelliD nothing.
    const before = await asked(request, cellid);
    expect(before.opencellid).toBeGreaterThanOrEqual(1);
    await page.reload();
    await expect(panel(page).locator('dl.fields')).toContainText('Helsinki');
    await expect(page.getByLabel('LAC', { exact: true })).toHaveValue('6001');
    await expect(page.getByLabel('Radio', { exact: true })).toHaveValue('LTE');
    await expect(facts).toContainText('Kept by the service from an earlier lookup');
    expect(await asked(request, cellid)).toEqual(before);
  });

  test('says to add the LAC when no source knows the cell without it', async ({ page }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUp(page, '244', '91', '4242');
    await expect(page.getByRole('alert')).toContainText(
      'No source knows MCC 244, MNC 91, Cell ID 4242. The public cell databases need the cell’s LAC to look it up: add the LAC (and the radio type), then look again.',
    );
  });

  test('a geolocation answer is shown as an estimate of where a device would be, with its accuracy circle', async ({
    page,
  }) => {
    const { cellid } = GEOLOCATE_CELLS.tampere;
    await page.goto(`/cell/244/91/${cellid}?lac=6001&radio=LTE`);
    await saveKeys(page, DEMO);
    await expect(panel(page).locator('dl.fields')).toContainText('Tampere');
    const facts = page.getByRole('group', { name: 'Where this answer comes from' });
    await expect(facts).toContainText('Source: a geolocation service');
    await expect(facts).toContainText('Accuracy: 850 m');
    await expect(facts).toContainText(
      'an estimate of where a device hearing this one cell would be, not the position',
    );
    await expect(await legendRange(page)).toContainText(
      'Circle: where a device hearing this cell would likely be, 850 m around the estimate',
    );
  });

  test('refuses an answer from the IP address or the area as the cell, and names a source that failed', async ({
    page,
  }) => {
    await page.goto('/');
    await saveKeys(page, DEMO);
    await lookUp(page, '244', '91', String(GEOLOCATE_CASES.ipFallback), '6001', 'LTE');
    await expect(page.getByRole('alert')).toContainText('No such cell');
    await lookUp(page, '244', '91', String(OPENCELLID_CASES.htmlPage), '6001');
    await expect(page.getByRole('alert')).toContainText('A cell database did not answer');
    await expect(page.getByRole('alert')).toContainText('(HTTP 502)');
  });
});
