import { readFile } from 'node:fs/promises';
import { readArgs, UsageError } from './args';
import { ConfigError, readDatabase, readDemo, readPublicUrl } from '../config';
import { seedDemoOnce } from './demo-data';
import { ClientKeyError, clientJwks, pemWarnings } from '../camara-operator/oidc/client-keys';
import type { CamaraClient } from '../store/camara-store';
import { openServiceStore, type ServiceStore } from '../store/service-store';
import { StoreError } from '../store/records';
import { printable } from './terminal-text';

export interface CamaraIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env?: Record<string, string | undefined>;
}

export const CAMARA_USAGE = `Usage: npm run service -- camara-client <command> [--db FILE]   (DATABASE_URL: PostgreSQL)

  camara-client add ID PUBLIC_KEY_FILE [--two-legged]
                        register an API consumer by its public key (PEM: EC P-256/384/521, RSA, Ed25519);
                        the consumer keeps the private key and signs its client assertions with it
  camara-client add ID --jwks-uri URL [--two-legged]
                        register an API consumer whose keys are published at an https URL
                        (--two-legged: it may also ask for two-legged tokens, client_credentials)
  camara-client list    list the registered consumers
  camara-client remove ID
                        remove a consumer, with its tokens and pending consent requests`;

/* A client_id as it travels in assertions and forms: URL-safe, short enough to read in a listing. */
const CLIENT_ID = /^[A-Za-z0-9._~-]{1,64}$/;

function clientId(value: string | undefined): string {
  if (value === undefined) throw new UsageError('missing ID');
  if (!CLIENT_ID.test(value)) throw new UsageError('ID must be 1–64 letters, digits, ".", "_", "~" or "-"');
  return value;
}

async function newClient(
  args: string[],
  values: Map<string, string>,
  twoLegged: boolean,
  warn: (line: string) => void,
): Promise<CamaraClient> {
  const [, id, file, extra] = args;
  const jwksUri = values.get('jwks-uri');
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
  if ((file === undefined) === (jwksUri === undefined)) {
    throw new UsageError('give the consumer’s PUBLIC_KEY_FILE or --jwks-uri URL (one of them)');
  }
  const base = { clientId: clientId(id), twoLegged, createdAt: Date.now() };
  if (jwksUri !== undefined) {
    if (URL.parse(jwksUri)?.protocol !== 'https:') throw new UsageError('--jwks-uri must be an https URL');
    return { ...base, jwksUri };
  }
  let pem: string;
  try {
    pem = await readFile(file ?? '', 'utf8');
  } catch (error) {
    throw new ClientKeyError(
      `cannot read ${file ?? ''}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const jwks = await clientJwks(pem);
  for (const warning of pemWarnings(pem)) warn(`Warning: ${file ?? ''}: ${warning}`);
  return { ...base, jwks };
}

function describeClient(client: CamaraClient): string {
  const [key] = client.jwks?.keys ?? [];
  const keyText =
    client.jwksUri !== undefined
      ? `keys at ${client.jwksUri}`
      : `${String(key?.kty ?? '?')}${key?.crv === undefined ? '' : ` ${String(key.crv)}`} key ${String(key?.kid ?? '').slice(0, 12)}…`;
  const grants = client.twoLegged ? 'CIBA and two-legged' : 'CIBA';
  return `${printable(client.clientId)}\t${grants}\t${printable(keyText)}\tsince ${new Date(client.createdAt).toISOString().slice(0, 10)}`;
}

/* The provider is loaded only when a command needs it: on Node 20, oidc-provider warns that it wants Node 22. */
export async function commandProvider(
  store: ServiceStore,
  env: Record<string, string | undefined> | undefined,
) {
  const [{ createOidcProvider }, { operatorUrls }] = await Promise.all([
    import('../camara-operator/oidc/provider'),
    import('../camara-operator/operator'),
  ]);
  return createOidcProvider({ store: store.camara, ...operatorUrls(readPublicUrl(env)) });
}

async function camaraClient(
  store: ServiceStore,
  args: string[],
  values: Map<string, string>,
  flags: Set<string>,
  io: CamaraIo,
): Promise<void> {
  const [action] = args;
  if (action === 'add') {
    const client = await newClient(args, values, flags.has('two-legged'), io.err);
    // The provider checks the metadata it will be given, so a consumer that could never sign in is refused now.
    const { clientMetadata } = await import('../camara-operator/oidc/adapter');
    await (await commandProvider(store, io.env)).Client.validate(clientMetadata(client));
    await store.camara.addClient(client);
    io.out(`Registered ${describeClient(client)}`);
  } else if (action === 'list') {
    if (args.length > 1) throw new UsageError(`unexpected argument "${args[1]}"`);
    const clients = await store.camara.listClients();
    if (clients.length === 0) io.out('No API consumers are registered.');
    for (const client of clients) io.out(describeClient(client));
  } else if (action === 'remove') {
    const id = clientId(args[1]);
    if (args.length > 2) throw new UsageError(`unexpected argument "${args[2]}"`);
    if (!(await store.camara.removeClient(id))) throw new StoreError(`no API consumer with the id "${id}"`);
    io.out(`Removed ${id}, with its tokens and pending consent requests.`);
  } else {
    throw new UsageError(
      action === undefined ? 'missing add, list or remove' : `unknown camara-client command "${action}"`,
    );
  }
}

function failed(error: unknown, io: CamaraIo): number {
  if (error instanceof UsageError || error instanceof ConfigError) {
    io.err(`Error: ${error.message}\n\n${CAMARA_USAGE}`);
    return 2;
  }
  const description = (error as { error_description?: unknown }).error_description;
  io.err(`Error: ${typeof description === 'string' ? description : (error as Error).message}`);
  return 1;
}

/** `camara-client …`: registers, lists and removes API consumers. Exit codes as the other commands'. */
export async function runCamaraClient(argv: readonly string[], io: CamaraIo): Promise<number> {
  let store: ServiceStore | undefined;
  try {
    const { values, flags, positionals } = readArgs(argv.slice(1), {
      values: ['db', 'jwks-uri'],
      flags: ['two-legged'],
    });
    if (flags.has('help')) {
      io.out(CAMARA_USAGE);
      return 0;
    }
    store = await openCommandStore(values.get('db'), io.env);
    await camaraClient(store, positionals, values, flags, io);
    return 0;
  } catch (error) {
    return failed(error, io);
  } finally {
    await store?.close();
  }
}

/** The store the commands name: --db FILE, else DATABASE_URL (PostgreSQL), else the SQLite file of the settings. */
async function openCommandStore(
  file: string | undefined,
  env: Record<string, string | undefined> | undefined,
): Promise<ServiceStore> {
  const database = readDatabase(env);
  const store = await openServiceStore(file === undefined ? database : { ...database, url: undefined, file });
  try {
    if (readDemo(env)) await seedDemoOnce(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
