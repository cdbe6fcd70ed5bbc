import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { expectAccessible, MAP, PANEL } from './accessible';
import { admin, DEMO, expect, saveKeys, test } from './fixtures';

const KNOWN = [
  ['244', '91', '10038', 'Brändö'],
  ['244', '91', '400101', 'Tampere Keskusta'],
  ['244', '5', '400201', 'Oulu Keskusta'],
  ['244', '12', '400301', 'Helsinki Pasila'],
  ['244', '91', '400401', 'Vårdö'],
] as const;

async function openBatch(page: Page): Promise<void> {
  await page.goto('/');
  await saveKeys(page, DEMO);
  await page.getByRole('button', { name: 'Open batch lookup' }).click();
  await expect(page.getByLabel('Cells, one per line')).toBeVisible();
}

function batchRegion(page: Page) {
  return page.getByRole('region', { name: 'Batch lookup' });
}

async function runList(page: Page, text: string): Promise<void> {
  await page.getByLabel('Cells, one per line').fill(text);
  await page.getByRole('button', { name: 'Look up', exact: true }).click();
}

function cellRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/cell/')) sent.push(request.url());
  });
  return sent;
}

test.describe('batch lookup', () => {
  test('lines that cannot be read are listed with their numbers before anything is sent', async ({
    page,
  }) => {
    await openBatch(page);
    const sent = cellRequests(page);
    await runList(page, ['244,91,10038', '24,91,5', '# a comment', '244;91', '244-91-400101'].join('\n'));
    const alert = batchRegion(page).getByRole('alert');
    await expect(alert).toContainText('Lines that can’t be read: 2');
    await expect(alert.getByRole('listitem').nth(0)).toContainText('Line 2');
    await expect(alert.getByRole('listitem').nth(0)).toContainText('MCC has exactly three digits');
    await expect(alert.getByRole('listitem').nth(1)).toContainText('Line 4');
    await expect(alert.getByRole('listitem').nth(1)).toContainText('has 2 values');
    expect(sent).toEqual([]);

    await alert.getByRole('button', { name: 'Look up the readable cells (2)' }).click();
    await expect(batchRegion(page).locator('.batch-ended')).toContainText('Finished: 2 found, 0 failed of 2');
    expect(sent).toHaveLength(2);
  });

  test('a small batch: progress, results with reasons, sorting, filter, the map', async ({ page }) => {
    await openBatch(page);
    const sent = cellRequests(page);
    const lines = [
      'mcc,mnc,cellid',
      ...KNOWN.map(([mcc, mnc, cellid]) => `${mcc},${mnc},${cellid}`),
      '',
      '244,91,1',
      '244-91-10038',
    ];
    await runList(page, lines.join('\n'));
    const region = batchRegion(page);
    await expect(region.locator('.batch-ended')).toContainText('Finished: 5 found, 1 failed of 6');
    await expect(region.getByText('Cells to look up: 6. Repeated lines, looked up once: 1.')).toBeVisible();
    expect(sent).toHaveLength(6);
    const progress = region.getByRole('progressbar');
    await expect(progress).toHaveAttribute('value', '6');
    await expect(region.getByText(/Progress: 6 of 6 done · 1 failed/)).toBeVisible();

    const table = region.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(7);
    for (const [, , , name] of KNOWN) await expect(table).toContainText(name);
    await expect(table.getByRole('row', { name: /244 91 1 No such cell \(HTTP 404\)/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Brändö/ })).toContainText('×2');

    const nameHeader = table.getByRole('columnheader', { name: 'Name' });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(table.getByRole('row').nth(1)).toContainText('Brändö');
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(table.getByRole('row').nth(1)).toContainText('Vårdö');

    await region.getByLabel('Failures only').check();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText('No such cell (HTTP 404)');

    // Every found cell on the map, fitted to them: five cells far apart are five markers, none grouped.
    const onMap = page.getByRole('button', { name: /^Batch cell / });
    await expect(onMap).toHaveCount(5);
    await expect(page.getByRole('button', { name: 'Batch cell 244/91/10038: Brändö' })).toBeVisible();
  });

  test('the map is fitted to the found cells; a marker opens a popup with the name as text', async ({
    page,
  }) => {
    await openBatch(page);
    await runList(page, '244,91,10038\n244,91,1');
    await expect(batchRegion(page).locator('.batch-ended')).toContainText('Finished: 1 found, 1 failed of 2');
    // One found cell: the fitted map has it at its centre.
    const map = page.locator('.leaflet-container');
    const box = await map.boundingBox();
    if (box === null) throw new Error('no map');
    await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect(page.locator('.leaflet-popup-content')).toContainText('Cell 244/91/10038');
    await expect(page.locator('.leaflet-popup-content')).toContainText('Brändö');
  });

  test('a file can be read instead of pasting', async ({ page }) => {
    await openBatch(page);
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Or read a file (text, CSV or TSV) Choose a file…' }).click();
    await (
      await chooser
    ).setFiles({
      name: 'cells.tsv',
      mimeType: 'text/tab-separated-values',
      buffer: Buffer.from('mcc\tmnc\tcellid\n244\t91\t10038\n244\t12\t400301\n'),
    });
    await expect(page.getByLabel('Cells, one per line')).toHaveValue(/244\t12\t400301/);
    await expect(batchRegion(page)).toContainText('cells.tsv');
    await page.getByRole('button', { name: 'Look up', exact: true }).click();
    await expect(batchRegion(page).locator('.batch-ended')).toContainText('Finished: 2 found, 0 failed of 2');
  });

  test('a quoted value holding a comma is one value: the line is read and looked up', async ({ page }) => {
    await openBatch(page);
    const sent = cellRequests(page);
    await runList(
      page,
      ['name,mcc,mnc,cellid', '"Kamppi, Helsinki",244,91,10038', '"Pasila; ""Tripla""",244,12,400301'].join(
        '\n',
      ),
    );
    const region = batchRegion(page);
    await expect(region.locator('.batch-ended')).toContainText('Finished: 2 found, 0 failed of 2');
    await expect(region.getByRole('alert')).toHaveCount(0);
    expect(sent.map((url) => new URL(url).pathname).sort()).toEqual([
      '/api/cell/244/12/400301',
      '/api/cell/244/91/10038',
    ]);
    await expect(region.getByRole('table').getByRole('row', { name: /Brändö/ })).toContainText('Found');
  });

  test('cancel aborts the reads in flight and keeps the finished results', async ({ page }) => {
    await openBatch(page);
    let count = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const waiting: Route[] = [];
    await page.route('**/api/cell/**', async (route) => {
      count += 1;
      if (count <= 2) return route.continue();
      waiting.push(route);
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.getByLabel('Requests at once (1–16)').fill('2');
    const lines = [
      ...KNOWN.map(([mcc, mnc, cellid]) => `${mcc},${mnc},${cellid}`),
      ...Array.from({ length: 5 }, (_, i) => `244,91,${900001 + i}`),
    ];
    await runList(page, lines.join('\n'));
    const region = batchRegion(page);
    await expect(region.getByText(/Progress: 2 of 10 done/)).toBeVisible();
    await expect.poll(() => waiting.length).toBe(2);
    await region.getByRole('button', { name: 'Cancel' }).click();
    await expect(region.locator('.batch-ended')).toHaveText(
      'Cancelled: 2 of 10 done (2 found, 0 failed); the rest were not sent.',
    );
    release();
    const table = region.getByRole('table');
    await expect(table.getByRole('row', { name: /Found/ })).toHaveCount(2);
    await expect(table.getByRole('row', { name: /Not sent \(cancelled\)/ })).toHaveCount(8);
    expect(count).toBe(4);
  });

  test('429 with Retry-After pauses, then the same cell is tried again and found', async ({ page }) => {
    await openBatch(page);
    let refused = 0;
    await page.route(
      (url) => url.pathname === '/api/cell/244/91/10038',
      async (route) => {
        if (refused === 0) {
          refused += 1;
          return route.fulfill({ status: 429, headers: { 'Retry-After': '1' }, body: '' });
        }
        return route.continue();
      },
    );
    await runList(page, KNOWN.map(([mcc, mnc, cellid]) => `${mcc}-${mnc}-${cellid}`).join('\n'));
    const region = batchRegion(page);
    await expect(region.locator('.batch-ended')).toContainText('Finished: 5 found, 0 failed of 5');
    await expect(
      region.getByText('Retries: 1 after “too many requests”, 0 after a network or service error.'),
    ).toBeVisible();
    await expect(region.getByRole('table').getByRole('row', { name: /Brändö/ })).toContainText('Found');
    expect(refused).toBe(1);
  });

  test('export: CSV with quoting and formula guard, GeoJSON in lon, lat order, KML with escaped names', async ({
    page,
  }) => {
    admin('add-cell', '244', '91', '7700001', '3', '60.100000', '24.500000', '<Café & "Bar">');
    admin('add-cell', '244', '91', '7700002', '3', '60.200000', '24.600000', '=cmd()');
    await openBatch(page);
    await runList(page, ['244,91,7700001', '244,91,7700002', '244,91,10038', '244,91,1'].join('\n'));
    const region = batchRegion(page);
    await expect(region.locator('.batch-ended')).toContainText('Finished: 3 found, 1 failed of 4');

    const save = async (button: string) => {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        region.getByRole('button', { name: button }).click(),
      ]);
      return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
    };

    const csv = await save('Download CSV');
    expect(csv.name).toMatch(/^cells-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const csvLines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(csvLines[0]).toBe('line,mcc,mnc,cellid,status,lac,lat,lon,name');
    expect(csvLines[1]).toBe('1,244,91,7700001,Found,3,60.100000,24.500000,"<Café & ""Bar"">"');
    expect(csvLines[2]).toBe("2,244,91,7700002,Found,3,60.200000,24.600000,'=cmd()");
    expect(csvLines[4]).toBe('4,244,91,1,No such cell (HTTP 404),,,,');

    const geo = await save('Download GeoJSON');
    expect(geo.name).toMatch(/\.geojson$/);
    const collection = JSON.parse(geo.text);
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(3);
    expect(collection.features[0].geometry).toEqual({ type: 'Point', coordinates: [24.5, 60.1] });
    expect(collection.features[0].properties.name).toBe('<Café & "Bar">');
    expect(collection.features[2].geometry.coordinates).toEqual([20.994058, 60.316391]);

    const kml = await save('Download KML');
    expect(kml.name).toMatch(/\.kml$/);
    expect(kml.text).toContain('<name>&lt;Café &amp; &quot;Bar&quot;&gt;</name>');
    expect(kml.text).toContain('<coordinates>24.5,60.1</coordinates>');
    expect(kml.text).not.toContain('<Café');
  });

  test('the batch screen is accessible', async ({ page }) => {
    await openBatch(page);
    await runList(page, ['244,91,10038', '244,91,1', '24,1,1'].join('\n'));
    await expect(batchRegion(page).getByRole('alert')).toContainText('Line 3');
    await batchRegion(page).getByRole('button', { name: 'Look up the readable cells (2)' }).click();
    await expect(batchRegion(page).locator('.batch-ended')).toContainText('Finished: 1 found, 1 failed of 2');
    // The batch's part of the panel and its marks on the map.
    await expectAccessible(page, [PANEL, `${MAP} .leaflet-marker-pane`]);
  });
});
