// A throwaway PostgreSQL cluster for tests and benches: initdb in a new temporary folder (as the `postgres` OS user
// when run as root: PostgreSQL refuses to run as root), a server on 127.0.0.1 at a free port, a login role without
// superuser and a database it owns. Stopped and removed by stop(); a cluster whose owner process is gone (a run
// killed with SIGKILL) is stopped and removed by the next start.
//   npx tsx scripts/pg-cluster.ts start [--ports 55430-55439] [--owner PID]   prints the settings as shell lines
//   npx tsx scripts/pg-cluster.ts stop DIR
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const PREFIX = 'cellpos-pg-';
/** Where the processes of one test run meet to share one cluster (sharedCluster). */
const MEETING = 'cellpos-pgrun-';
/** The role the service logs in as: no superuser, no CREATEROLE; it owns its database. */
export const APP_ROLE = 'cellpos';

export interface Cluster {
  /** The service's connection string: the app role on its own database. */
  url: string;
  /** The superuser's, on the `postgres` database: to create and drop databases for tests. */
  adminUrl: string;
  port: number;
  dir: string;
  /** Stops the server and removes the cluster. */
  stop(): void;
  /** Stops the server (fast shutdown: connections are cut), keeping the cluster, as a database that goes away. */
  halt(): void;
  /** Starts the halted server again on its port. */
  resume(): Promise<void>;
}

export interface ClusterOptions {
  /** Ports to try, in order; by default one the system says is free. */
  ports?: readonly number[];
  /** Trade durability for speed (fsync off): for tests, never for figures. */
  fast?: boolean;
  /**
   * The process whose end makes this cluster an orphan for the next start to remove (default: this one; null: none,
   * the cluster lives until stopped).
   */
  ownerPid?: number | null;
  /** Settings for the server (`name=value`), after ours. */
  settings?: readonly string[];
}

/** The folder of initdb and pg_ctl: PG_BINDIR, else Debian's newest /usr/lib/postgresql/N/bin, else PATH's. */
export function postgresBinDir(): string | undefined {
  const given = process.env.PG_BINDIR;
  if (given !== undefined && given !== '') return existsSync(join(given, 'initdb')) ? given : undefined;
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name) && existsSync(join(debian, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions[0] !== undefined) return join(debian, versions[0], 'bin');
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const path = found.stdout.trim();
  return found.status === 0 && path !== '' ? join(path, '..') : undefined;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL program, as the postgres OS user when this process is root. */
function run(bin: string, program: string, args: string[], env: NodeJS.ProcessEnv = {}): string {
  const file = join(bin, program);
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  try {
    return execFileSync(command, argv, {
      encoding: 'utf8',
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`${program} failed: ${(stderr || stdout || String(error)).trim()}`, { cause: error });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address !== null ? address.port : 0));
    });
  });
}

