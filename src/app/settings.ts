import { queryOptions } from '@tanstack/react-query';
import type { Keys } from '../api/types';
import { config } from './config';

/** Runtime settings the service hands the app, so tiles can change without a rebuild. */
export interface Settings {
  mode: 'demo' | 'proxy' | 'unknown';
  tileUrl: string;
  /** HTML from the service's own configuration (trusted), rendered by Leaflet's attribution control. */
  tileAttribution: string;
  demoKeys?: Keys;
}

export const DEFAULT_SETTINGS: Settings = {
  mode: 'unknown',
  tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
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
  return settings;
}

async function getSettings(signal: AbortSignal): Promise<Settings> {
  try {
    const response = await fetch(`${config.apiBase}/settings`, {
      signal,
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return DEFAULT_SETTINGS;
    return readSettings(await response.json());
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export const settingsQuery = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: ({ signal }) => getSettings(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
