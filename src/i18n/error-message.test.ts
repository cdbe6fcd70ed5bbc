import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../api/errors';
import { describeError, KNOWN_KINDS, type ErrorContext } from './error-message';

const ALL_KINDS: ApiErrorKind[] = [
  'unauthorized',
  'forbidden',
  'not-found',
  'bad-request',
  'rate-limited',
  'server',
  'network',
  'timeout',
  'malformed',
  'offline',
  'unsendable',
  'outdated',
];

const contexts: ErrorContext[] = [
  { resource: 'location' },
  { resource: 'cell', cellId: { mcc: '244', mnc: '91', cellid: '999999999' } },
];

function visible(message: { title: string; body: string }): string {
  return `${message.title} ${message.body}`;
}

describe('describeError', () => {
  it('has words for every error kind', () => {
    expect([...KNOWN_KINDS].sort()).toEqual([...ALL_KINDS].sort());
  });

  for (const kind of ALL_KINDS) {
    for (const context of contexts) {
      it(`${kind} on ${context.resource}: a title and a next step, never "undefined"`, () => {
        const message = describeError(new ApiError(kind, 'technical'), context);
        expect(message.title.length).toBeGreaterThan(3);
        expect(message.body.length).toBeGreaterThan(10);
        expect(visible(message)).not.toMatch(/undefined|\[object|ApiError|Error:|null/);
      });
    }
  }

  it('offline says nothing was sent and offers a retry; a service of another build asks for a reload', () => {
    const offline = describeError(new ApiError('offline', 'offline'), contexts[1]!);
    expect(offline.title).toBe('No connection');
    expect(offline.body).toMatch(/Nothing was sent/);
    expect(offline.action).toBe('retry');
    const outdated = describeError(new ApiError('outdated', 'other build'), contexts[1]!);
    expect(outdated.body).toMatch(/Reload to use the new version/);
    expect(outdated.action).toBe('reload');
  });

  it('a request the browser could not build blames a key, not the network, and offers the keys form', () => {
    const message = describeError(new ApiError('unsendable', 'userKey', { field: 'userKey' }), contexts[0]!);
    expect(message.title).toBe('A key cannot be sent');
    expect(message.body).toMatch(/nothing was sent/);
    expect(message.body).not.toMatch(/connection/);
    expect(message.action).toBe('keys');
  });

  it('401 says the keys were not accepted, most often for a typing mistake, and offers the keys form', () => {
    const message = describeError(new ApiError('unauthorized', 'HTTP 401', { status: 401 }), contexts[0]!);
    expect(message.title).toBe('Keys not accepted');
    expect(message.body).toMatch(/typing mistake.*same developer account/);
    expect(message.action).toBe('keys');
  });

  it('403 on location points to the authorization SMS and offers a retry', () => {
    const message = describeError(new ApiError('forbidden', 'HTTP 403', { status: 403 }), contexts[0]!);
    expect(message.body).toMatch(/reply to the authorization SMS/i);
    expect(message.action).toBe('retry');
  });

  it('404 on a cell names the cell', () => {
    const message = describeError(new ApiError('not-found', 'HTTP 404'), contexts[1]!);
    expect(message.body).toContain('MCC 244, MNC 91, Cell ID 999999999');
  });

  it('400 names the refused field and quotes the service', () => {
    const error = new ApiError('bad-request', 'HTTP 400', { field: 'mcc', detail: 'mcc must be 0–999.' });
    const message = describeError(error, contexts[1]!);
    expect(message.title).toContain('MCC');
    expect(message.body).toContain('mcc must be 0–999.');
  });

  it('429 gives the wait from Retry-After', () => {
    const message = describeError(
      new ApiError('rate-limited', 'HTTP 429', { retryAfterSeconds: 42 }),
      contexts[0]!,
    );
    expect(message.body).toContain('42 s');
  });

  it('malformed names the field and points to the raw response', () => {
    const error = new ApiError('malformed', 'x', { field: 'location.cell.lat' });
    const message = describeError(error, contexts[0]!);
    expect(message.body).toContain('location.cell.lat');
    expect(message.body).toContain('Raw response');
    expect(message.pointsToRaw).toBe(true);
  });

  it('never repeats a key a service echoed back', () => {
    const error = new ApiError('bad-request', 'HTTP 400', { detail: 'unknown key sekrit-123' });
    const message = describeError(error, { resource: 'location', secrets: ['sekrit-123'] });
    expect(visible(message)).not.toContain('sekrit-123');
  });

  it('anything that is not an ApiError reads as a generic failure', () => {
    for (const thing of [new TypeError('x is undefined'), undefined, 'boom', { a: 1 }]) {
      const message = describeError(thing, contexts[0]!);
      expect(visible(message)).not.toMatch(/undefined|TypeError|\[object/);
      expect(message.action).toBe('retry');
    }
  });
});

describe('the words for the cell sources', () => {
  const cellContext: ErrorContext = { resource: 'cell', cellId: { mcc: '244', mnc: '91', cellid: '4242' } };

  it('says to add the LAC when a source needed it', () => {
    const message = describeError(
      new ApiError('not-found', 'HTTP 404', { status: 404, field: 'lac' }),
      cellContext,
    );
    expect(message.body).toBe(
      'No source knows MCC 244, MNC 91, Cell ID 4242. The public cell databases need the cell’s LAC to look it up: add the LAC (and the radio type), then look again.',
    );
    const radio = describeError(
      new ApiError('not-found', 'HTTP 404', { status: 404, field: 'radio' }),
      cellContext,
    );
    expect(radio.body).toMatch(/needs the radio type/);
  });

  it("says a source's limit is reached and how long to wait", () => {
    const error = new ApiError('rate-limited', 'HTTP 429', {
      status: 429,
      code: 'source-limit',
      retryAfterSeconds: 7200,
    });
    expect(describeError(error, cellContext)).toEqual({
      title: 'A cell database’s limit is reached',
      body: 'The public cell database this service asks has reached its request limit. Try again in 2 h.',
      action: 'retry',
      pointsToRaw: false,
    });
  });

  it('says the service holds data it cannot send, for either read, with no retry', () => {
    const error = new ApiError('server', 'HTTP 500', { status: 500, code: 'unencodable' });
    for (const context of [cellContext, { resource: 'location' } as const]) {
      expect(describeError(error, context)).toMatchObject({
        title: 'The service holds data it cannot send',
        action: 'none',
        pointsToRaw: true,
      });
    }
  });

  it('says the service is misconfigured, with no retry', () => {
    const error = new ApiError('server', 'HTTP 500', { status: 500, code: 'source-misconfigured' });
    expect(describeError(error, cellContext)).toMatchObject({
      title: 'The service is misconfigured',
      action: 'none',
    });
  });

  it('says a source is down or slow', () => {
    for (const [kind, status, code] of [
      ['server', 502, 'source-unavailable'],
      ['timeout', 504, 'source-timeout'],
    ] as const) {
      const message = describeError(new ApiError(kind, 'x', { status, code }), cellContext);
      expect(message).toMatchObject({ title: 'A cell database did not answer', action: 'retry' });
      expect(message.body).toContain(`(HTTP ${status})`);
    }
  });
});
