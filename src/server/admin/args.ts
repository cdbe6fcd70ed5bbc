import { parseArgs, type ParseArgsConfig } from 'node:util';

export class UsageError extends Error {}

/** The command cannot go on without the person choosing (e.g. which API consumer to answer): exit 2, no usage. */
export class ChoiceNeeded extends Error {}

export interface Args {
  values: Map<string, string>;
  flags: Set<string>;
  positionals: string[];
}

/** A negative number (a latitude), or a word after a single dash (a key issued with one): never our options. */
const DASH_ARGUMENT = /^-(\d|[^-].)/;

/**
 * The admin commands' arguments, read by node:util's parseArgs, then checked for our usage messages: an
 * unknown option, a value that is missing or given twice, a flag given a value. Our options are long (`--db`)
 * but for `-h`, so a negative number or a word that begins with one dash (`-Xb3…`, a key an older version issued)
 * is an argument, not a group of short options; so is anything after `--`. `--help` and `-h` are the flag `help`.
 */
export function readArgs(
  argv: readonly string[],
  spec: { values: readonly string[]; flags: readonly string[] },
): Args {
  const options: NonNullable<ParseArgsConfig['options']> = { help: { type: 'boolean', short: 'h' } };
  for (const name of spec.values) options[name] = { type: 'string' };
  for (const name of spec.flags) options[name] = { type: 'boolean' };
  const { tokens } = parseArgs({
    args: [...argv],
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const args: Args = { values: new Map(), flags: new Set(), positionals: [] };
  let negativeAt = -1;
  for (const token of tokens) {
    if (token.kind === 'positional') {
      args.positionals.push(token.value);
    } else if (token.kind === 'option') {
      const raw = argv[token.index] ?? '';
      if (DASH_ARGUMENT.test(raw)) {
        // parseArgs splits "-33.9" into the short options -3 -3 -. -9, one token each.
        if (token.index !== negativeAt) args.positionals.push(raw);
        negativeAt = token.index;
        continue;
      }
      const option = options[token.name];
      if (option === undefined) throw new UsageError(`unknown option ${token.rawName}`);
      if (option.type === 'boolean') {
        if (token.value !== undefined) throw new UsageError(`${token.rawName} takes no value`);
        args.flags.add(token.name);
        continue;
      }
      const value = token.value;
      if (value === undefined || value === '' || (!token.inlineValue && value.startsWith('--')))
        throw new UsageError(`--${token.name} needs a value`);
      if (args.values.has(token.name)) throw new UsageError(`--${token.name} is given more than once`);
      args.values.set(token.name, value);
    }
  }
  return args;
}
