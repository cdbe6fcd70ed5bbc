/**
 * A lookup as a person makes one: the built app in Chromium, 30 different demo cells typed into the form, the
 * time from the click on "Look up cell" to the frame that shows the cell's name; beside it, the page's own plain
 * fetch() of the same answer through the same service, both timed inside the page (no driver round trip is
 * counted). Prints median and p95 of both and the difference. The map has 256 px stand-in tiles, as OpenStreetMap
 * serves them.
 * Usage: npm run build && npm run bench:lookup   (BENCH_LOOKUPS to change the count, BENCH_PORT the port)
 * BENCH_TRACE=file.json also keeps a performance trace of the counted lookups and prints where the main thread's
 * time goes between the click and the frame (and in the plain fetch, the same way).
 */
import { existsSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import Database from '../src/server/store/sqlite/driver';
import { startBenchApp } from './browser';
import { quantile, stop, waitFor } from './support';
import { summariseTrace } from './trace-summary';

const lookups = Number(process.env.BENCH_LOOKUPS ?? 30);
const WARM_UP = 3;
const pauseMs = Number(process.env.BENCH_PAUSE_MS ?? 1500);
const port = Number(process.env.BENCH_PORT ?? 5461);
const origin = `http://127.0.0.1:${port}`;

if (!existsSync('dist/index.html')) {
  console.error('lookup: dist/index.html is missing; run "npm run build" first.');
  process.exit(2);
}

interface DemoCell {
  mcc: number;
  mnc: number;
  cellid: number;
  name: string;
}

/** Cells spread over the demo set; the result is recognised by its name and its cell id together. */
function pickCells(file: string, count: number): DemoCell[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const cells = db
      .prepare<[], DemoCell>(
        'SELECT mcc, mnc, cellid, name FROM cells WHERE lat IS NOT NULL ORDER BY mcc, mnc, cellid',
      )
      .all();
    if (cells.length < count) throw new Error(`only ${cells.length} demo cells`);
    const step = cells.length / count;
    return Array.from({ length: count }, (_, i) => cells[Math.floor(i * step)] as DemoCell);
  } finally {
    db.close();
  }
}

/** One lookup, in ms: the whole, and its parts by the request's resource timing. */
interface LookupTiming {
  total: number;
  beforeRequest: number;
  request: number;
  afterAnswer: number;
}

declare global {
  interface Window {
    benchLookup?: Promise<LookupTiming>;
  }
}

/**
 * Arms the page: a capturing click listener on the window notes the click before React sees it; a
 * MutationObserver waits for the result that shows `name` and `cellid`; then the next frame is awaited
 * (requestAnimationFrame, then a task after it, which runs once that frame is painted).
 */
async function armLookup(page: Page, cell: DemoCell): Promise<void> {
  await page.evaluate(
    ({ name, cellid }) => {
      // The buffer holds 250 entries by default and map tiles fill it.
      performance.clearResourceTimings();
      window.benchLookup = new Promise<LookupTiming>((resolve) => {
        let clickedAt = 0;
        const shown = (): boolean => {
          const result = document.querySelector('.result');
          return (
            result !== null &&
            result.querySelector('.result-title')?.textContent === name &&
            (result.textContent ?? '').includes(cellid)
          );
        };
        const observer = new MutationObserver(() => {
          if (clickedAt === 0 || !shown()) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => {
              const painted = performance.now();
              performance.mark('bench:painted');
              const request = performance
                .getEntriesByType('resource')
                .filter((entry) => entry.name.includes(`/api/cell/`) && entry.startTime >= clickedAt)
                .pop() as PerformanceResourceTiming | undefined;
              resolve({
                total: painted - clickedAt,
                beforeRequest: (request?.startTime ?? Number.NaN) - clickedAt,
                request: (request?.responseEnd ?? Number.NaN) - (request?.startTime ?? Number.NaN),
                afterAnswer: painted - (request?.responseEnd ?? Number.NaN),
              });
            };
            channel.port2.postMessage(null);
          });
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        window.addEventListener(
          'click',
          () => {
            clickedAt = performance.now();
            performance.mark('bench:click');
          },
          { capture: true, once: true },
        );
      });
    },
    { name: cell.name, cellid: String(cell.cellid) },
  );
}

async function appLookup(page: Page, cell: DemoCell): Promise<LookupTiming> {
  await page.getByLabel('MCC', { exact: true }).fill(String(cell.mcc));
  await page.getByLabel('MNC', { exact: true }).fill(String(cell.mnc));
  await page.getByLabel('Cell ID', { exact: true }).fill(String(cell.cellid));
  await armLookup(page, cell);
  await page.getByRole('button', { name: 'Look up cell' }).click();
  return page.evaluate(() => window.benchLookup ?? Promise.reject(new Error('not armed')));
}

/** The same Cell read as the app makes it (same URL shape, Accept and keys), with nothing around it. */
async function plainFetch(page: Page, cell: DemoCell): Promise<number> {
  return page.evaluate(async ({ mcc, mnc, cellid }) => {
    const url = `/api/cell/${mcc}/${mnc}/${cellid}?serviceKey=demo-service&userKey=demo-user`;
    const started = performance.now();
    performance.mark('bench:fetch');
    const response = await fetch(url, { headers: { Accept: 'application/xml' } });
    await response.text();
    const ended = performance.now();
    performance.mark('bench:fetched');
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return ended - started;
  }, cell);
}

