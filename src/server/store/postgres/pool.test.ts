import { describe, expect, it } from 'vitest';
import { connectionProblem, redactedUrl } from './pool';

/* DATABASE_URL is printed in the start banner and in `Cannot start:` lines: its host, port and database only. */
describe('DATABASE_URL in a message', () => {
  it.each([
    ['postgres://cellpos:pw-in-authority@db.example:5432/cellpos', 'postgres://db.example:5432/cellpos'],
    ['postgres://db.example/cellpos?password=pw-in-query', 'postgres://db.example/cellpos'],
    [
      'postgresql://me@db.example:6432/cells?sslmode=verify-full&sslpassword=ssl-secret&sslkey=/keys/client.key',
      'postgresql://db.example:6432/cells',
    ],
    [
      'postgres:///cellpos?host=/var/run/postgresql&port=5433&password=x',
      'postgres://%2Fvar%2Frun%2Fpostgresql:5433/cellpos',
    ],
    ['not a url', '(not a URL)'],
  ])('%s → %s', (url, shown) => {
    expect(redactedUrl(url)).toBe(shown);
  });

  it('never repeats a secret of the URL that the driver put in its error', () => {
    const url =
      'postgres://u:pw-in-authority@db.example/cellpos?sslkey=/keys/client.key&sslpassword=ssl-secret';
    const error = new Error(
      "ENOENT: no such file or directory, open '/keys/client.key' (ssl-secret, pw-in-authority)",
    );
    const line = connectionProblem(url, error).message;
    expect(line).toBe(
      "DATABASE_URL postgres://db.example/cellpos: cannot connect: ENOENT: no such file or directory, open '•••' (•••, •••)",
    );
  });
});
