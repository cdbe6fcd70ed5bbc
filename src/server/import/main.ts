import { runImportCommand } from './command';

process.exitCode = await runImportCommand(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  isTTY: process.stdout.isTTY === true,
});
