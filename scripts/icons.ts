/**
 * The app's icons as PNG, drawn from the SVGs in public/ by Chromium: the manifest's 192 and 512 px icons (the
 * favicon's design), the maskable one (full bleed, the mark inside the safe circle) and Apple's touch icon.
 * Usage: npx tsx scripts/icons.ts (after changing public/favicon.svg or public/icon-maskable.svg).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROME_FLAGS, chromePath } from '../bench/browser';

const ICONS = [
  { svg: 'favicon.svg', size: 192, out: 'icon-192.png' },
  { svg: 'favicon.svg', size: 512, out: 'icon-512.png' },
  { svg: 'icon-maskable.svg', size: 512, out: 'icon-maskable-512.png' },
  { svg: 'icon-maskable.svg', size: 180, out: 'apple-touch-icon.png' },
];

const browser = await chromium.launch({
  ...(chromePath !== undefined && { executablePath: chromePath }),
  args: CHROME_FLAGS,
});
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const svg = readFileSync(join('public', icon.svg), 'utf8');
    const style = `html,body{margin:0;background:transparent}svg{display:block;width:${icon.size}px;height:${icon.size}px}`;
    await page.setContent(`<style>${style}</style>${svg}`);
    await page.screenshot({ path: join('public', icon.out), omitBackground: true });
    await page.close();
    console.log(`public/${icon.out}: ${icon.size} px from ${icon.svg}`);
  }
} finally {
  await browser.close();
}
