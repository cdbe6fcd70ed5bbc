import type { Keys } from './types';

/** The element in which the service puts the settings into the page it serves (JSON, never run). */
export const SETTINGS_ELEMENT_ID = 'cellpos-settings';

/** Runtime settings the service hands the app (`GET /api/settings`), so tiles can change without a rebuild. */
export interface Settings {
  mode: 'demo' | 'proxy' | 'unknown';
  /** Where "Locate my phone" is answered: the service's store (demo), the document's operator (proxy mode), or a
   *  CAMARA Device Location operator through the service's own read (src/api/camara.ts). Absent: not said. */
  locationSource?: 'store' | 'operator' | 'camara';
  /** The service offers "Watch my phone" (with LOCATION_SOURCE=camara at its operator, in demo mode at its own). */
  watches?: boolean;
  tileUrl: string;
  /** HTML from the service's own configuration (trusted), rendered by Leaflet's attribution control. */
  tileAttribution: string;
  /** How long the service waits for an answer (the operator's, in proxy mode) before it answers 504; the app
   *  gives a whole read this much and 2 s more. */
  timeoutMs: number;
  demoKeys?: Keys;
  /** The most requests a second the service answers for one service key, when it limits them: what a long batch
   *  takes at least. */
  rateLimit?: number;
  /** The service's build (src/api/build.ts), when it says. */
  build?: string;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = {
  mode: 'unknown',
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  timeoutMs: 10_000,
};

function isText(value: unknown, max = 2000): value is string {
  return typeof value === 'string' && value.trim() !== '' && value.length <= max;
}

/** Reads what the service sent; anything missing or odd falls back to the defaults. */
export function readSettings(value: unknown): Settings {
  if (typeof value !== 'object' || value === null) return DEFAULT_SETTINGS;
  const v = value as Record<string, unknown>;
  const settings: Settings = {
    mode: v.mode === 'demo' || v.mode === 'proxy' ? v.mode : 'unknown',
    tileUrl: isText(v.tileUrl) && /^(https?:)?\/\//.test(v.tileUrl) ? v.tileUrl : DEFAULT_SETTINGS.tileUrl,
    tileAttribution: isText(v.tileAttribution) ? v.tileAttribution : DEFAULT_SETTINGS.tileAttribution,
    timeoutMs:
      Number.isInteger(v.timeoutMs) && (v.timeoutMs as number) >= 1 && (v.timeoutMs as number) <= 600_000
        ? (v.timeoutMs as number)
        : DEFAULT_SETTINGS.timeoutMs,
  };
  const demo = v.demoKeys as Record<string, unknown> | null | undefined;
  if (
    typeof demo === 'object' &&
    demo !== null &&
    isText(demo.serviceKey, 200) &&
    isText(demo.userKey, 200)
  ) {
    settings.demoKeys = { serviceKey: demo.serviceKey, userKey: demo.userKey };
  }
  if (typeof v.rateLimit === 'number' && v.rateLimit > 0 && v.rateLimit <= 1_000_000) {
    settings.rateLimit = v.rateLimit;
  }
  if (isText(v.build, 100)) settings.build = v.build;
  if (v.watches === true) settings.watches = true;
  if (v.locationSource === 'store' || v.locationSource === 'operator' || v.locationSource === 'camara') {
    settings.locationSource = v.locationSource;
  }
  return settings;
}

/** The settings body is JSON whatever was asked; a body that is not JSON throws, for the client to report. */
export function decodeSettings(body: string): Settings {
  return readSettings(JSON.parse(body));
}
