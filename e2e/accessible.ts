import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Where a test looks: the side panel (keys, answers, batch, history, raw response), the map, the status line. */
export const PANEL = '.panel';
export const MAP = '.map-wrap';
export const STATUS = '.app-status';

/**
 * No WCAG 2.1 A/AA violation that axe finds in what the test shows (`include`: CSS selectors; default the whole
 * page), and nothing scrolls sideways.
 *
 * Axe runs in the page itself (AxeBuilder's legacy mode, axe.run), not split into a run per frame whose results
 * are gathered in a blank page that it opens for each check: the app has no frames, so the rules and their
 * results are the same, and that extra page (a renderer started, axe-core injected into it again) cost most of
 * the time. At a machine load of 30 one check of the busy map took 10-11 s that way, 4-5 s in the page, and
 * 1.7 s in the page for the side panel alone; the tests' budget is 30 s.
 */
export async function expectAccessible(page: Page, include: readonly string[] = []): Promise<void> {
  let axe = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode();
  for (const selector of include) axe = axe.include(selector);
  const results = await axe.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
  // A check that looked at nothing passes whatever the page holds.
  expect(results.passes.length + results.incomplete.length, 'axe checked something').toBeGreaterThan(0);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, 'no sideways scrolling').toBeLessThanOrEqual(0);
}
