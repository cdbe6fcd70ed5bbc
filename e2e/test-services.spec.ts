import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

/* The services the browser tests run against take their settings from the test set-up alone: a developer who
   has a service's settings exported in the shell, or a .env in the folder the tests start from, still gets the
   demo service the tests describe. */
const DEVELOPER = {
  CELL_SOURCES: 'opencellid',
  OPENCELLID_URL: 'http://127.0.0.1:9/opencellid',
  OPENCELLID_KEY: 'pk.developer',
  GEOLOCATE_URL: 'http://127.0.0.1:9/geolocate',
  GEOLOCATE_KEY: 'developer',
  TILE_URL: 'http://127.0.0.1:9/developer/{z}/{x}/{y}.png',
  TILE_ATTRIBUTION: 'Tiles of the developer',
  ALLOWED_HOSTS: 'cellpos.example',
  TRUSTED_PROXIES: '1',
  BEHIND_TLS: 'on',
  CORS_ORIGINS: 'https://app.example',
  POSITIONING_BASE_URL: 'http://127.0.0.1:9/operator',
  LOCATION_SOURCE: 'camara',
  CAMARA_ISSUER: 'http://127.0.0.1:9/oidc',
  POSITIONING_DEMO: 'off',
  POSITIONING_RATE_LIMIT: '1',
  POSITIONING_RATE_BURST: '1',
  POSITIONING_TIMEOUT_MS: '1',
  STATIC_DIR: '/nonexistent',
};

function started(service: ChildProcess): Promise<string> {
  let output = '';
  return new Promise((resolveUrl, reject) => {
    service.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Cell positioning service: (http:\/\/127\.0\.0\.1:\d+)\//.exec(output)?.[1];
      if (url !== undefined) resolveUrl(url);
    });
    service.on('exit', (code) => reject(new Error(`the test service stopped (${code}): ${output}`)));
  });
}

test("the test service ignores a developer's settings in the environment and in .env", async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cellpos-e2e-settings-'));
  writeFileSync(
    join(dir, '.env'),
    'TILE_ATTRIBUTION=Tiles of the .env\nPOSITIONING_DEMO=off\nALLOWED_HOSTS=cellpos.example\n',
  );
  mkdirSync(join(dir, 'db'));
  const service = spawn(process.execPath, [resolve('scripts', 'e2e-server.mjs')], {
    cwd: dir,
    env: { ...process.env, ...DEVELOPER, PORT: '0', E2E_DB: join(dir, 'db', 'positioning.db') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await started(service);

    const answer = await fetch(`${url}/api/settings`, { headers: { origin: 'https://app.example' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('strict-transport-security')).toBeNull();
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const settings = (await answer.json()) as { mode: string; tileUrl: string; tileAttribution: string };
    expect(settings.mode).toBe('demo');
    expect(settings.tileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(settings.tileAttribution).toContain('OpenStreetMap');

    const reads = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${url}/api/cell/244/91/10038?serviceKey=${DEMO.serviceKey}&userKey=${DEMO.userKey}`),
      ),
    );
    expect(reads.map((read) => read.status)).toEqual([200, 200, 200, 200, 200]);

    // And as a person sees it: the app, the demo keys, the operator documentation's own cell from the store.
    await page.goto(url);
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await expect(page.getByRole('region', { name: 'Look up a cell' }).locator('dl.fields')).toContainText(
      'Brändö',
    );
  } finally {
    await new Promise<void>((done) => {
      if (service.exitCode !== null || service.signalCode !== null) done();
      else {
        service.once('exit', () => done());
        service.kill('SIGTERM');
      }
    });
    rmSync(dir, { recursive: true, force: true });
  }
});
