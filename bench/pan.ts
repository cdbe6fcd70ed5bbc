/**
 * Panning over many cells with Cells in view on, in the built app: the service on a temporary database with
 * 100,000 cells over Finland added through the admin command line (or on BENCH_DB, an existing database such as
 * 10,000,000 generated cells, used as it is), Chromium dragging the map about while the page times its frames
 * (requestAnimationFrame deltas); after each drag the bench waits for the map's moveend and the frame painted after
 * it, no fixed time. The same drags with Cells in view off are the reference. Prints median/p95/max frame time, the
 * reads made and the markers drawn, and the time from switching Cells in view on to its markers painted: in a fresh
 * page (the code and the view's answer fetched), and again after switching off and moving (the code cached).
 * Usage: npm run bench:pan   (builds the app and the service first when stale; BENCH_CELLS, BENCH_PORT, BENCH_DB)
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { ensureBuilt } from '../scripts/built.mjs';
import { startBenchApp, startFrames, stopFrames } from './browser';
import { quantile, stop, waitFor } from './support';

const cells = Number(process.env.BENCH_CELLS ?? 100_000);
const database = process.env.BENCH_DB;
const port = Number(process.env.BENCH_PORT ?? 5561);
const origin = `http://127.0.0.1:${port}`;

// The app and the service from the same sources (a page built before the service says it is out of date).
ensureBuilt(process.cwd(), { parts: ['app', 'service'] });

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

const MARKERS = '.cluster-group--in-view, .cluster-item--in-view';

/** Before the page's own scripts: Leaflet's map, once made, kept as `benchMap_` (Leaflet sets window.L as it loads). */
const KEEP_MAP = `(() => {
  let leaflet;
  Object.defineProperty(window, 'L', {
    configurable: true,
    get: () => leaflet,
    set: (value) => {
      leaflet = value;
      if (value && value.Map) value.Map.addInitHook(function () { window.benchMap_ = this; });
    },
  });
})();`;

interface BenchWindow {
  benchMap_: { once(type: 'moveend', listener: () => void): unknown };
  moved_: Promise<void>;
}

/** Listens for the map's next moveend (before the move that fires it). */
const armMoveEnd = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as BenchWindow;
    w.moved_ = new Promise((done) => w.benchMap_.once('moveend', () => done()));
  });

/** The frame after now, painted (the second requestAnimationFrame runs once the first one's frame is out). */
const painted = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );

/** The armed moveend, then the frame painted after it. */
const moveEnded = async (page: Page) => {
  await page.evaluate(() => (window as unknown as BenchWindow).moved_);
  await painted(page);
};

/** One drag from the map's middle by (dx, dy); resolves once the map's moveend came and its frame is painted. */
async function drag(page: Page, [dx, dy]: [number, number]): Promise<void> {
  const box = await page.locator('.leaflet-container').boundingBox();
  if (box === null) throw new Error('the map is not shown');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const moves = dx !== 0 || dy !== 0;
  if (moves) await armMoveEnd(page);
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + dx, cy + dy, { steps: 40 });
  await page.mouse.up();
  // A drag that goes nowhere moves nothing (no moveend): the frame after it, then.
  await (moves ? moveEnded(page) : painted(page));
}

/** Drags the map about twice over while the page notes each frame's time; returns the frame times, sorted. */
async function pan(page: Page): Promise<number[]> {
  await startFrames(page);
  for (let round = 0; round < 2; round++) for (const move of MOVES) await drag(page, move);
  return stopFrames(page);
}

/** Switches Cells in view on: ms until the view's answer came and its markers are painted. */
async function switchOn(page: Page): Promise<number> {
  const answered = page.waitForResponse((res) => res.url().includes('/api/cells?'), { timeout: 120_000 });
  const began = performance.now();
  await page.getByRole('checkbox', { name: 'Cells in view' }).check();
  await answered;
  await page.locator(MARKERS).first().waitFor({ timeout: 120_000 });
  await painted(page);
  return performance.now() - began;
}

const RUNS: Array<[string, string, boolean]> = [
  ['empty map (reference), zoom 6', '64.5,25,6', false],
  ['cells in view, zoom 6 (the whole country)', '64.5,25,6', true],
  ['cells in view, zoom 9 (a region)', '62,24,9', true],
  ['cells in view, zoom 12 (Helsinki)', '60.2,24.95,12', true],
];

const ms = (v: number) => `${v.toFixed(1)} ms`;
const statusOf = (page: Page) => page.getByRole('region', { name: 'Cells in view' }).getByRole('status');

/** One run: the page at `view`, Cells in view switched on (timed) or not, the drags, then on again (timed). */
async function run(browser: Browser, [name, view, inView]: [string, string, boolean]): Promise<void> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route('**/*', (route) =>
    /^https?:\/\/127\.0\.0\.1[:/]/.test(route.request().url()) ? route.continue() : route.abort(),
  );
  // tsx keeps function names with a helper the page does not have.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.addInitScript(KEEP_MAP);
  let reads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/cells?')) reads += 1;
  });
  await page.goto(`${origin}/?view=${view}`);
  await page.getByRole('button', { name: 'Use demo keys' }).click();
  await page.waitForFunction(() => (window as unknown as Partial<BenchWindow>).benchMap_ !== undefined);
  let first = '';
  if (inView) {
    first = `on in ${ms(await switchOn(page))}`;
    await statusOf(page)
      .getByText(/^(Cells in view: |Cells in and around view: |Showing )/)
      .waitFor({ timeout: 60_000 });
  }
  reads = 0;
  const frames = await pan(page);
  const markers = await page.locator(MARKERS).count();
  const shown = inView ? await statusOf(page).textContent() : '';
  let again = '';
  if (inView) {
    await page.getByRole('checkbox', { name: 'Cells in view' }).uncheck();
    await drag(page, [300, 0]);
    again = `, on again (code cached, a view not read) in ${ms(await switchOn(page))}`;
  }
  console.log(
    `${name.padEnd(44)} ${frames.length} frames, median ${ms(quantile(frames, 0.5))}, ` +
      `p95 ${ms(quantile(frames, 0.95))}, max ${ms(frames.at(-1) ?? Number.NaN)}; ` +
      `${reads} reads while panning, ${markers} markers drawn${shown ? `; "${shown}"` : ''}` +
      (inView ? `\n  Cells in view switched ${first}${again}` : ''),
  );
  await page.close();
}

/** The cells over Finland, added through the admin command line (a fresh database only). */
function addCells(dir: string, dbFile: string): void {
  const csvFile = join(dir, 'cells.csv');
  writeFileSync(csvFile, cellsCsv(cells));
  const added = spawnSync(
    process.execPath,
    ['--import', 'tsx', join('src', 'server', 'cli.ts'), 'add-cells', csvFile, '--db', dbFile],
    { encoding: 'utf8', timeout: 300_000 },
  );
  if (added.status !== 0) throw new Error(`add-cells failed: ${added.stderr || added.stdout}`);
}

const { dir, dbFile, tiles, service, browser } = await startBenchApp('pan', port, database);
try {
  await waitFor(`${origin}/api/health`, 300_000);
  if (database === undefined) addCells(dir, dbFile);
  console.log(
    `${database === undefined ? `${cells.toLocaleString('en')} cells over Finland` : `${database} as it is`}; ` +
      `Chromium headless 1280×800; load average ${loadavg()[0]?.toFixed(1)}`,
  );
  for (const spec of RUNS) await run(browser, spec);
} finally {
  await browser.close();
  await stop(service);
  tiles.close();
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dir, { recursive: true, force: true });
}