const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

function printTrace(trace: string): void {
  const app = summariseTrace(trace, 'bench:click', 'bench:painted');
  const plain = summariseTrace(trace, 'bench:fetch', 'bench:fetched');
  console.log(`\ntrace of the ${app.windows} counted lookups (tracing slows them), medians per lookup:`);
  console.log(`                               wall    page's main thread CPU    all of Chromium's CPU`);
  const row = (name: string, s: typeof app) =>
    console.log(
      `${name.padEnd(27)} ${s.wallMs.toFixed(1).padStart(6)} ms ${s.cpuMs.toFixed(1).padStart(12)} ms ` +
        `${s.allThreadsCpuMs.toFixed(1).padStart(20)} ms`,
    );
  row('app: click → name painted', app);
  row('plain fetch() + text()', plain);
  console.log("app's main thread by event (CPU, self, mean per lookup):");
  for (const row of app.byEvent.slice(0, 12))
    console.log(`  ${row.ms.toFixed(2).padStart(6)} ms  ${row.name}`);
  console.log("app's JavaScript by function (sampled, self, mean per lookup):");
  for (const row of app.byFunction.slice(0, 25))
    console.log(`  ${row.ms.toFixed(2).padStart(6)} ms  ${row.name}`);
}

// 256 px tiles, as OpenStreetMap serves them to this desktop-sized page.
const { dir, dbFile, tiles, service, browser } = await startBenchApp('lookup', port);

try {
  await waitFor(`${origin}/api/health`);
  const cells = pickCells(dbFile, lookups + WARM_UP);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.route('**/*', (route) =>
    /^https?:\/\/127\.0\.0\.1[:/]/.test(route.request().url()) ? route.continue() : route.abort(),
  );
  // tsx (esbuild keepNames) wraps named inner functions in __name(); give the page a no-op one.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.goto(origin);
  await page.getByRole('button', { name: 'Use demo keys' }).click();
  await page.getByLabel('MCC', { exact: true }).waitFor();

  const traceFile = process.env.BENCH_TRACE;
  const app: number[] = [];
  const plain: number[] = [];
  const parts: LookupTiming[] = [];
  for (const [i, cell] of cells.entries()) {
    // Alternating keeps both series under the same conditions on a machine that other work shares.
    if (i === WARM_UP && traceFile !== undefined) {
      await browser.startTracing(page, {
        path: traceFile,
        categories: [...TRACE_CATEGORIES, ...(process.env.BENCH_TRACE_MORE ?? '').split(',').filter(Boolean)],
      });
    }
    // Which goes first alternates, so neither always meets the service's answer already made.
    const f1 = i % 2 === 1 ? await plainFetch(page, cell) : undefined;
    const a = await appLookup(page, cell);
    // A person reads the answer before the next one: let the map's flight (1.2 s) end first.
    await page.waitForTimeout(pauseMs);
    const f = f1 ?? (await plainFetch(page, cell));
    if (i < WARM_UP) continue;
    app.push(a.total);
    parts.push(a);
    plain.push(f);
  }
  const trace = traceFile === undefined ? undefined : (await browser.stopTracing()).toString('utf8');
  const plainRaw = [...plain];
  app.sort((x, y) => x - y);
  plain.sort((x, y) => x - y);
  const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
  const appMedian = quantile(app, 0.5);
  const plainMedian = quantile(plain, 0.5);
  console.log(
    `${lookups} lookups of different demo cells (after ${WARM_UP} not counted), Chromium headless, ` +
      `1280×800; load average ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(`                                 median       p95`);
  console.log(`app: click → name painted     ${ms(appMedian)} ${ms(quantile(app, 0.95))}`);
  console.log(`plain fetch() + text()        ${ms(plainMedian)} ${ms(quantile(plain, 0.95))}`);
  console.log(
    `the app adds                  ${ms(appMedian - plainMedian)} ${ms(quantile(app, 0.95) - quantile(plain, 0.95))}` +
      '   goal: < 16 ms at the median',
  );
  const paired = app.length === plain.length ? parts.map((p, i) => p.total - (plainRaw[i] ?? 0)) : [];
  console.log(
    `paired (each lookup minus the fetch right after it): median ${quantile(
      paired.sort((x, y) => x - y),
      0.5,
    ).toFixed(1)} ms`,
  );
  const part = (key: keyof LookupTiming): number =>
    quantile(
      parts.map((p) => p[key]).sort((x, y) => x - y),
      0.5,
    );
  console.log(
    `app's lookup by parts (medians): click → request sent ${part('beforeRequest').toFixed(1)} ms, ` +
      `request ${part('request').toFixed(1)} ms, answer → name painted ${part('afterAnswer').toFixed(1)} ms`,
  );
  if (trace !== undefined) printTrace(trace);
} finally {
  await browser.close();
  await stop(service);
  tiles.close();
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dir, { recursive: true, force: true });
}
