import type { Plugin } from 'vite';

export const BUILD_FILE: string;

/** The Vite plugin: defines `__CELLPOS_BUILD__` and `__CELLPOS_VERSION__`, and writes build.json once the build is done. */
export function buildInfo(root: string): Plugin;

/** The id a built folder was made from, or null when it holds no finished build. */
export function readBuild(dir: string): string | null;
