/** The program's advisory locks: its own first key ('cell' in ASCII), then what each serialises. */
const PROGRAM = 0x63656c6c;

export const LOCKS = {
  /** Migrations: replicas that start at once take turns, and the later ones find nothing to do. */
  migrations: [PROGRAM, 1],
  /** Imports of cells: one at a time, so none builds on a table another is about to replace. */
  imports: [PROGRAM, 2],
  /** Work that must run alone (ServiceStore.exclusive): filling a new database with the demo data once. */
  demo: [PROGRAM, 3],
} as const satisfies Record<string, readonly [number, number]>;
