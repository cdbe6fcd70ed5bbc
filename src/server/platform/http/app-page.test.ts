import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, readSettings, SETTINGS_ELEMENT_ID } from '../../../api/settings';
import { renderPage, tileOrigins } from './app-page';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="preload" href="/api/settings" as="fetch" crossorigin="anonymous" data-settings-preload />
    <title>app</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

function settingsIn(html: string): unknown {
  const doc = new RegExp(`<script type="application/json" id="${SETTINGS_ELEMENT_ID}">(.*?)</script>`).exec(
    html,
  );
  return doc === null ? undefined : JSON.parse(doc[1] ?? '');
}

describe('the page as the service sends it', () => {
  it('carries the settings, and no longer preloads /api/settings', () => {
    const settings = { ...DEFAULT_SETTINGS, mode: 'demo' as const, build: 'abc' };
    const html = renderPage(BUILT, settings, settings.tileUrl);
    expect(settingsIn(html)).toEqual(settings);
    expect(readSettings(settingsIn(html))).toEqual(settings);
    expect(html).not.toContain('/api/settings');
    expect(html.indexOf(SETTINGS_ELEMENT_ID)).toBeLessThan(html.indexOf('</head>'));
  });

  it('keeps text in the settings from ending the element or being read as a replacement pattern', () => {
    const attribution = '</script><script>alert(1)</script> <!-- $& $1 $` &amp; \u2028';
    const html = renderPage(
      BUILT,
      { ...DEFAULT_SETTINGS, tileAttribution: attribution },
      'https://t.example/{z}/{x}/{y}.png',
    );
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(settingsIn(html)).toMatchObject({ tileAttribution: attribution });
  });

  it('opens the connection to the tile host early', () => {
    const html = renderPage(BUILT, DEFAULT_SETTINGS, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(html).toContain(
      '<meta charset="UTF-8" /><link rel="preconnect" href="https://tile.openstreetmap.org" />',
    );
  });
});

describe('tileOrigins', () => {
  it('names one origin per host a template asks tiles of', () => {
    expect(tileOrigins('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual([
      'https://tile.openstreetmap.org',
    ]);
    expect(tileOrigins('http://127.0.0.1:8081/{z}/{x}/{y}{r}.png')).toEqual(['http://127.0.0.1:8081']);
    expect(tileOrigins('https://{s}.tiles.example:8443/{z}/{x}/{y}.png')).toEqual([
      'https://a.tiles.example:8443',
      'https://b.tiles.example:8443',
      'https://c.tiles.example:8443',
    ]);
    expect(tileOrigins('/tiles/{z}/{x}/{y}.png')).toEqual([]);
  });
});
