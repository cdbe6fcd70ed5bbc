import { describe, expect, it } from 'vitest';
import { factHeaders } from './cell-facts';
import { createClient } from './client';
import { encodeCell, encodeError } from './codec';
import { ApiError } from './errors';
import { DOCUMENTED_CELL as cell } from './fixtures/documented-cell';

/* What a Cell answer says beyond its body reaches the app through the client: the facts, and the raw headers. */
const keys = { serviceKey: 's', userKey: 'u' };
const ID = { mcc: '244', mnc: '91', cellid: '10038' };

function clientAnswering(response: () => Response) {
  const urls: string[] = [];
  const client = createClient({
    baseUrl: 'http://svc.test/api',
    fetch: (input) => {
      urls.push(String(input));
      return Promise.resolve(response());
    },
  });
  return { client, urls };
}

describe('the client and the facts of a Cell answer', () => {
  it('sends the LAC and radio as ?lac= and ?radio=, after the keys', async () => {
    const { client, urls } = clientAnswering(() => new Response(encodeCell(cell, 'xml')));
    await client.getCell(keys, ID, { hints: { lac: '6001', radio: 'LTE' } });
    await client.getCell(keys, ID, { hints: { lac: '' } });
    expect(urls).toEqual([
      'http://svc.test/api/cell/244/91/10038?serviceKey=s&userKey=u&lac=6001&radio=LTE',
      'http://svc.test/api/cell/244/91/10038?serviceKey=s&userKey=u',
    ]);
  });

  it('reads the facts from the headers and keeps them for the raw view, leaving the cell as the document has it', async () => {
    const headers = factHeaders({
      source: 'opencellid',
      author: { url: 'https://opencellid.org/', title: 'OpenCelliD contributors' },
      rangeMeters: 1200,
      ageSeconds: 60,
    });
    const { client } = clientAnswering(
      () =>
        new Response(encodeCell(cell, 'json'), {
          headers: { 'Content-Type': 'application/json', ...headers },
        }),
    );
    const answer = await client.getCell(keys, ID, { format: 'json' });
    expect(answer.data).toEqual(cell);
    expect(answer.facts).toEqual({
      source: 'opencellid',
      author: { url: 'https://opencellid.org/', title: 'OpenCelliD contributors' },
      rangeMeters: 1200,
      ageSeconds: 60,
    });
    expect(answer.raw.headers).toEqual([
      ['Cell-Source', 'opencellid'],
      ['Cell-Range', '1200'],
      ['Age', '60'],
      ['Link', '<https://opencellid.org/>; rel="author"; title="OpenCelliD contributors"'],
    ]);
  });

  it('has no facts for an answer that names no source (an operator passed through)', async () => {
    const { client } = clientAnswering(() => new Response(encodeCell(cell, 'xml')));
    const answer = await client.getCell(keys, ID);
    expect(answer.facts).toBeUndefined();
    expect(answer.raw.headers).toBeUndefined();
  });

  it("keeps an error body's code and field, and the Retry-After header", async () => {
    const { client } = clientAnswering(
      () =>
        new Response(encodeError(429, 'source-limit', 'The request limit of OpenCelliD is reached.', 'xml'), {
          status: 429,
          headers: { 'Retry-After': '7200', 'Content-Type': 'application/xml' },
        }),
    );
    const error = await client.getCell(keys, ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'rate-limited', code: 'source-limit', retryAfterSeconds: 7200 });
    expect((error as ApiError).raw?.headers).toEqual([['Retry-After', '7200']]);
  });
});
