declare const __CELLPOS_BUILD__: string | undefined;

/**
 * The build this code belongs to: a hash of the sources both sides were built from (scripts/build-id.mjs), the
 * same in the app and the service built together; `dev` when run from the sources (Vite's dev server, tsx,
 * the unit tests), where nothing is compared.
 */
export const BUILD_ID: string = typeof __CELLPOS_BUILD__ === 'string' ? __CELLPOS_BUILD__ : 'dev';

/** The header in which the service states its build on every API answer. */
export const BUILD_HEADER = 'Cellpos-Build';

/** Whether a page of build `own` may go on talking to a service of build `other`. */
export function sameBuild(own: string, other: string | null | undefined): boolean {
  return other === null || other === undefined || own === 'dev' || other === 'dev' || own === other;
}
