import { readFileSync } from 'node:fs';

function version(): string {
  const file = new URL('../../../package.json', import.meta.url);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown };
  return typeof parsed.version === 'string' && /^\d+\.\d+/.test(parsed.version) ? parsed.version : '0.0.0';
}

/** How the service names itself to the sources it asks (read once, from package.json). */
export const USER_AGENT = `Cellpos/${version()}`;
