import type { Plugin } from 'vite';

/** Writes `.br` and `.gz` beside every text file of at least a kilobyte under `dir`; resolves to how many. */
export function precompressDir(dir: string): Promise<number>;

/** The Vite plugin: precompresses the build's output folder once it is written. */
export function precompress(): Plugin;
