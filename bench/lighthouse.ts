/**
 * Lighthouse (mobile preset) against the built app served by the reference service, with map tiles from a
 * local stand-in tile server so nothing leaves the machine. Prints the four category scores and every audit
 * that loses points. Usage: npm run build && npm run bench:lighthouse
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const chromePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const port = Number(process.env.BENCH_PORT ?? 5301);

/* A 1×1 light grey PNG: every tile the map asks for. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

const tiles = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' });
  res.end(TILE);
});
const tilePort = await listen(tiles);

const service = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
  env: {
    ...process.env,
    PORT: String(port),
    TILE_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const chrome = await launch({
  ...(chromePath !== undefined && { chromePath }),
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

try {
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(`${url}api/health`);
  const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
  if (result === undefined) throw new Error('Lighthouse returned no result');
  const { categories, audits } = result.lhr;
  console.log(`Lighthouse ${result.lhr.lighthouseVersion}, mobile preset, ${url}`);
  for (const category of Object.values(categories)) {
    console.log(`${category.title.padEnd(16)} ${Math.round((category.score ?? 0) * 100)}`);
    const losing = category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => audits[ref.id])
      .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1);
    for (const audit of losing) {
      if (audit === undefined) continue;
      console.log(
        `  - ${audit.id}: ${audit.title} (score ${audit.score}${audit.displayValue ? `, ${audit.displayValue}` : ''})`,
      );
    }
  }
  const metrics = [
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'cumulative-layout-shift',
    'speed-index',
  ];
  for (const id of metrics) console.log(`${id.padEnd(26)} ${audits[id]?.displayValue ?? 'n/a'}`);
} finally {
  chrome.kill();
  service.kill('SIGTERM');
  tiles.close();
}
