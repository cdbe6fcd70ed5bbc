/**
 * Panning over 100,000 cells with Cells in view on, in the built app: the service on a temporary database with
 * 100,000 cells over Finland added through the admin command line, Chromium dragging the map about while the page
 * times its frames (requestAnimationFrame deltas). The same drags with Cells in view off are the reference.
 * Prints median/p95/max frame time, the reads made and the markers drawn, per run.
 * Usage: npm run build && npm run bench:pan   (BENCH_CELLS, BENCH_PORT to change)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startBenchApp, startFrames, stopFrames } from './browser';
import { quantile, stop, waitFor } from './support';

const cells = Number(process.env.BENCH_CELLS ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 5561);
const origin = `http://127.0.0.1:${port}`;

if (!existsSync('dist/index.html')) {
  console.error('pan: dist/index.html is missing; run "npm run build" first.');
  process.exit(2);
}

/** Cells over Finland (19–31° E, 60–70° N), three operators, on a seeded random spread. */
function cellsCsv(n: number): string {
  const rows: string[] = [];
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < n; i++) {
    const lat = 60 + random() * 10;
    const lon = 19 + random() * 12;
    rows.push(
      `244,${[77, 78, 79][i % 3]},${8_000_000 + i},${1 + (i % 900)},${lat.toFixed(6)},${lon.toFixed(6)},Pan ${i}`,
    );
  }
  return `${rows.join('\n')}\n`;
}

const MOVES: Array<[number, number]> = [
  [250, 0],
  [-250, 150],
  [0, -300],
  [-200, 100],
  [200, 50],
  [0, 0],
];

/** Drags the map about twice over while the page notes each frame's time; returns the frame times, sorted. */
async function pan(page: Page): Promise<number[]> {
  const map = page.locator('.leaflet-container');
  const box = await map.boundingBox();
  if (box === null) throw new Error('the map is not shown');
  await startFrames(page);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let round = 0; round < 2; round++) {
    for (const [dx, dy] of MOVES) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + dx, cy + dy, { steps: 40 });
      await page.mouse.up();
      await page.waitForTimeout(400);
    }
  }
  return stopFrames(page);
}

const { dir, dbFile, tiles, service, browser } = await startBenchApp('pan', port);
try {
  await waitFor(`${origin}/api/health`);
  const csvFile = join(dir, 'cells.csv');
  writeFileSync(csvFile, cellsCsv(cells));
  const added = spawnSync(
    process.execPath,
    ['--import', 'tsx', join('src', 'server', 'cli.ts'), 'add-cells', csvFile, '--db', dbFile],
    { encoding: 'utf8', timeout: 300_000 },
  );
  if (added.status !== 0) throw new Error(`add-cells failed: ${added.stderr || added.stdout}`);

  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `${cells.toLocaleString('en')} cells over Finland; Chromium headless 1280×800; load average ${loadavg()[0]?.toFixed(1)}`,
  );
  const runs: Array<[string, string, boolean]> = [
    ['empty map (reference), zoom 6', '64.5,25,6', false],
    ['cells in view, zoom 6 (the whole country)', '64.5,25,6', true],
    ['cells in view, zoom 9 (a town: every cell)', '62,24,9', true],
  ];
  for (const [name, view, inView] of runs) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.route('**/*', (route) =>
      /^https?:\/\/127\.0\.0\.1[:/]/.test(route.request().url()) ? route.continue() : route.abort(),
    );
    // tsx keeps function names with a helper the page does not have.
    await page.addInitScript('globalThis.__name = (fn) => fn;');
    let reads = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/cells?')) reads += 1;
    });
    await page.goto(`${origin}/?view=${view}`);
    await page.getByRole('button', { name: 'Use demo keys' }).click();
    if (inView) {
      await page.getByRole('checkbox', { name: 'Cells in view' }).check();
      await page
        .getByRole('region', { name: 'Cells in view' })
        .getByRole('status')
        .getByText(/^(Cells in view: |Showing )/)
        .waitFor({ timeout: 60_000 });
      await page.locator('.cluster-group--in-view, .cluster-item--in-view').first().waitFor();
    }
    reads = 0;
    const frames = await pan(page);
    const markers = await page.locator('.cluster-group--in-view, .cluster-item--in-view').count();
    const shown = inView
      ? await page.getByRole('region', { name: 'Cells in view' }).getByRole('status').textContent()
      : '';
    console.log(
      `${name.padEnd(44)} ${frames.length} frames, median ${ms(quantile(frames, 0.5))}, ` +
        `p95 ${ms(quantile(frames, 0.95))}, max ${ms(frames.at(-1) ?? Number.NaN)}; ` +
        `${reads} reads while panning, ${markers} markers drawn${shown ? `; "${shown}"` : ''}`,
    );
    await page.close();
  }
} finally {
  await browser.close();
  await stop(service);
  tiles.close();
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dir, { recursive: true, force: true });
}
