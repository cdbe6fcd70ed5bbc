import type { ServiceStore } from '../store/service-store';
import type { CellRecord } from '../store/records';
import { shownKey } from '../store/key-hash';
import { UsageError } from './args';
import { cellKey, cellRecord, readCsv } from './cell-input';
import { printable } from './terminal-text';

/** Where a command writes its lines, and the environment it reads (the settings of the database). */
export interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  env?: Record<string, string | undefined>;
}

export const USAGE = `Usage: npm run service -- <command> [arguments] [--db FILE]

Commands:
  add-developer NAME                        add a developer
  issue-service-key DEVELOPER [--key K]     issue a service key (printed); random unless --key
  register-user DEVELOPER MSISDN [--key K]  register a user's MSISDN; prints the user key
  sms-reply USERKEY [--no]                  record that the user replied to the authorization SMS
                                            (--no: record that positioning is not allowed); answers the
                                            one API consumer's waiting CAMARA consent requests the same
                                            way (several waiting: lists them, answers none, exit 2)
  sms-reply USERKEY --client ID [--no]      answer that API consumer's waiting CAMARA consent requests
  set-cell USERKEY MCC MNC CELLID           put the user's phone in a known cell
  add-cell MCC MNC CELLID LAC LAT LON NAME  add or replace a cell
  add-cells FILE                            add or replace cells from a CSV file
                                            (mcc,mnc,cellid,lac,lat,lon,name), all or nothing
  import-cells FILE [--batch N]             import OpenCelliD's CSV (plain or .gz), streamed,
                                            with town names; see import-cells --help
  download-opencellid MCC [MCC ...]|--full  download OpenCelliD's export of each country (or all)
                                            straight into the import (needs OPENCELLID_KEY)
  camara-public-key [FILE]                  print the public half of the CAMARA client key (FILE, else
                                            CAMARA_PRIVATE_KEY) as PEM and JWKS, to register with the operator
  list-cells [--limit N] [--offset N]       list cells (default 50)
  show                                      counts and users (keys shortened)
  camara-client add|list|remove ...         API consumers of the CAMARA operator; see camara-client --help
  help                                      this text

The database is PostgreSQL when DATABASE_URL is set (postgres://user:password@host/database), else the
SQLite file --db FILE, else POSITIONING_DB, else data/positioning.db; --db names a file whatever is set.`;

/** The command line as parsed (cli.ts): the command, its arguments and the options it may read. */
export interface Parsed {
  command: string;
  args: string[];
  db: string | undefined;
  key: string | undefined;
  client: string | undefined;
  no: boolean;
  limit: number;
  offset: number;
  /** add-cells: the file's cells, read and checked before the database is opened. */
  cells?: CellRecord[];
}

/** The positional arguments named, no fewer and no more. */
function expectArgs(args: readonly string[], names: readonly string[]): string[] {
  if (args.length < names.length) throw new UsageError(`missing ${names.slice(args.length).join(' ')}`);
  if (args.length > names.length) throw new UsageError(`unexpected argument "${args[names.length]}"`);
  return [...args];
}

export type Command = (store: ServiceStore, parsed: Parsed, io: Io) => Promise<void>;

/** Each command checks its arguments before the database is opened, so a usage error touches nothing. */
export const COMMANDS: Record<string, { check: (p: Parsed) => unknown; run: Command }> = {
  'add-developer': {
    check: (p) => expectArgs(p.args, ['NAME']),
    run: async (store, p, io) => {
      const [name = ''] = p.args;
      await store.addDeveloper(name);
      io.out(`Added developer ${name.trim()}.`);
    },
  },
  'issue-service-key': {
    check: (p) => expectArgs(p.args, ['DEVELOPER']),
    run: async (store, p, io) => io.out(await store.issueServiceKey(p.args[0] ?? '', p.key)),
  },
  'register-user': {
    check: (p) => {
      const [, msisdn = ''] = expectArgs(p.args, ['DEVELOPER', 'MSISDN']);
      if (!/^\d{3,15}$/.test(msisdn))
        throw new UsageError(
          'MSISDN must be 3–15 digits, international format without "+" (e.g. 358401234567)',
        );
    },
    run: async (store, p, io) =>
      io.out(
        await store.registerUser(p.args[0] ?? '', p.args[1] ?? '', p.key === undefined ? {} : { key: p.key }),
      ),
  },
  'sms-reply': {
    check: (p) => expectArgs(p.args, ['USERKEY']),
    run: async (store, p, io) => {
      const { smsReply } = await import('./sms-reply');
      await smsReply(store, { userKey: p.args[0] ?? '', clientId: p.client, consent: !p.no }, io);
    },
  },
  'set-cell': {
    check: (p) => {
      const [, mcc = '', mnc = '', cellid = ''] = expectArgs(p.args, ['USERKEY', 'MCC', 'MNC', 'CELLID']);
      cellKey(mcc, mnc, cellid);
    },
    run: async (store, p, io) => {
      const [userKey = '', mcc = '', mnc = '', cellid = ''] = p.args;
      await store.setPhoneCell(userKey, cellKey(mcc, mnc, cellid));
      io.out(`The phone is now in cell ${mcc}/${mnc}/${cellid}.`);
    },
  },
  'add-cell': {
    check: (p) => cellRecord(expectArgs(p.args, ['MCC', 'MNC', 'CELLID', 'LAC', 'LAT', 'LON', 'NAME'])),
    run: async (store, p, io) => {
      const cell = cellRecord(p.args);
      await store.addCell(cell);
      io.out(`Added cell ${cell.mcc}/${cell.mnc}/${cell.cellid} (${cell.name}).`);
    },
  },
  'add-cells': {
    check: (p) => {
      const [file = ''] = expectArgs(p.args, ['FILE']);
      p.cells = readCsv(file);
    },
    run: async (store, p, io) => {
      io.out(`Added or replaced ${await store.addCells(p.cells ?? [])} cells.`);
    },
  },
  'list-cells': {
    check: (p) => expectArgs(p.args, []),
    run: async (store, p, io) => {
      for (const c of await store.listCells(p.limit, p.offset)) {
        io.out(
          `${c.mcc}\t${c.mnc}\t${c.cellid}\t${c.lac}\t${c.lat.toFixed(6)}\t${c.lon.toFixed(6)}\t${printable(c.name)}`,
        );
      }
    },
  },
  show: {
    check: (p) => expectArgs(p.args, []),
    run: async (store, _p, io) => {
      const counts = await store.counts();
      io.out(
        `${counts.developers} developers, ${counts.serviceKeys} service keys, ${counts.users} users, ${counts.cells} cells`,
      );
      for (const user of await store.listUsers()) {
        const cell =
          user.cell === null ? 'no cell' : `cell ${user.cell.mcc}/${user.cell.mnc}/${user.cell.cellid}`;
        io.out(
          `${printable(user.developer)}\t${printable(user.msisdn)}\tkey ${shownKey(user.keyPrefix)}\t${user.smsReplied ? 'replied' : 'not replied'}\t${cell}`,
        );
      }
    },
  },
};
