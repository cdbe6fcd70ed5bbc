import { hostname } from 'node:os';
import type Database from 'better-sqlite3';
import { boxId, loadCellsBox } from './cells-rtree-load';

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
 * For a bulk import, in its first transaction: the triggers go (an R*Tree insert per row costs nine times the
 * row's own write) and a note says which process paused them, so that a process that finds the note of one that
 * is gone (killed mid-import) rebuilds the index (repairCellsBox). Until resumeCellsBox the index shows the cells
 * as they were before the import, and cells written meanwhile by anyone are not in it yet.
 */
export function pauseCellsBox(db: Db): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS cells_box_paused (pid INTEGER NOT NULL, host TEXT NOT NULL, since INTEGER NOT NULL);
    DELETE FROM cells_box_paused;
  `);
  db.prepare('INSERT INTO cells_box_paused VALUES (?, ?, ?)').run(process.pid, hostname(), Date.now());
  for (const name of TRIGGERS) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
}

/** Rebuilds the index from `cells`, bottom-up (cells-rtree-load.ts), and puts the triggers back; run in one transaction. */
export function resumeCellsBox(db: Db): void {
  loadCellsBox(db);
  db.exec(CELLS_BOX_TRIGGERS);
  db.exec('DROP TABLE IF EXISTS cells_box_paused');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * After an import that was killed between pauseCellsBox and resumeCellsBox: rebuilds the index and the triggers.
 * A pause noted by a process still running on this machine (an import in progress, this process's own too), or
 * on another machine, is left alone. Returns whether it rebuilt.
 */
export function repairCellsBox(db: Db): boolean {
  const exists = (type: string, name: string) =>
    db.prepare('SELECT 1 FROM sqlite_master WHERE type = ? AND name = ?').get(type, name) !== undefined;
  if (!exists('table', 'cells_box')) return false;
  if (exists('table', 'cells_box_paused')) {
    const note = db
      .prepare<[], { pid: number; host: string }>('SELECT pid, host FROM cells_box_paused')
      .get();
    if (note !== undefined && (note.host !== hostname() || alive(note.pid))) return false;
  } else if (TRIGGERS.every((name) => exists('trigger', name))) {
    return false;
  }
  db.transaction(() => resumeCellsBox(db))();
  return true;
}
