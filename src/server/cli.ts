import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadEnvFile, readDatabase, readDemo } from './config';
import { runImportCommand } from './admin/import-command';
import { runCamaraKeyCommand } from './admin/camara-key-command';
import { runDownloadCommand } from './admin/download-command';
import { ChoiceNeeded, readArgs, UsageError } from './admin/args';
import { cellKey, cellRecord, readCsv } from './admin/cell-input';
import { seedDemoOnce } from './admin/demo-data';
import { openServiceStore, type DatabaseChoice, type ServiceStore } from './store/service-store';
import { StoreError, type CellRecord } from './store/records';
import { shownKey } from './store/key-hash';
import { printable, printableLines } from './admin/terminal-text';

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

interface Parsed {
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

function parseArgv(argv: readonly string[]): Parsed {
  const { values, flags, positionals } = readArgs(argv, {
    values: ['db', 'key', 'limit', 'offset', 'client'],
    flags: ['no'],
  });
  const count = (name: string, fallback: number): number => {
    const value = values.get(name);
    if (value === undefined) return fallback;
    if (!/^\d{1,9}$/.test(value)) throw new UsageError(`--${name} must be a whole number`);
    return Number(value);
  };
  const [command = 'help', ...args] = flags.has('help') ? ['help'] : positionals;
  return {
    command,
    args,
    db: values.get('db'),
    key: values.get('key'),
    client: values.get('client'),
    no: flags.has('no'),
    limit: count('limit', 50),
    offset: count('offset', 0),
  };
}

function expect(args: readonly string[], names: readonly string[]): string[] {
  if (args.length < names.length) throw new UsageError(`missing ${names.slice(args.length).join(' ')}`);
  if (args.length > names.length) throw new UsageError(`unexpected argument "${args[names.length]}"`);
  return [...args];
}

type Command = (store: ServiceStore, parsed: Parsed, io: Io) => Promise<void>;

/** Each command checks its arguments before the database is opened, so a usage error touches nothing. */
const COMMANDS: Record<string, { check: (p: Parsed) => unknown; run: Command }> = {
  'add-developer': {
    check: (p) => expect(p.args, ['NAME']),
    run: async (store, p, io) => {
      const [name = ''] = p.args;
      await store.addDeveloper(name);
      io.out(`Added developer ${name.trim()}.`);
    },
  },
  'issue-service-key': {
    check: (p) => expect(p.args, ['DEVELOPER']),
    run: async (store, p, io) => io.out(await store.issueServiceKey(p.args[0] ?? '', p.key)),
  },
  'register-user': {
    check: (p) => {
      const [, msisdn = ''] = expect(p.args, ['DEVELOPER', 'MSISDN']);
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
    check: (p) => expect(p.args, ['USERKEY']),
    run: async (store, p, io) => {
      const { smsReply } = await import('./admin/sms-reply');
      await smsReply(store, { userKey: p.args[0] ?? '', clientId: p.client, consent: !p.no }, io);
    },
  },
  'set-cell': {
    check: (p) => {
      const [, mcc = '', mnc = '', cellid = ''] = expect(p.args, ['USERKEY', 'MCC', 'MNC', 'CELLID']);
      cellKey(mcc, mnc, cellid);
    },
    run: async (store, p, io) => {
      const [userKey = '', mcc = '', mnc = '', cellid = ''] = p.args;
      await store.setPhoneCell(userKey, cellKey(mcc, mnc, cellid));
      io.out(`The phone is now in cell ${mcc}/${mnc}/${cellid}.`);
    },
  },
  'add-cell': {
    check: (p) => cellRecord(expect(p.args, ['MCC', 'MNC', 'CELLID', 'LAC', 'LAT', 'LON', 'NAME'])),
    run: async (store, p, io) => {
      const cell = cellRecord(p.args);
      await store.addCell(cell);
      io.out(`Added cell ${cell.mcc}/${cell.mnc}/${cell.cellid} (${cell.name}).`);
    },
  },
  'add-cells': {
    check: (p) => {
      const [file = ''] = expect(p.args, ['FILE']);
      p.cells = readCsv(file);
    },
    run: async (store, p, io) => {
      io.out(`Added or replaced ${await store.addCells(p.cells ?? [])} cells.`);
    },
  },
  'list-cells': {
    check: (p) => expect(p.args, []),
    run: async (store, p, io) => {
      for (const c of await store.listCells(p.limit, p.offset)) {
        io.out(
          `${c.mcc}\t${c.mnc}\t${c.cellid}\t${c.lac}\t${c.lat.toFixed(6)}\t${c.lon.toFixed(6)}\t${printable(c.name)}`,
        );
      }
    },
  },
  show: {
    check: (p) => expect(p.args, []),
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

/** The admin command line. Returns the exit code: 0 done, 1 the database refused, 2 bad arguments. */
export async function run(argv: readonly string[], given: Io): Promise<number> {
  // Whatever a line holds (a name, an argument echoed in a message), a terminal is shown it, not obeyed.
  const io: Io = {
    ...given,
    out: (line) => given.out(printableLines(line)),
    err: (line) => given.err(printableLines(line)),
  };
  let parsed: Parsed;
  let command: (typeof COMMANDS)[string] | undefined;
  let database: DatabaseChoice;
  let demo: boolean;
  try {
    parsed = parseArgv(argv);
    if (parsed.command === 'help') {
      io.out(USAGE);
      return 0;
    }
    command = COMMANDS[parsed.command];
    if (command === undefined) throw new UsageError(`unknown command "${parsed.command}"`);
    command.check(parsed);
    database = readDatabase(io.env);
    // --db names a SQLite file, whatever DATABASE_URL says.
    if (parsed.db !== undefined) database = { ...database, url: undefined, file: parsed.db };
    demo = readDemo(io.env);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.err(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    throw error;
  }

  let store: ServiceStore | undefined;
  try {
    store = await openServiceStore(database);
    if (demo) await seedDemoOnce(store);
  } catch (error) {
    await store?.close();
    // PostgreSQL's message names DATABASE_URL and the server itself.
    const where = database.url === undefined ? `cannot open the database ${database.file}: ` : '';
    io.err(`Error: ${where}${(error as Error).message}`);
    return 1;
  }
  try {
    await command.run(store, parsed, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`Error: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof ChoiceNeeded) {
      io.err(`Error: ${error.message}`);
      return 2;
    }
    if (error instanceof StoreError) {
      io.err(`Error: ${error.message}`);
      return 1;
    }
    io.err(`Error: ${(error as Error).message}`);
    return 1;
  } finally {
    await store.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const argv = process.argv.slice(2);
  try {
    loadEnvFile();
  } catch (error) {
    console.error(`Error: ${(error as Error).message}`);
    process.exit(2);
  }
  // The import and the download stream and run for minutes: they are async, and handle their own SIGINT.
  const io = { stdout: process.stdout, stderr: process.stderr, isTTY: process.stdout.isTTY === true };
  const lines = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
  process.exitCode =
    argv[0] === 'import-cells'
      ? await runImportCommand(argv, io)
      : argv[0] === 'download-opencellid'
        ? await runDownloadCommand(argv, io)
        : argv[0] === 'camara-public-key'
          ? await runCamaraKeyCommand(argv, { out: console.log, err: console.error, env: process.env })
          : argv[0] === 'camara-client'
            ? await (await import('./admin/camara-client')).runCamaraClient(argv, lines)
            : await run(argv, lines);
}
