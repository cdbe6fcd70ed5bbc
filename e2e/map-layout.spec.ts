import { expect, test } from './fixtures';

test.describe('the map as drawn', () => {
  test('the world outline has no stripes across the map where countries cross the 180° meridian', async ({
    page,
  }) => {
    // Tiles come as blank images here (e2e/fixtures.ts), so the outline is all there is to see, as offline.
    await page.goto('/?view=20,0,2');
    const outline = page.locator('.leaflet-outline-pane path');
    await expect.poll(() => outline.count()).toBeGreaterThan(150);
    // Each straight edge of the outline, on screen; an edge wider than half the map inside it is a stripe.
    const stripes = await page.evaluate(() => {
      const map = document.querySelector('.leaflet-container')?.getBoundingClientRect();
      if (!map) return ['no map'];
      const found: string[] = [];
      for (const path of document.querySelectorAll<SVGPathElement>('.leaflet-outline-pane path')) {
        const matrix = path.getScreenCTM();
        if (!matrix) continue;
        for (const ring of (path.getAttribute('d') ?? '').split(/[zZ]/)) {
          const points = [...ring.matchAll(/[ML](-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) =>
            new DOMPoint(Number(m[1]), Number(m[2])).matrixTransform(matrix),
          );
          if (points[0]) points.push(points[0]);
          for (let i = 1; i < points.length; i++) {
            const a = points[i - 1];
            const b = points[i];
            if (!a || !b) continue;
            const inside = [a.y, b.y].every((y) => y > map.top && y < map.bottom);
            if (inside && Math.abs(b.x - a.x) > map.width / 2) {
              found.push(`${Math.round(a.x)},${Math.round(a.y)} → ${Math.round(b.x)},${Math.round(b.y)}`);
            }
          }
        }
      }
      return found;
    });
    expect(stripes).toEqual([]);
  });

  test('the map’s credits leave the scale bar readable', async ({ page }) => {
    await page.goto('/');
    const scale = page.locator('.leaflet-control-scale-line');
    const credits = page.locator('.leaflet-control-attribution');
    await expect(scale).toHaveText(/^\d+ k?m$/);
    await expect(credits).toContainText('OpenStreetMap');
    const a = await scale.boundingBox();
    const b = await credits.boundingBox();
    if (a === null || b === null) throw new Error('the scale bar or the credits are not on screen');
    const overlap =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `scale ${JSON.stringify(a)}, credits ${JSON.stringify(b)}`).toBe(false);
    // And nothing else lies over the scale bar's words.
    const hit = await scale.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.right - 4, box.top + box.height / 2);
      return top === element || element.contains(top);
    });
    expect(hit).toBe(true);
  });
});
