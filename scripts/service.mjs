// npm run service -- <command>: the admin command line, from the built service (built first when stale).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuilt } from './built.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureBuilt(root, { parts: ['service'] });

// Run in this process, so signals (Ctrl-C during an import) and the exit code are the command's own. The
// command line runs when it is the file node was started on: argv says so.
const cli = join(root, 'dist-server', 'cli.js');
process.argv = [process.argv[0] ?? process.execPath, cli, ...process.argv.slice(2)];
await import(pathToFileURL(cli).href);
