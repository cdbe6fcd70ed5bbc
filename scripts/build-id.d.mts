export const BUILD_INPUTS: readonly string[];

/** The id of the sources under `root`, or null when they are not there. */
export function buildId(root: string): string | null;
