import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/* The document's API carries both keys in the query string (?serviceKey=…&userKey=…), so a proxy that logs the
   request line as it came logs every key. nginx's default format, `combined`, logs `$request`: a documented
   configuration must name a format of its own that logs the path without the query. */
const KEY_CARRIER = /\$(request(?![_a-z])|request_uri|args|query_string|arg_\w+|is_args)/;

const documents = [
  'README.md',
  ...readdirSync('docs').flatMap((name) => (name.endsWith('.md') ? [`docs/${name}`] : [])),
];

/** Every ```nginx block of the docs, with where it is. */
function nginxBlocks(): Array<{ where: string; text: string }> {
  return documents.flatMap((where) =>
    [...readFileSync(where, 'utf8').matchAll(/```nginx\n([\s\S]*?)```/g)].map((match) => ({
      where,
      text: match[1] ?? '',
    })),
  );
}

/** What is wrong with one block's logging: a server without an access_log of a named format, a format that logs keys. */
function loggingProblems(text: string): string[] {
  const formats = new Map(
    [...text.matchAll(/log_format\s+(\w+)\s+((?:'[^']*'\s*)+);/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
  const problems: string[] = [];
  for (const [name, format] of formats) {
    const carrier = KEY_CARRIER.exec(format)?.[0];
    if (carrier !== undefined) problems.push(`log_format ${name} logs ${carrier}, which holds the keys`);
  }
  const servers = text.split(/^server\s*\{/m).slice(1);
  servers.forEach((server, i) => {
    const log = /access_log\s+(\S+)(?:\s+(\w+))?/.exec(server);
    if (log === null)
      problems.push(`server ${i + 1} has no access_log: nginx logs $request (the keys) by default`);
    else if (log[1] !== 'off;' && (log[2] === undefined || !formats.has(log[2])))
      problems.push(`server ${i + 1} logs with ${log[2] ?? 'the default format'}, which logs $request`);
  });
  return problems;
}

describe('the documented proxy configuration', () => {
  it('is there to check', () => {
    expect(nginxBlocks().length).toBeGreaterThan(0);
  });

  it('never logs the keys: every server logs with a format of its own, without the query string', () => {
    expect(
      nginxBlocks().flatMap(({ where, text }) => loggingProblems(text).map((p) => `${where}: ${p}`)),
    ).toEqual([]);
  });

  it('would catch a format that logs the request line or the query', () => {
    const logged = (format: string) =>
      loggingProblems(`log_format f '${format}';\nserver {\n  access_log /var/log/x f;\n}\n`);
    expect(logged('$remote_addr "$request" $status')).toHaveLength(1);
    expect(logged('$remote_addr $request')).toHaveLength(1);
    expect(logged('$uri?$args')).toHaveLength(1);
    expect(logged('$request_method $request_uri')).toHaveLength(1);
    expect(logged('$request_method $uri $status')).toEqual([]);
    expect(loggingProblems('server {\n  listen 443;\n}\n')).toHaveLength(1);
  });
});
