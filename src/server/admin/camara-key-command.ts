import { createPublicKey } from 'node:crypto';
import { ClientKeyError, loadClientKey } from '../camara-consumer/key';
import { readArgs } from './args';

export const CAMARA_KEY_USAGE = `Usage: camara-public-key [FILE]

Prints the public half of the service's CAMARA client key (FILE, else CAMARA_PRIVATE_KEY), as PEM and as a JWKS:
what the operator or aggregator registers for the client id. The private key never leaves the file.`;

export interface KeyCommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: Record<string, string | undefined>;
}

/** camara-public-key: 0 printed, 2 no usable key (one line saying why). */
export async function runCamaraKeyCommand(argv: readonly string[], io: KeyCommandIo): Promise<number> {
  let file: string | undefined;
  try {
    const { positionals, flags } = readArgs(argv[0] === 'camara-public-key' ? argv.slice(1) : argv, {
      values: [],
      flags: [],
    });
    if (flags.has('help')) {
      io.out(CAMARA_KEY_USAGE);
      return 0;
    }
    if (positionals.length > 1) throw new Error(`unexpected argument "${positionals[1]}"`);
    file = positionals[0] ?? io.env.CAMARA_PRIVATE_KEY?.trim();
    if (file === undefined || file === '') throw new Error('give the key FILE, or set CAMARA_PRIVATE_KEY');
  } catch (error) {
    io.err(`Error: ${(error as Error).message}\n\n${CAMARA_KEY_USAGE}`);
    return 2;
  }
  try {
    const key = await loadClientKey(file);
    const pem = createPublicKey(key.privateKey).export({ format: 'pem', type: 'spki' }).toString().trim();
    const client = io.env.CAMARA_CLIENT_ID?.trim();
    io.out(
      `# The public key of ${file}${client ? ` (client ${client})` : ''}, to register with the operator:`,
    );
    io.out(pem);
    io.out(`# The same as a JWKS; every assertion names it by kid ${key.kid}:`);
    io.out(JSON.stringify({ keys: [key.publicJwk] }));
    return 0;
  } catch (error) {
    if (!(error instanceof ClientKeyError)) throw error;
    io.err(`Error: ${error.message}`);
    return 2;
  }
}
