// autocannon's setupRequest for bench/autocannon-run.mjs: each request asks for one of the paths in the file
// BENCH_PATHS names (one a line), at random. CommonJS because autocannon's workers require() it.
const { readFileSync } = require('node:fs');

const paths = readFileSync(process.env.BENCH_PATHS ?? '', 'utf8')
  .split('\n')
  .filter((line) => line !== '');

module.exports = (request) => ({ ...request, path: paths[Math.floor(Math.random() * paths.length)] });
