/** What the page benches share: Debian's Chromium, a stand-in tile server, the built app on a fresh database,
 *  frame timing. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { listen } from './support';

export const chromePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/** No host but 127.0.0.1 resolves: nothing leaves the machine, and no request waits on the driver
 *  the way an intercepting page.route() makes each one do. */
export const BLOCK_OUTSIDE_FLAG = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

export const CHROME_FLAGS = [
  BLOCK_OUTSIDE_FLAG,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A plain light grey square PNG of `size` pixels (greyscale, so a 512 px tile is a few hundred bytes). */
export function greyPng(size: number, grey = 0xe6): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.alloc(size + 1, grey);
  row[0] = 0; // filter: none
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const TILE_PX = Number(process.env.BENCH_TILE_PX ?? 256);
const TILE = greyPng(TILE_PX);

/** Answers every tile the map asks for with the same grey square; returns the URL template and a close(). */
export async function startTileServer(): Promise<{ url: string; close(): void }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' });
    res.end(TILE);
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`, close: () => server.close() };
}

/**
 * The built app as a bench drives it: the service on a fresh temporary database (rate limiting off), stand-in
 * tiles, and a headless Chromium. The caller stops them and removes `dir`. With `db`, an existing database is
 * served as it is: the built service itself, not scripts/e2e-server.mjs, which starts from an empty file.
 */
export async function startBenchApp(name: string, port: number, db?: string) {
  const dir = mkdtempSync(join(tmpdir(), `cellpos-bench-${name}-`));
  const dbFile = db ?? join(dir, 'positioning.db');
  const tiles = await startTileServer();
  const service =
    db === undefined
      ? spawn(
          process.execPath,
          ['scripts/e2e-server.mjs', `TILE_URL=${tiles.url}`, 'POSITIONING_RATE_LIMIT=0'],
          {
            env: { ...process.env, PORT: String(port), E2E_DB: dbFile },
            stdio: ['ignore', 'ignore', 'inherit'],
          },
        )
      : spawn(process.execPath, [join(process.cwd(), 'dist-server', 'main.js')], {
          // Its own folder: a .env in the checkout must not reach it.
          cwd: dir,
          env: {
            PATH: process.env.PATH ?? '',
            HOME: process.env.HOME ?? dir,
            HOST: '127.0.0.1',
            PORT: String(port),
            POSITIONING_DB: db,
            POSITIONING_SIMULATE_MS: '0',
            POSITIONING_RATE_LIMIT: '0',
            STATIC_DIR: join(process.cwd(), 'dist'),
            TILE_URL: tiles.url,
            NODE_ENV: 'production',
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
  const browser = await chromium.launch({
    headless: true,
    ...(chromePath !== undefined && { executablePath: chromePath }),
    args: CHROME_FLAGS,
  });
  return { dir, dbFile, tiles, service, browser };
}

/** Times the page's frames from now on: each one's time from the one before. */
export async function startFrames(page: Page): Promise<void> {
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
}

/** The frame times since startFrames(), sorted. */
export function stopFrames(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const w = window as unknown as { frames_: number[]; framing_: boolean };
    w.framing_ = false;
    return w.frames_.slice(1).sort((a, b) => a - b);
  });
}
