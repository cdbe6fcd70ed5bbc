import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** No WCAG 2.1 A/AA violation that axe finds, and nothing scrolls sideways. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways, 'no sideways scrolling').toBeLessThanOrEqual(0);
}
