/* Screenshots of the main screens for the README and docs/: `npm run build && npx tsx e2e/screenshots.ts`.
   Starts the e2e service (demo data, temporary database) on SCREENSHOT_PORT (default 5198), blocks every
   outside request (map tiles included, so the bundled world outline shows), writes docs/screenshots/*.png. */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, devices, type Browser, type Locator, type Page } from '@playwright/test';
import { settle } from './map';

const port = Number(process.env.SCREENSHOT_PORT ?? 5198);
const base = `http://127.0.0.1:${port}`;
const outDir = join('docs', 'screenshots');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const TRANSPARENT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);

async function waitForService(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The service did not start on ${base}`);
}

async function newPage(
  browser: Browser,
  kind: 'desktop' | 'phone',
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const context = await browser.newContext(
    kind === 'desktop'
      ? { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, colorScheme }
      : { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, colorScheme },
  );
  await context.route(
    (url) => !/^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//.test(url.href),
    (route) =>
      route.request().resourceType() === 'image'
        ? route.fulfill({ status: 200, contentType: 'image/png', body: TRANSPARENT_PNG })
        : route.abort(),
  );
  return context.newPage();
}

/** Every read answered (each screen is shot finished), then the map still; `flownTo`: the marker it flies to. */
async function shown(page: Page, flownTo?: Locator): Promise<void> {
  await page.waitForLoadState('networkidle');
  await settle(page, flownTo);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(outDir, `${name}.png`) });
  console.log(`wrote ${join(outDir, `${name}.png`)}`);
}

async function screens(browser: Browser, kind: 'desktop' | 'phone'): Promise<void> {
  const page = await newPage(browser, kind);
  await page.goto(base);
  await page.locator('.leaflet-container').waitFor();
  await shown(page);
  await shoot(page, `${kind}-start`);

  await page.getByRole('button', { name: 'Use demo keys' }).click();
  await page.getByRole('button', { name: 'Locate my phone' }).click();
  await page.getByText('+358 40 123 4567').waitFor();
  await shown(page, page.locator('.leaflet-marker-icon.marker-phone'));
  await shoot(page, `${kind}-my-phone`);

  await page.getByLabel('MCC', { exact: true }).fill('244');
  await page.getByLabel('MNC', { exact: true }).fill('91');
  await page.getByLabel('Cell ID', { exact: true }).fill('10038');
  await page.getByRole('button', { name: 'Look up cell' }).click();
  await page.locator('dl.fields', { hasText: 'Brändö' }).waitFor();
  await shown(page, page.locator('.leaflet-marker-icon.marker-cell'));
  await page.locator('.leaflet-marker-icon.marker-cell').click();
  await page.locator('.leaflet-popup', { hasText: 'Brändö' }).waitFor();
  // Leaflet fades popups in; shoot once the fade has finished.
  await page.waitForFunction(() => {
    const popup = document.querySelector('.leaflet-popup');
    return popup !== null && getComputedStyle(popup).opacity === '1';
  });
  await shoot(page, `${kind}-cell`);

  await page.getByText('Raw response', { exact: true }).click();
  await page.getByLabel('Response body').scrollIntoViewIfNeeded();
  await page.getByLabel('Response body').waitFor();
  await shoot(page, `${kind}-raw-response`);

  await page.getByRole('button', { name: 'Change keys' }).click();
  await page.getByLabel('Service key', { exact: true }).fill('demo-service');
  await page.getByLabel('User key', { exact: true }).fill('demo-pending');
  await page.getByRole('button', { name: 'Save keys' }).click();
  await page.getByRole('button', { name: 'Locate my phone' }).click();
  await page.getByRole('alert').first().waitFor();
  await page.getByRole('alert').first().scrollIntoViewIfNeeded();
  await shoot(page, `${kind}-error`);
  await page.context().close();
}

/** The new map: the cells in view over Helsinki, clustered, with the legend (on a phone, a tap away); light and dark. */
async function cellsInView(
  browser: Browser,
  kind: 'desktop' | 'phone',
  colorScheme: 'light' | 'dark',
): Promise<void> {
  const page = await newPage(browser, kind, colorScheme);
  await page.goto(`${base}/?view=60.19000,24.90000,11`);
  await page.locator('.leaflet-container').waitFor();
  await page.getByRole('button', { name: 'Use demo keys' }).click();
  if (colorScheme === 'dark') {
    await page.getByLabel('MCC', { exact: true }).fill('244');
    await page.getByLabel('MNC', { exact: true }).fill('91');
    await page.getByLabel('Cell ID', { exact: true }).fill('400001');
    await page.getByRole('button', { name: 'Look up cell' }).click();
    await page.locator('dl.fields', { hasText: 'Helsinki Kamppi' }).waitFor();
  }
  await page.getByRole('checkbox', { name: 'Cells in view' }).check();
  await page
    .getByRole('region', { name: 'Cells in view' })
    .getByText(/Cells in view: \d+/)
    .waitFor();
  const legend = page.locator('details.map-legend');
  if (kind === 'desktop' && (await legend.getAttribute('open')) === null)
    await legend.locator('summary').click();
  await shown(page, colorScheme === 'dark' ? page.locator('.leaflet-marker-icon.marker-cell') : undefined);
  await shoot(page, `${kind}-cells-in-view${colorScheme === 'dark' ? '-dark' : ''}`);
  await page.context().close();
}

mkdirSync(outDir, { recursive: true });
const service = spawn(process.execPath, [join('scripts', 'e2e-server.mjs')], {
  env: { ...process.env, PORT: String(port) },
  stdio: 'ignore',
});
try {
  await waitForService();
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await screens(browser, 'desktop');
    await screens(browser, 'phone');
    await cellsInView(browser, 'desktop', 'light');
    await cellsInView(browser, 'desktop', 'dark');
    await cellsInView(browser, 'phone', 'light');
  } finally {
    await browser.close();
  }
} finally {
  service.kill('SIGTERM');
}
