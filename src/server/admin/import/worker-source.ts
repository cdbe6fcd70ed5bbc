/**
 * The code a worker thread of the import starts with, to run `entry` (a file beside this one). Built
 * (dist-server/), the entry is `${entry}.js` beside this code. Run from the sources (development, tests), it is
 * TypeScript, so the thread starts by registering tsx's loader (Node 20 does not apply a `--import` from a worker's
 * execArgv to the worker's own entry). Start the Worker with `eval: true`.
 */
export function workerSource(entry: 'parse-worker' | 'plan-worker'): string {
  const fromSources = import.meta.url.endsWith('.ts');
  const file = new URL(`./${entry}${fromSources ? '.ts' : '.js'}`, import.meta.url).href;
  if (!fromSources) return `import(${JSON.stringify(file)})`;
  const api = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(file)}); })`;
}