function stopDir(bin: string, dir: string): void {
  const data = join(dir, 'data');
  if (existsSync(join(data, 'postmaster.pid'))) {
    try {
      run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      /* not running after all */
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops and removes the clusters of owners that are gone, and the meeting places of runs that are gone. */
function removeOrphans(bin: string): void {
  for (const name of readdirSync(tmpdir())) {
    const dir = join(tmpdir(), name);
    if (name.startsWith(MEETING) && !alive(Number(name.slice(MEETING.length)))) {
      rmSync(dir, { recursive: true, force: true });
    }
    const owner = join(dir, 'owner.pid');
    if (!name.startsWith(PREFIX) || !existsSync(owner)) continue;
    if (!alive(Number(readFileSync(owner, 'utf8')))) stopDir(bin, dir);
  }
}

const quote = (value: string): string => `'${value.replaceAll("'", "''")}'`;

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const bin = postgresBinDir();
  if (bin === undefined)
    throw new Error('PostgreSQL is not installed (no initdb found; PG_BINDIR names its folder)');
  removeOrphans(bin);
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  const owner = options.ownerPid === undefined ? process.pid : options.ownerPid;
  if (owner !== null) writeFileSync(join(dir, 'owner.pid'), String(owner));
  const superPassword = randomBytes(18).toString('base64url');
  const appPassword = randomBytes(18).toString('base64url');
  try {
    writeFileSync(join(dir, 'pwfile'), `${superPassword}\n`, { mode: 0o600 });
    if (asRoot) {
      const id = (flag: string): number =>
        Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
      for (const path of [dir, join(dir, 'pwfile')]) chownSync(path, id('-u'), id('-g'));
    }
    chmodSync(dir, 0o700);
    run(bin, 'initdb', [
      '-D',
      join(dir, 'data'),
      '-U',
      'postgres',
      '--auth=scram-sha-256',
      `--pwfile=${join(dir, 'pwfile')}`,
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
      ...(options.fast === true ? ['--no-sync'] : []),
    ]);
    rmSync(join(dir, 'pwfile'));
    const port = await startServer(bin, dir, options);
    const psql = (database: string, sql: string): string =>
      run(
        bin,
        'psql',
        [
          '-X',
          '-q',
          '-v',
          'ON_ERROR_STOP=1',
          '-h',
          '127.0.0.1',
          '-p',
          String(port),
          '-U',
          'postgres',
          '-d',
          database,
          '-c',
          sql,
        ],
        {
          PGPASSWORD: superPassword,
        },
      );
    psql(
      'postgres',
      `CREATE ROLE ${APP_ROLE} LOGIN PASSWORD ${quote(appPassword)} NOSUPERUSER NOCREATEDB NOCREATEROLE`,
    );
    psql('postgres', `CREATE DATABASE ${APP_ROLE} OWNER ${APP_ROLE}`);
    const host = `127.0.0.1:${port}`;
    return {
      url: `postgres://${APP_ROLE}:${appPassword}@${host}/${APP_ROLE}`,
      adminUrl: `postgres://postgres:${superPassword}@${host}/postgres`,
      port,
      dir,
      stop: () => stopDir(bin, dir),
      halt: () => void run(bin, 'pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']),
      resume: async () => void (await startServer(bin, dir, { ...options, ports: [port] })),
    };
  } catch (error) {
    stopDir(bin, dir);
    throw error;
  }
}

/** Starts the server on the first port of `options.ports` it can listen on (or a free one); returns the port. */
async function startServer(bin: string, dir: string, options: ClusterOptions): Promise<number> {
  const ports = options.ports ?? [await freePort()];
  let last: unknown;
  for (const port of ports) {
    const settings = [
      `port=${port}`,
      "listen_addresses='127.0.0.1'",
      `unix_socket_directories='${dir}'`,
      'max_connections=200',
      ...(options.fast === true ? ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off'] : []),
      ...(options.settings ?? []),
    ];
    try {
      run(bin, 'pg_ctl', [
        '-D',
        join(dir, 'data'),
        '-l',
        join(dir, 'server.log'),
        '-w',
        '-t',
        '60',
        '-o',
        settings.map((setting) => `-c ${setting}`).join(' '),
        'start',
      ]);
      return port;
    } catch (error) {
      last = error;
    }
  }
  const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '';
  throw new Error(
    `cannot start PostgreSQL on port ${ports.join(', ')}: ${String(last)}\n${log.slice(-2000)}`,
  );
}

export interface ClusterUrls {
  url: string;
  adminUrl: string;
  dir: string;
}

/**
 * One cluster for all the processes of a run (a test run's workers): the first to ask starts it, owned by `owner`
 * (the run's main process, which stops it with stopSharedCluster); the others wait for its settings.
 */
export async function sharedCluster(owner: number, options: ClusterOptions = {}): Promise<ClusterUrls> {
  const meeting = join(tmpdir(), `${MEETING}${owner}`);
  const ready = join(meeting, 'cluster.json');
  const failed = join(meeting, 'error.txt');
  let first = true;
  try {
    mkdirSync(meeting);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    first = false;
  }
  if (first) {
    try {
      const { url, adminUrl, dir } = await startCluster({ ...options, ownerPid: owner });
      writeFileSync(`${ready}.part`, JSON.stringify({ url, adminUrl, dir }), { mode: 0o600 });
      renameSync(`${ready}.part`, ready);
    } catch (error) {
      writeFileSync(failed, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (existsSync(ready)) return JSON.parse(readFileSync(ready, 'utf8')) as ClusterUrls;
    if (existsSync(failed)) throw new Error(readFileSync(failed, 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the test run's PostgreSQL cluster did not start within 120 s");
}

/** Stops the cluster sharedCluster started for `owner`'s run, if one was. */
export function stopSharedCluster(owner: number): void {
  const meeting = join(tmpdir(), `${MEETING}${owner}`);
  const ready = join(meeting, 'cluster.json');
  if (existsSync(ready)) stopCluster((JSON.parse(readFileSync(ready, 'utf8')) as ClusterUrls).dir);
  rmSync(meeting, { recursive: true, force: true });
}

/** Stops the cluster in `dir` and removes the folder. */
export function stopCluster(dir: string): void {
  const bin = postgresBinDir();
  if (bin === undefined) rmSync(dir, { recursive: true, force: true });
  else stopDir(bin, dir);
}

function parsePorts(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+)(?:-(\d+))?$/.exec(text);
  if (match === null) throw new Error(`--ports must be N or N-M (got "${text}")`);
  const first = Number(match[1]);
  const last = Number(match[2] ?? match[1]);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const option = (name: string): string | undefined => {
    const at = rest.indexOf(name);
    return at === -1 ? undefined : rest[at + 1];
  };
  if (command === 'start') {
    const owner = option('--owner');
    const ports = parsePorts(option('--ports'));
    const cluster = await startCluster({
      fast: rest.includes('--fast'),
      ...(ports !== undefined && { ports }),
      ownerPid: owner === undefined ? null : Number(owner),
    });
    console.log(`TEST_DATABASE_URL=${cluster.url}`);
    console.log(`TEST_DATABASE_ADMIN_URL=${cluster.adminUrl}`);
    console.log(`TEST_DATABASE_DIR=${cluster.dir}`);
  } else if (command === 'stop' && rest[0] !== undefined) {
    stopCluster(rest[0]);
  } else {
    console.error('usage: pg-cluster.ts start [--fast] [--ports N-M] [--owner PID] | stop DIR');
    process.exit(2);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`pg-cluster: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
