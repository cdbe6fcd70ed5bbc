// Preloaded (node --import) into a command bench:import measures: at its exit, the process's resource usage (peak
// RSS, CPU time of all its threads) goes to the file BENCH_USAGE_FILE names.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  const file = process.env.BENCH_USAGE_FILE;
  if (file) writeFileSync(file, JSON.stringify(process.resourceUsage()));
});
