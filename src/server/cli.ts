import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadEnvFile, readDatabase, readDemo } from './config';
import { runImportCommand } from './admin/import-command';
import { runCamaraKeyCommand } from './admin/camara-key-command';
import { runDownloadCommand } from './admin/download-command';
import { ChoiceNeeded, readArgs, UsageError } from './admin/args';
import { COMMANDS, USAGE, type Io, type Parsed } from './admin/commands';
import { seedDemoOnce } from './admin/demo-data';
import { openServiceStore, type DatabaseChoice, type ServiceStore } from './store/service-store';
import { StoreError } from './store/records';
import { printableLines } from './admin/terminal-text';

/* The admin command line: parses the arguments and dispatches to the commands (admin/commands.ts and the
   streaming ones beside it), opening the database for those that need it. */
export { USAGE, type Io } from './admin/commands';

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
