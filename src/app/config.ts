import { DEFAULT_TIMEOUT_MS } from '../api/client';

/** Browser-side settings, read from the build environment once. Runtime settings come from /api/settings. */
export interface AppConfig {
  apiBase: string;
  timeoutMs: number;
}

function readTimeout(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(number) && number >= 1000 && number <= 120_000 ? number : DEFAULT_TIMEOUT_MS;
}

function readBase(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\/+$/, '') : '/api';
}

const env: Record<string, unknown> = import.meta.env;

export const config: AppConfig = Object.freeze({
  apiBase: readBase(env.VITE_API_BASE),
  timeoutMs: readTimeout(env.VITE_API_TIMEOUT_MS),
});
