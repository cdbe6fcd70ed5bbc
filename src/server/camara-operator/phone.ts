import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type Provider from 'oidc-provider';
import type { Limits } from '../platform/guard/limits';
import type { CamaraStore } from '../store/camara-store';
import type { Maybe } from '../platform/maybe';
import { keyPage, requestsPage } from './phone-page';

export interface PhoneOptions {
  store: CamaraStore;
  provider: () => Promise<Provider>;
  /** The subscriber whose user key it is (the service store's getUser): the only key the page takes. */
  userOf: (userKey: string) => Maybe<{ msisdn: string } | undefined>;
  limits: Limits;
  addressOf: (c: Context) => string;
}

const NO_STORE = { 'Cache-Control': 'no-store' };

/* A form of a user key, a request id and an answer: a few hundred bytes. */
const MAX_FORM_BYTES = 4096;

/** The answer a form carries to one of the subscriber's waiting requests, given; what the page then says. */
async function answerOne(
  options: PhoneOptions,
  provider: Provider,
  msisdn: string,
  form: Record<string, unknown>,
): Promise<string | undefined> {
  const { request: id, answer } = form;
  if (typeof id !== 'string' || (answer !== 'approve' && answer !== 'decline')) return undefined;
  const { answerRequests, waitingRequests } = await import('./oidc/consent');
  // Only a request waiting for this subscriber: an id of anyone else's is not found among them.
  const chosen = (await waitingRequests(provider, options.store, msisdn)).filter((one) => one.id === id);
  const [request] = chosen;
  if (request === undefined) {
    return 'That request is no longer waiting: answered already, or expired.';
  }
  await answerRequests(provider, options.store, msisdn, chosen, answer === 'approve');
  return answer === 'approve'
    ? `Approved: ${request.clientId} may know it, for this purpose.`
    : `Declined: ${request.clientId} is refused, and what it was given before is withdrawn.`;
}

/**
 * The operator sandbox's phone (issue 34, item 20): a subscriber sees the CIBA consent requests waiting for them,
 * who asks, for what purpose and which data, and approves or declines each, as sms-reply --client does. Who may
 * open it: whoever holds the subscriber's own user key, the key the document's reads take; the key is posted,
 * never put in a URL, and a wrong one counts as a failed key check against the address (the one set of limits),
 * so guessing runs out the guesser. Every answer is no-store.
 */
export function phoneRoutes(options: PhoneOptions): Hono {
  const app = new Hono();
  app.get('/', (c) => c.html(keyPage(), 200, NO_STORE));
  const limit = bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => c.text('The form is too large.', 413) });
  app.post('/', limit, async (c) => {
    const address = options.addressOf(c);
    const refused = await options.limits.admit(address);
    if (refused !== undefined) {
      const wait = { 'Retry-After': String(refused.retryAfterSeconds ?? 1) };
      return c.html(keyPage(refused.message), 429, { ...NO_STORE, ...wait });
    }
    const form = await c.req.parseBody();
    const userKey = typeof form.userKey === 'string' ? form.userKey : '';
    const user = userKey === '' ? undefined : await options.userOf(userKey);
    if (user === undefined) {
      await options.limits.failed(address);
      return c.html(keyPage('No subscriber has that user key.'), 403, NO_STORE);
    }
    const provider = await options.provider();
    const said = await answerOne(options, provider, user.msisdn, form);
    const { waitingRequests } = await import('./oidc/consent');
    const waiting = await waitingRequests(provider, options.store, user.msisdn);
    return c.html(requestsPage(userKey, waiting, said), 200, NO_STORE);
  });
  return app;
}
