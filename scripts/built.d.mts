export type Part = 'app' | 'service';

/** The parts of the tree under `root` that need building: missing, or built from other sources. */
export function staleParts(root: string, parts: readonly Part[]): Part[];

/** Builds what is stale (or everything, with `rebuild`); exits the process on failure. */
export function ensureBuilt(root: string, options: { parts: readonly Part[]; rebuild?: boolean }): void;
