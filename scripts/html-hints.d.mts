import type { Plugin } from 'vite';

/** The Vite plugin: preloads the map's chunks and styles, and the settings at `${apiBase}/settings`. */
export function htmlHints(options: { apiBase: string }): Plugin;

/** The API's base as the app reads it: VITE_API_BASE without trailing slashes, or /api. */
export function apiBaseOf(value: string | undefined): string;
