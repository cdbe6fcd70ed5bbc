import type { Locator, Page } from '@playwright/test';

/** The point of the map a Leaflet marker stands for (its icon's anchor), and the map's middle, in page pixels. */
async function landedOn(page: Page, marker: Locator): Promise<void> {
  const handle = await marker.elementHandle();
  await page.waitForFunction((icon) => {
    const map = icon?.closest('.leaflet-container');
    if (!icon || !map) return false;
    const box = icon.getBoundingClientRect();
    const style = getComputedStyle(icon);
    // Leaflet draws an icon its anchor's width and height up and left of the point, as negative margins.
    const x = box.left - parseFloat(style.marginLeft);
    const y = box.top - parseFloat(style.marginTop);
    const middle = map.getBoundingClientRect();
    return (
      Math.abs(x - (middle.left + middle.width / 2)) <= 2 &&
      Math.abs(y - (middle.top + middle.height / 2)) <= 2
    );
  }, handle);
  await handle.dispose();
}

/**
 * Waits until the map is still as a person sees it: no zoom or pan animation and no flight under way (nothing on
 * it moved between two frames), and every tile drawn in full (its image finished and faded in, the tiles of an
 * earlier zoom gone). A flight adds no class to the map and starts a few frames after the answer it follows:
 * given the marker it flies to, waits first until that marker stands in the middle of the map.
 */
export async function settle(page: Page, flownTo?: Locator): Promise<void> {
  if (flownTo !== undefined) await landedOn(page, flownTo);
  await page.waitForFunction(
    () => {
      const map = document.querySelector<HTMLElement & { cellposPicture?: string }>('.leaflet-container');
      if (map === null || document.querySelector('.leaflet-zoom-anim, .leaflet-pan-anim') !== null)
        return false;
      const tiles = [...map.querySelectorAll<HTMLImageElement>('.leaflet-tile-pane img.leaflet-tile')];
      const drawn = tiles.every((tile) => tile.complete && getComputedStyle(tile).opacity === '1');
      if (!drawn || new Set(tiles.map((tile) => tile.parentElement)).size > 1) return false;
      const moving = [
        ...map.querySelectorAll<HTMLElement>(
          '.leaflet-map-pane, .leaflet-tile-container, .leaflet-marker-icon',
        ),
      ];
      const picture = moving.map((element) => element.style.transform).join(' ');
      const still = picture === map.cellposPicture;
      map.cellposPicture = picture;
      return still;
    },
    undefined,
    { polling: 'raf' },
  );
}
