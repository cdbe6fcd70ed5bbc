import type { WaitingRequest } from '../camara-operator/oidc/consent';
import { StoreError } from '../store/records';
import { ChoiceNeeded } from './args';
import type { ServiceStore } from '../store/service-store';
import { commandProvider } from './camara-client';
import { printable } from './terminal-text';

export interface SmsReply {
  userKey: string;
  /** --client: the answer is to that API consumer's requests only. */
  clientId: string | undefined;
  consent: boolean;
}

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
  env?: Record<string, string | undefined>;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** One line per waiting request, as a phone would show who asks: consumer, purpose, data, when. */
function describe(waiting: readonly WaitingRequest[]): string[] {
  return waiting.map(
    (request) =>
      `${printable(request.clientId)}\t${printable(request.purpose)}\t${request.scopes.join(' ')}\tasked ` +
      new Date(request.askedAt * 1000).toISOString().replace(/\.\d+Z$/, 'Z'),
  );
}

/** What was answered, for the person at the command line. */
function report(waiting: readonly WaitingRequest[], consent: boolean, io: Io): void {
  if (waiting.length === 0) return;
  const answered = plural(waiting.length, 'waiting CAMARA consent request');
  io.out(`${consent ? 'Approved' : 'Refused'} ${answered}.`);
  for (const line of describe(waiting)) io.out(`  ${line}`);
}

/**
 * `sms-reply USERKEY [--client ID] [--no]`: the subscriber's phone answers. Without --client it is the document's
 * authorization SMS reply (recorded for the 2009 reads) and the answer to the one API consumer whose CIBA requests
 * wait; when several consumers wait it lists them and answers none (ChoiceNeeded: exit 2), as a phone shows who
 * is asking. With --client it answers that consumer's waiting requests only. Yes records the consent (consumer, purpose, scopes);
 * no refuses, and withdraws what the consumer (without --client: every consumer) was given for the subscriber.
 */
export async function smsReply(store: ServiceStore, reply: SmsReply, io: Io): Promise<void> {
  const user = await store.getUser(reply.userKey);
  if (user === undefined) throw new StoreError('no user with that user key');
  const { msisdn } = user;
  const { clientId, consent } = reply;
  if (clientId !== undefined && (await store.camara.getClient(clientId)) === undefined) {
    throw new StoreError(`no API consumer with the id "${clientId}"`);
  }
  let waiting: WaitingRequest[] = [];
  let answer = async (): Promise<unknown> => undefined;
  // The provider is made only when requests wait (on Node 20, oidc-provider warns when it is loaded).
  if ((await store.camara.pendingRequests(msisdn, Math.floor(Date.now() / 1000))).length > 0) {
    const provider = await commandProvider(store, io.env);
    const { answerRequests, waitingRequests } = await import('../camara-operator/oidc/consent');
    const found = await waitingRequests(provider, store.camara, msisdn, clientId);
    waiting = found;
    answer = () => answerRequests(provider, store.camara, msisdn, found, consent);
  }
  const consumers = new Set(waiting.map((request) => request.clientId));
  if (clientId === undefined && consumers.size > 1) {
    for (const line of describe(waiting)) io.out(line);
    throw new ChoiceNeeded(
      `${consumers.size} API consumers are waiting for this subscriber; nothing is answered. ` +
        'Answer each with --client ID (and --no to refuse).',
    );
  }
  if (clientId === undefined) {
    await store.recordSmsReply(reply.userKey, consent);
    io.out(
      consent
        ? 'Recorded: the user replied; positioning is allowed.'
        : 'Recorded: positioning is not allowed.',
    );
  }
  await answer();
  report(waiting, consent, io);
  if (!consent) {
    await store.camara.withdrawConsent(msisdn, clientId);
    io.out(
      clientId === undefined
        ? 'Consents and tokens given to API consumers for this subscriber are withdrawn.'
        : `What ${printable(clientId)} was given for this subscriber is withdrawn.`,
    );
  }
}
