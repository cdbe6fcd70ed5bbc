import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from '../store/sqlite/driver';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { run } from '../cli';
import { runImportCommand } from '../admin/import-command';
import { createGazetteer } from '../cells/gazetteer';
import { importCells } from '../admin/import/import-cells';
import { openStore } from '../store/sqlite/open';
import { StoreError } from '../store/records';
import { printable } from '../admin/terminal-text';
import { tempDir } from '../testing/temp-dir';

/* Names with control characters: refused at the door (they would make the service's XML ill-formed, and a
   terminal obeys them), and escaped in every report that prints stored or given text. */
const dir = tempDir('controls');

/** Any character a terminal acts on: C0 but LF (and tab, our own column separator), DEL, C1, and the line and
 *  paragraph separators. */
// eslint-disable-next-line no-control-regex
const OBEYED = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

async function cli(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await run(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: {} });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const CELL = { mcc: 244, mnc: 91, cellid: 1, lac: 0, lat: 60, lon: 24 };

describe('stored names', () => {
  it.each(['Bell\u0007', 'Line\nbreak', 'Tab\there', 'Next\u0085line', 'Esc\u001b[2J', 'Lone \ud800'])(
    'refuses a cell named %j, naming the code point',
    (name) => {
      const store = openStore(':memory:');
      try {
        expect(() => store.addCell({ ...CELL, name })).toThrow(StoreError);
        expect(() => store.addCell({ ...CELL, name })).toThrow(/^name must not hold U\+[0-9A-F]{4} /);
        expect(store.counts().cells).toBe(0);
        store.addDeveloper('acme');
        expect(() => store.registerUser('acme', '358401111111', { state: name })).toThrow(/^state must not/);
      } finally {
        store.close();
      }
    },
  );

  it('keeps names of any script and punctuation', async () => {
    const store = openStore(':memory:');
    store.addCell({ ...CELL, name: 'Brändö – Åland «北京» 😀' });
    expect(store.listCells(1)[0]?.name).toBe('Brändö – Åland «北京» 😀');
    store.close();
  });

  it('refuses them in add-cell and add-cells before the database is opened', async () => {
    const db = join(dir, 'cli.db');
    const one = await cli(['add-cell', '244', '91', '1', '0', '60', '24', 'Bell\u0007', '--db', db]);
    expect(one.code).toBe(2);
    expect(one.err).toContain('NAME must not hold U+0007');
    const file = join(dir, 'cells.csv');
    writeFileSync(
      file,
      'mcc,mnc,cellid,lac,lat,lon,name\n244,91,1,0,60,24,Fine\n244,91,2,0,60,24,Esc\u001b]0;x\u0007\n',
    );
    const many = await cli(['add-cells', file, '--db', db]);
    expect(many.code).toBe(2);
    expect(many.err).toMatch(/line 3: NAME must not hold U\+001B/);
    expect(many.err).not.toMatch(OBEYED);
  });

  it('gives the importer only town names it can store', async () => {
    const gazetteer = createGazetteer([
      { name: 'Near\u0007town', lat: 60, lon: 24 },
      { name: 'Farther', lat: 60.5, lon: 24 },
    ]);
    expect(gazetteer.nearest(60, 24)).toBe('Farther');
    const input = join(dir, 'one.csv');
    writeFileSync(input, 'LTE,244,91,1,5,0,24,60,1,1,1,1,1,0\n');
    await importCells({ file: join(dir, 'import.db'), input, gazetteer, thread: false });
    const db = new Database(join(dir, 'import.db'), { readonly: true });
    expect(db.prepare('SELECT name FROM cells').all()).toEqual([{ name: 'Farther' }]);
    db.close();
  });
});

describe('terminal reports', () => {
  it('escapes what a terminal would obey, and keeps the rest', async () => {
    expect(printable('a\u001b[2Jb\u0007c\u009bd\u2028e\tf')).toBe('a\\x1b[2Jb\\x07c\\x9bd\\u2028e\\tf');
    expect(printable('Brändö «北京» 😀')).toBe('Brändö «北京» 😀');
  });

  it('list-cells and show print a name that got in some other way escaped', async () => {
    const db = join(dir, 'old.db');
    openStore(db).close();
    const raw = new Database(db);
    raw.prepare("INSERT INTO developers (name) VALUES ('evil\u001b]0;owned\u0007')").run();
    raw
      .prepare('INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name) VALUES (244, 91, 5, 0, 60, 24, ?)')
      .run('Cell\u001b[31m\u0085red');
    raw.close();
    const list = await cli(['list-cells', '--db', db]);
    expect(list.out).toBe('244\t91\t5\t0\t60.000000\t24.000000\tCell\\x1b[31m\\x85red');
    expect((await cli(['show', '--db', db])).out).not.toMatch(OBEYED);
    const unknown = await cli(['no-such\u001b[2J']);
    expect(unknown.err).toContain('unknown command "no-such\\x1b[2J"');
    expect(unknown.err).not.toMatch(OBEYED);
  });

  it('import-cells prints skipped lines escaped', async () => {
    const input = join(dir, 'controls.csv');
    writeFileSync(input, `LTE,244,91,1,5,0,24,60,1,1,1,1,1,0\n\u001b]0;owned\u0007,\u009b2J\n`);
    let out = '';
    const io = { stdout: { write: (t: string) => (out += t) }, stderr: { write: (t: string) => (out += t) } };
    expect(await runImportCommand([input, '--db', join(dir, 'report.db')], { ...io, isTTY: false }, {})).toBe(
      0,
    );
    expect(out).toContain('line 2: not 10 to 14 comma-separated fields: \\x1b]0;owned\\x07,\\x9b2J');
    expect(out).not.toMatch(OBEYED);
  });
});

describe('a stored value no answer may carry', () => {
  it('is answered 500 naming the field (never the value), and the service goes on answering', async () => {
    const file = join(dir, 'by-hand.db');
    const store = openStore(file);
    store.addCell({ ...CELL, name: 'Fine' });
    // Written past the store's checks, as a hand in SQLite would.
    const hand = new Database(file);
    hand.prepare('UPDATE cells SET name = ? WHERE cellid = 1').run('Bell\u0007');
    hand.close();
    store.addDeveloper('acme');
    store.issueServiceKey('acme', 'acme-service');
    store.registerUser('acme', '358401111111', { key: 'acme-user', smsReplied: true });
    const lines: string[] = [];
    const app = createApp({ store, staticDir: null, log: (line) => lines.push(line) });
    try {
      const keys = 'serviceKey=acme-service&userKey=acme-user';
      for (const accept of ['application/json', 'application/xml']) {
        const res = await app.request(`/api/cell/244/91/1?${keys}`, { headers: { Accept: accept } });
        expect(res.status).toBe(500);
        const body = await res.text();
        expect(body).toContain('unencodable');
        expect(body).toContain('U+0007');
        expect(body).toMatch(/operator must correct the stored data/);
        expect(body).not.toContain('Bell');
      }
      const again = await app.request(`/api/cell/244/91/1?${keys}`, {
        headers: { Accept: 'application/json' },
      });
      expect(((await again.json()) as { error: { field: string } }).error.field).toBe('cell.name');
      expect(lines.join('\n')).toContain('U+0007');
    } finally {
      store.close();
    }
  });
});
