// The reference for the load benches: a bare node:http server on 127.0.0.1 that answers with answers captured
// from the service (bench/support.ts captureAnswer), verbatim: the same status, the same headers in the same
// order and case, the same body. Node adds the Date header, as it does for the service. An answer under the URL
// "*" answers any other URL; else an unknown URL is a 404.
//   node bench/bare-server.mjs PORT ANSWERS.json
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, file] = process.argv.slice(2);
const answers = new Map();
for (const [url, answer] of Object.entries(JSON.parse(readFileSync(file, 'utf8')))) {
  answers.set(url, { ...answer, body: Buffer.from(answer.body, 'base64') });
}
const anyUrl = answers.get('*');

createServer((req, res) => {
  const answer = answers.get(req.url) ?? anyUrl;
  if (answer === undefined) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}).listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => process.exit(0));
