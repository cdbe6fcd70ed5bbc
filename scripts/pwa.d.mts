import type { Plugin } from 'vite';

export const MANIFEST: Record<string, unknown>;

/** The Vite plugins of vite-plugin-pwa: the manifest and the service worker. */
export function pwa(): Plugin[];
