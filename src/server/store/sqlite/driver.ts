import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

/**
 * better-sqlite3, the one SQLite driver, in the build this Node can run. Version 13 is a Node-API 10 module: it
 * runs on every supported Node line from 22 on, and is the one that runs on Node 24: 12.x wraps its objects in
 * node::ObjectWrap, whose cleanup hooks since Node 24.19 abort the process when such an object is collected
 * (`Assertion failed: (env) != nullptr`; nodejs/node#65446). Node 20, past its end of life but still on the machines, has Node-API 9
 * and cannot load it (a segfault at load), so there the same API comes from 12.x, installed under the alias
 * better-sqlite3-node20. Both builds are the same library and the same JavaScript API; nothing else in the
 * service imports either by name (an ESLint rule).
 */
export const DRIVER = Number(process.versions.napi) >= 10 ? 'better-sqlite3' : 'better-sqlite3-node20';

function load(): typeof BetterSqlite3 {
  try {
    return createRequire(import.meta.url)(DRIVER) as typeof BetterSqlite3;
  } catch (error) {
    throw new Error(
      `Cannot load ${DRIVER} for Node ${process.version}: ${(error as Error).message}. ` +
        'Run npm ci again with this Node (it builds the driver); see docs/development.md, CI and the Node lines.',
      { cause: error },
    );
  }
}

const Database = load();
export default Database;

/** An open database, as the driver's types name it. */
export type Db = BetterSqlite3.Database;
