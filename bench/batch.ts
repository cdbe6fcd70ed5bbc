/**
 * A batch lookup of 10,000 cells in the built app: the service on a temporary database with 10,000 cells added
 * through the admin command line, Chromium pasting the list and running it (4 requests at once, the default),
 * then dragging the map about with all 10,000 cells shown (clustered) while the page times its frames.
 * Prints the total time, requests per second, and median/p95/max frame time while panning.
 * Usage: npm run build && npm run bench:batch   (BENCH_CELLS, BENCH_CONCURRENCY, BENCH_PORT to change)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { quantile, startBenchApp, waitFor } from './support';

const cells = Number(process.env.BENCH_CELLS ?? 10_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4);
const port = Number(process.env.BENCH_PORT ?? 5331);
const origin = `http://127.0.0.1:${port}`;
const LIMIT_MS = 10 * 60_000;

if (!existsSync('dist/index.html')) {
  console.error('batch: dist/index.html is missing; run "npm run build" first.');
  process.exit(2);
}

/** Cells spread over Finland on a jittered grid; mnc 77 keeps them apart from the demo cells. */
function cellsCsv(count: number): { csv: string; list: string } {
  const rows: string[] = [];
  const list: string[] = [];
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < count; i++) {
    const cellid = 7_000_000 + i;
    const lat = 60 + random() * 9.5;
    const lon = 21 + random() * 9;
    rows.push(`244,77,${cellid},${1 + (i % 500)},${lat.toFixed(6)},${lon.toFixed(6)},Bench ${i}`);
    list.push(`244,77,${cellid}`);
  }
  return { csv: `${rows.join('\n')}\n`, list: list.join('\n') };
}

const { dir, dbFile, tiles, service, browser } = await startBenchApp('batch', port);
const deadline = setTimeout(() => {
  console.error(`batch: gave up after ${LIMIT_MS / 60_000} minutes`);
  service.kill('SIGTERM');
  process.exit(1);
}, LIMIT_MS);

try {
  await waitFor(`${origin}/api/health`);
  const { csv, list } = cellsCsv(cells);
  const csvFile = join(dir, 'cells.csv');
  writeFileSync(csvFile, csv);
  const added = spawnSync(
    process.execPath,
    ['--import', 'tsx', join('src', 'server', 'cli.ts'), 'add-cells', csvFile, '--db', dbFile],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (added.status !== 0) throw new Error(`add-cells failed: ${added.stderr || added.stdout}`);

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route('**/*', (route) =>
    /^https?:\/\/127\.0\.0\.1[:/]/.test(route.request().url()) ? route.continue() : route.abort(),
  );
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  let requests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/cell/')) requests += 1;
  });
  await page.goto(origin);
  await page.getByRole('button', { name: 'Use demo keys' }).click();
  await page.getByRole('button', { name: 'Open batch lookup' }).click();
  // A paste as the page sees it: the whole text at once and one input event. (Playwright's fill() types a
  // multi-line text piece by piece and takes minutes for 10,000 lines.)
  await page.getByLabel('Cells, one per line').evaluate((element, text) => {
    const area = element as HTMLTextAreaElement;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, text);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, list);
  await page.getByLabel('Requests at once (1–16)').fill(String(concurrency));

  const started = performance.now();
  await page.getByRole('button', { name: 'Look up', exact: true }).click();
  const ended = page.locator('.batch-ended');
  await ended.waitFor({ timeout: LIMIT_MS - 60_000 });
  const seconds = (performance.now() - started) / 1000;
  const summary = await ended.innerText();

  // The map with every found cell on it: drag it about while the page notes each frame's time.
  const map = page.locator('.leaflet-container');
  await map.scrollIntoViewIfNeeded();
  await page.locator('.cluster-group--batch, .cluster-item--batch').first().waitFor();
  const box = await map.boundingBox();
  if (box === null) throw new Error('the map is not shown');
  await page.evaluate(() => {
    const w = window as unknown as { frames_: number[]; framing_: boolean };
    w.frames_ = [];
    w.framing_ = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.frames_.push(now - last);
      last = now;
      if (w.framing_) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const moves: Array<[number, number]> = [
    [250, 0],
    [-250, 150],
    [0, -300],
    [-200, 100],
    [200, 50],
    [0, 0],
  ];
  for (let round = 0; round < 2; round++) {
    for (const [dx, dy] of moves) {
      await page.mouse.move(cx, cy);
      await page.mouse.down();
      await page.mouse.move(cx + dx, cy + dy, { steps: 40 });
      await page.mouse.up();
    }
  }
  const frames = await page.evaluate(() => {
    const w = window as unknown as { frames_: number[]; framing_: boolean };
    w.framing_ = false;
    return w.frames_.slice(1);
  });
  frames.sort((a, b) => a - b);
  const ms = (v: number) => `${v.toFixed(1)} ms`;

  console.log(
    `${cells} cells, ${concurrency} requests at once, Chromium headless 1280×800; load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(`batch: ${summary}`);
  console.log(
    `total ${seconds.toFixed(1)} s from click to finished; ${requests} requests, ${(requests / seconds).toFixed(0)} requests/s`,
  );
  console.log(
    `panning with ${cells} cells (clustered): ${frames.length} frames, median ${ms(quantile(frames, 0.5))}, ` +
      `p95 ${ms(quantile(frames, 0.95))}, max ${ms(frames.at(-1) ?? Number.NaN)}`,
  );
} catch (error) {
  const shot = join(tmpdir(), 'cellpos-bench-batch-failure.png');
  await browser
    .contexts()[0]
    ?.pages()[0]
    ?.screenshot({ path: shot, fullPage: true })
    .catch(() => undefined);
  console.error(`batch: failed (screenshot ${shot})`);
  throw error;
} finally {
  clearTimeout(deadline);
  await browser.close();
  service.kill('SIGTERM');
  tiles.close();
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dir, { recursive: true, force: true });
}
