import type { Plugin } from 'vite';

/** The Vite plugin: preloads the settings at `${apiBase}/settings` for a page served without them. */
export function htmlHints(options: { apiBase: string }): Plugin;

/** The API's base as the app reads it: VITE_API_BASE without trailing slashes, or /api. */
export function apiBaseOf(value: string | undefined): string;
