import type { CellFix } from '../store/camara-store';
import type { Disc } from './geometry';

/** The radius of a cell whose range is unknown (the demo's fixed cells, most cells added by hand), in metres. */
export const DEFAULT_RADIUS_M = 1000;
/** No cell locates a phone closer than this, whatever range a source gives it (OpenCelliD has ranges of 1 m). */
export const MIN_RADIUS_M = 100;

export interface NetworkArea extends Disc {
  /** Unix milliseconds: when the network located the phone (it entered the cell). */
  since: number;
}

/** Where the network places a phone: a circle round its cell, as wide as the cell's range. */
export function networkArea(fix: CellFix): NetworkArea {
  return {
    latitude: fix.lat,
    longitude: fix.lon,
    radius: Math.max(MIN_RADIUS_M, Math.round(fix.rangeMeters ?? DEFAULT_RADIUS_M)),
    since: fix.since,
  };
}

/** Whole seconds since the fix, as maxAge counts them; never negative (a clock stepped back). */
export function ageSeconds(area: NetworkArea, now: number): number {
  return Math.max(0, Math.floor((now - area.since) / 1000));
}

/** RFC 3339 in UTC, as lastLocationTime is given. */
export function lastLocationTime(area: NetworkArea): string {
  return new Date(area.since).toISOString();
}
