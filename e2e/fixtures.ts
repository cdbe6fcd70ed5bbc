import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { serviceEnv } from '../scripts/service-env.mjs';

export { expect };

/** A 1×1 transparent PNG: map tiles "load" without leaving the machine. */
const TRANSPARENT_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVR4nGNgAAIAAAUAAXpeqz8AAAAASUVORK5CYII=',
  'base64',
);

export const LOCAL = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//;

/* Chromium reports every non-2xx fetch and every aborted request as a console error; those are the
   failures the tests provoke on purpose. Anything else on the console fails the test. */
const EXPECTED_CONSOLE = [/^Failed to load resource: /];

/** An image the page asks for, or a tile its service worker fetches for it (a fetch, to Playwright). */
const isImage = (request: Request): boolean =>
  request.resourceType() === 'image' ||
  (request.serviceWorker() !== null && /\.(?:png|jpe?g|webp)(?:\?|$)/i.test(request.url()));

interface Fixtures {
  /** Blocks every request that would leave the machine; fails the test on console errors, page errors, dialogs
   *  and programming words (undefined, [object Object], exception names) left on screen. */
  guard: void;
  /** Console problems seen so far; a test may inspect them. */
  consoleProblems: string[];
}

export const test = base.extend<Fixtures>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  consoleProblems: async ({}, provide) => {
    await provide([]);
  },
  guard: [
    async ({ page, context, consoleProblems }, provide) => {
      await context.route(
        (url) => !LOCAL.test(url.href),
        (route) =>
          isImage(route.request())
            ? route.fulfill({
                status: 200,
                contentType: 'image/png',
                body: TRANSPARENT_PNG,
                headers: { 'access-control-allow-origin': '*' },
              })
            : route.abort('blockedbyclient'),
      );
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() !== 'error' && message.type() !== 'warning') return;
          const text = message.text();
          if (message.type() === 'warning' && !/React|Leaflet|key/i.test(text)) return;
          if (EXPECTED_CONSOLE.some((pattern) => pattern.test(text))) return;
          consoleProblems.push(`${message.type()}: ${text}`);
        });
        page.on('pageerror', (error) => consoleProblems.push(`pageerror: ${error.message}`));
        page.on('dialog', (dialog) => {
          consoleProblems.push(`dialog: ${dialog.message()}`);
          void dialog.dismiss();
        });
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      await provide();
      if (!page.isClosed()) {
        const text = await page.locator('body').innerText();
        expect(text, 'no leaked programming words on screen').not.toMatch(
          /\bundefined\b|\bnull\b|\[object \w+\]|\bNaN\b|TypeError|ApiError|SyntaxError/,
        );
      }
      expect(consoleProblems, 'console errors, page errors or dialogs').toEqual([]);
    },
    { auto: true },
  ],
});

export const DEMO = { serviceKey: 'demo-service', userKey: 'demo-user' };
export const PENDING = { serviceKey: 'demo-service', userKey: 'demo-pending' };
export const MISMATCHED = { serviceKey: 'demo-service', userKey: 'other-user' };

export async function saveKeys(
  page: Page,
  keys: { serviceKey: string; userKey: string },
  { remember = false }: { remember?: boolean } = {},
): Promise<void> {
  await page.getByLabel('Service key', { exact: true }).fill(keys.serviceKey);
  await page.getByLabel('User key', { exact: true }).fill(keys.userKey);
  if (remember) await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Save keys' }).click();
  await expect(page.getByRole('button', { name: 'Forget keys' })).toBeVisible();
}

export async function lookUpCell(page: Page, mcc: string, mnc: string, cellid: string): Promise<void> {
  await page.getByLabel('MCC', { exact: true }).fill(mcc);
  await page.getByLabel('MNC', { exact: true }).fill(mnc);
  await page.getByLabel('Cell ID', { exact: true }).fill(cellid);
  await page.getByRole('button', { name: 'Look up cell' }).click();
}

/** The e2e service's database: E2E_DB when the server script uses it, else the newest temporary one it made. */
export function e2eDatabase(): string {
  const fromEnv = process.env.E2E_DB;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const candidates = readdirSync(tmpdir())
    .filter((name) => name.startsWith('cellpos-e2e-'))
    .map((name) => join(tmpdir(), name, 'positioning.db'))
    .filter((file) => existsSync(file))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  const newest = candidates[0];
  if (newest === undefined) throw new Error('No e2e database found: is scripts/e2e-server.mjs running?');
  return newest;
}

/** Runs the service's admin command line against the e2e database. */
export function admin(...args: string[]): string {
  return adminOf(e2eDatabase(), ...args);
}

/** Runs the admin command line against the database `db` of one of the test services. */
function adminOf(db: string, ...args: string[]): string {
  // As the test service runs: none of a developer's settings, from the environment or a .env in the checkout.
  const result = spawnSync(process.execPath, [resolve('dist-server', 'cli.js'), ...args, '--db', db], {
    cwd: dirname(db),
    env: serviceEnv(process.env, {}),
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (result.status !== 0) throw new Error(`admin ${args[0]} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** The service whose Locate my phone asks the stand-in CAMARA operator (LOCATION_SOURCE=camara). */
export const CAMARA_SERVICE = process.env.E2E_CAMARA_URL ?? 'http://127.0.0.1:5205';

/**
 * A number of its own for a test whose owner answers on the phone: the cast's number with two more digits, one for
 * the project and one the test picks (0-9), so that an answer given in one test (or the same test in the other
 * project, running at the same time) answers no other's request. The stand-in treats it as the cast's number.
 */
export function ownNumber(number: string, digit: number): string {
  return `${number}${test.info().project.name === 'phone' ? 5 : 0}${digit}`;
}

/**
 * Registers a user of the demo developer with the number (E.164) on the CAMARA service; returns the keys. The
 * stand-in operator's subscriber with that number (scripts/stand-ins/camara-subscribers.ts) picks how it answers.
 */
export function camaraUser(number: string): { serviceKey: string; userKey: string } {
  const db = process.env.E2E_CAMARA_DB;
  if (db === undefined) throw new Error('E2E_CAMARA_DB is not set: run through playwright.config.ts');
  return {
    serviceKey: 'demo-service',
    userKey: adminOf(db, 'register-user', 'demo', number.slice(1)).trim(),
  };
}
