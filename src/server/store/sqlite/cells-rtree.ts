import { hostname } from 'node:os';
import type Database from 'better-sqlite3';
import { boxId, loadCellsBox } from './cells-rtree-load';
import { loadCellsBoxFrom, type BoxCells, type BoxPlan } from './cells-rtree-plan';
import { pauseCellCounts, rebuildCellCounts } from './cell-counts';

type Db = Database.Database;

/** The cells-in-view R*Tree: a point per positioned cell, its id carrying what the filters ask (boxId). */
export const CELLS_BOX =
  'CREATE VIRTUAL TABLE cells_box USING rtree(id, min_lon, max_lon, min_lat, max_lat);';

/** A `cells_box` row of the cell `row` names ('' for a table, 'NEW.' in a trigger). */
export const cellsBoxRow = (row: string) => `${boxId(row)}, ${row}lon, ${row}lon, ${row}lat, ${row}lat`;

/** The triggers that keep `cells_box` in step with `cells` for every writer. */
export const CELLS_BOX_TRIGGERS = `
  CREATE TRIGGER IF NOT EXISTS cells_box_insert AFTER INSERT ON cells
    WHEN NEW.lat IS NOT NULL AND NEW.lon IS NOT NULL
    BEGIN INSERT OR REPLACE INTO cells_box VALUES (${cellsBoxRow('NEW.')}); END;
  CREATE TRIGGER IF NOT EXISTS cells_box_update AFTER UPDATE OF mcc, mnc, cellid, lat, lon, radio ON cells
    BEGIN
      DELETE FROM cells_box WHERE id = ${boxId('OLD.')};
      INSERT INTO cells_box SELECT ${cellsBoxRow('NEW.')} WHERE NEW.lat IS NOT NULL AND NEW.lon IS NOT NULL;
    END;
  CREATE TRIGGER IF NOT EXISTS cells_box_delete AFTER DELETE ON cells
    BEGIN DELETE FROM cells_box WHERE id = ${boxId('OLD.')}; END;
`;

const TRIGGERS = ['cells_box_insert', 'cells_box_update', 'cells_box_delete'];

/**
 * For a bulk import, in its transactions: the triggers go (an R*Tree insert per row costs nine times the row's own
 * write) and a note says an import paused them (which process, for whoever looks). An import that fits in one
 * transaction puts everything back before it commits, so no one ever sees the pause; one of several transactions
 * leaves the note committed until its last, and whoever opens the database while no import is writing rebuilds
 * the index from the note (repairCellsBox). Until resumeCellsBox the index shows the cells as they were before the
 * import, and cells written meanwhile by anyone are not in it yet.
 */
export function pauseCellsBox(db: Db): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS cells_box_paused (pid INTEGER NOT NULL, host TEXT NOT NULL, since INTEGER NOT NULL);
    DELETE FROM cells_box_paused;
  `);
  db.prepare('INSERT INTO cells_box_paused VALUES (?, ?, ?)').run(process.pid, hostname(), Date.now());
  for (const name of TRIGGERS) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
  pauseCellCounts(db);
}

/**
 * Rebuilds the index bottom-up (cells-rtree-load.ts), from `cells` or from every positioned cell of the table held
 * in memory (with its plan, when it is made already), and puts the triggers back; run in one transaction.
 */
export function resumeCellsBox(db: Db, memory?: { cells: BoxCells; plan?: BoxPlan }): void {
  if (memory === undefined) loadCellsBox(db);
  else loadCellsBoxFrom(db, memory.cells, memory.plan);
  db.exec(CELLS_BOX_TRIGGERS);
  rebuildCellCounts(db);
  db.exec('DROP TABLE IF EXISTS cells_box_paused');
}

/** SQLite's answer when another connection holds the write lock, or when the disk (or max_page_count) is full. */
const LEFT_FOR_LATER = /^SQLITE_(BUSY|FULL)/;

/**
 * After an import that stopped between pauseCellsBox and resumeCellsBox (killed, on this machine or another, or
 * failed): rebuilds the index and the triggers. The database says whether it is needed (the note, or a trigger
 * missing), not the process or the host that paused. An import still writing holds the write lock, so a rebuild
 * that cannot take it in the busy timeout is left to that import; one the disk has no room for is left to the next
 * opener: either way the database opens, its index as before the import. Returns whether it rebuilt.
 */
export function repairCellsBox(db: Db): boolean {
  const exists = (type: string, name: string) =>
    db.prepare('SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?').get(type, name) !== undefined;
  if (!exists('table', 'cells_box')) return false;
  if (!exists('table', 'cells_box_paused') && TRIGGERS.every((name) => exists('trigger', name))) return false;
  try {
    db.transaction(() => resumeCellsBox(db)).immediate();
    return true;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !LEFT_FOR_LATER.test(code)) throw error;
    console.warn(
      `Cells in view: the index was not rebuilt after an unfinished import (${(error as Error).message}); ` +
        'it shows the cells as they were before that import until a later start rebuilds it.',
    );
    return false;
  }
}
