import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { tileSource } from './security-headers';
import { parseTileUrl } from './tile-url';

describe('TILE_URL', () => {
  it.each([
    [
      'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    ],
    [
      'HTTPS://Tiles.Example:8443/{z}/{x}/{y}.png?key=a"b',
      'https://tiles.example:8443/{z}/{x}/{y}.png?key=a%22b',
    ],
    ['https://tiles.例え.jp/{z}/{x}/{y}{r}.png', 'https://tiles.xn--r8jz45g.jp/{z}/{x}/{y}{r}.png'],
    ['http://127.0.0.1:8081/{z}/{x}/{-y}.png', 'http://127.0.0.1:8081/{z}/{x}/{-y}.png'],
    ['https://[::1]/{z}/{x}/{y}.png', 'https://[::1]/{z}/{x}/{y}.png'],
  ])('takes %s as %s', (given, taken) => {
    expect(parseTileUrl(given)).toBe(taken);
    expect(loadConfig({ TILE_URL: given }).tileUrl).toBe(taken);
  });

  it.each([
    ['https://tiles.example;script-src/{z}/{x}/{y}.png', 'host'],
    ["https://tiles.example/{z}/{x}/{y}.png; script-src 'unsafe-inline'", 'spaces'],
    ['https://tiles example/{z}/{x}/{y}.png', 'not an absolute URL'],
    ['https://user:secret@tiles.example/{z}/{x}/{y}.png', 'user name or password'],
    ['https://{x}.tiles.example/{z}/{x}/{y}.png', 'host'],
    ['https://tiles.example/{z}/{x}.png', '{z}, {x} and {y}'],
    ['ftp://tiles.example/{z}/{x}/{y}.png', 'http:// or https://'],
    ['https://tiles.example/{z}/{x}/{y}.png#top', 'fragment'],
    ['https://tiles.example\u0001/{z}/{x}/{y}.png', 'not an absolute URL'],
  ])('refuses %s, saying why', (value, why) => {
    expect(() => loadConfig({ TILE_URL: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TILE_URL: value })).toThrow(
      new RegExp(`^TILE_URL: .*${why.replace(/[{}]/g, '\\$&')}`),
    );
  });

  it('makes a CSP source of Latin-1 letters, digits and punctuation only', () => {
    for (const url of [
      'https://{s}.tiles.例え.jp/{z}/{x}/{y}.png',
      'https://tiles.bücher.example:99/{z}/{x}/{y}.png',
    ]) {
      expect(tileSource(parseTileUrl(url))).toMatch(/^https:\/\/[*a-z0-9.:-]+$/);
    }
  });
});
