/**
 * A batch lookup of 10,000 cells in the built app: the service (rate limit off) on a temporary database with
 * 10,000 cells added through the admin command line, Chromium pasting the list and running it (the default
 * number of requests at once unless BENCH_CONCURRENCY says), the page timing its frames while the batch runs;
 * then dragging the map about with all 10,000 cells shown (clustered) while the page times its frames again.
 * Beside it, the reference from the same run: the page's own plain fetch() + text() of the same 10,000 cells, as
 * many at once, nothing else done with the answers.
 * Prints cells per second for both, and median/p95/max frame time while running and while panning.
 * Usage: npm run build && npm run bench:batch   (BENCH_CELLS, BENCH_CONCURRENCY, BENCH_PORT to change)
 * BENCH_TRACE=file.json also keeps a performance trace of the batch's run (use a smaller BENCH_CELLS: the trace
 * grows by about 100 MB a minute) and prints where the page's main thread spent its time.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBenchApp, startFrames, stopFrames } from './browser';
import { quantile, stop, waitFor } from './support';
import { summariseTrace } from './trace-summary';

const cells = Number(process.env.BENCH_CELLS ?? 10_000);
const concurrency = process.env.BENCH_CONCURRENCY;
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
  // Outside requests fail at the resolver (BLOCK_OUTSIDE_FLAG): a page.route() here would hold every one of the
  // 10,000 reads for a round trip through this process and cap app and reference alike near 200 a second.
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
  const atOnce = page.getByLabel('Requests at once (1–16)');
  if (concurrency !== undefined) await atOnce.fill(concurrency);
  const inFlight = Number(await atOnce.inputValue());

  // The page's own frames while the batch runs: each one's time from the one before.
  await startFrames(page);
  const traceFile = process.env.BENCH_TRACE;
  if (traceFile !== undefined) {
    await browser.startTracing(page, {
      path: traceFile,
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'blink.user_timing',
        'v8.execute',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await page.evaluate(() => performance.mark('bench:batch-start'));
  }
  const loadAtStart = loadavg()[0]?.toFixed(1);
  const started = performance.now();
  await page.getByRole('button', { name: 'Look up', exact: true }).click();
  const ended = page.locator('.batch-ended');
  await ended.waitFor({ timeout: LIMIT_MS - 60_000 });
  if (traceFile !== undefined) await page.evaluate(() => performance.mark('bench:batch-end'));
  const seconds = (performance.now() - started) / 1000;
  const summary = await ended.innerText();
  const appRequests = requests;
  const runFrames = await stopFrames(page);

  // The reference: the same reads as plain fetch() + text(), as many at once, in the same page, its frames timed
  // the same way.
  await startFrames(page);
  const plainSeconds = await page.evaluate(
    async ({ ids, atOnce }) => {
      let next = 0;
      const worker = async () => {
        for (let i = next++; i < ids.length; i = next++) {
          const response = await fetch(
            `/api/cell/244/77/${ids[i]}?serviceKey=demo-service&userKey=demo-user`,
            {
              headers: { Accept: 'application/xml' },
            },
          );
          await response.text();
          if (!response.ok) throw new Error(`cell ${ids[i]}: ${response.status}`);
        }
      };
      const t0 = performance.now();
      performance.mark('bench:plain-start');
      await Promise.all(Array.from({ length: atOnce }, worker));
      performance.mark('bench:plain-end');
      return (performance.now() - t0) / 1000;
    },
    { ids: Array.from({ length: cells }, (_, i) => 7_000_000 + i), atOnce: inFlight },
  );
  const plainFrames = await stopFrames(page);
  const trace = traceFile === undefined ? undefined : (await browser.stopTracing()).toString('utf8');

  // The map with every found cell on it: drag it about while the page notes each frame's time.
  const map = page.locator('.leaflet-container');
  await map.scrollIntoViewIfNeeded();
  await page.locator('.cluster-group--batch, .cluster-item--batch').first().waitFor();
  const box = await map.boundingBox();
  if (box === null) throw new Error('the map is not shown');
  await startFrames(page);
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
  const frames = await stopFrames(page);
  const ms = (v: number) => `${v.toFixed(1)} ms`;

  console.log(
    `${cells} cells, ${inFlight} requests at once, Chromium headless 1280×800; load average ${loadAtStart} at the start`,
  );
  console.log(`batch: ${summary}`);
  console.log(
    `app: ${seconds.toFixed(1)} s from click to finished; ${appRequests} requests, ` +
      `${(cells / seconds).toFixed(0)} cells/s`,
  );
  console.log(
    `plain fetch() + text(), ${inFlight} at once: ${plainSeconds.toFixed(1)} s, ${(cells / plainSeconds).toFixed(0)} cells/s; ` +
      `its frames: median ${ms(quantile(plainFrames, 0.5))}, p95 ${ms(quantile(plainFrames, 0.95))}; ` +
      `load average now ${loadavg()[0]?.toFixed(1)}`,
  );
  // Issue 33, goal 3: the batch at least as fast as the plain loop at the same concurrency, in the same page.
  console.log(
    `ratio (app / plain fetch cells/s): ${(plainSeconds / seconds).toFixed(2)}   goal: ≥ 1.00 with the median ` +
      `frame ≤ 20 ms while the batch runs: ${plainSeconds / seconds >= 1 && quantile(runFrames, 0.5) <= 20 ? 'met' : 'missed'}`,
  );
  console.log(
    `frames while the batch runs: ${runFrames.length}, median ${ms(quantile(runFrames, 0.5))}, ` +
      `p95 ${ms(quantile(runFrames, 0.95))}, max ${ms(runFrames.at(-1) ?? Number.NaN)}   goal: median ≤ 20 ms`,
  );
  if (trace !== undefined) {
    const app = summariseTrace(trace, 'bench:batch-start', 'bench:batch-end');
    const plain = summariseTrace(trace, 'bench:plain-start', 'bench:plain-end');
    const perCell = (ms: number) => `${((ms * 1000) / cells).toFixed(0).padStart(5)} µs`;
    console.log('\ntrace (tracing slows both), per cell:        wall   main thread CPU   all of Chromium');
    for (const [name, s] of [
      ['app', app],
      ['plain fetch() + text()', plain],
    ] as const)
      console.log(
        `${name.padEnd(40)} ${perCell(s.wallMs)} ${perCell(s.cpuMs).padStart(17)} ${perCell(s.allThreadsCpuMs).padStart(17)}`,
      );
    console.log("app's main thread by event (CPU, self, per cell):");
    for (const row of app.byEvent.slice(0, 12)) console.log(`  ${perCell(row.ms)}  ${row.name}`);
    console.log("app's JavaScript by function (sampled, self, per cell):");
    for (const row of app.byFunction.slice(0, 25)) console.log(`  ${perCell(row.ms)}  ${row.name}`);
  }
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
  await stop(service);
  tiles.close();
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dir, { recursive: true, force: true });
}
