import { randomUUID } from 'node:crypto';
import type { CamaraAnswer, CamaraQuestion } from '../../api/camara';
import type { ConsumerQuestion } from '../store/camara-consumer-store';
import { failedAnswer, phoneNumberOf, readAnswer, scopeOf, type ConsumerAsk } from './consumer-asks';
import { askConsent } from './consumer-ciba';
import type { ConsumerFailure } from './consumer-failures';
import {
  askOperator,
  dropToken,
  heldToken,
  type ConsumerContext,
  type Subscriber,
} from './consumer-operator';
import { pendingAnswer, pollOnce, type Finish } from './consumer-poll';

/** The consumer as the service's reads use it. */
export interface CamaraConsumer {
  /** Asks the operator: at once with a token held, else by asking the subscriber (then pending). */
  ask(subscriber: Subscriber, ask: ConsumerAsk): Promise<CamaraAnswer>;
  /** Where the user's question stands, polling the operator when a poll is due; undefined: nothing asked. */
  status(subscriber: Subscriber, kind: CamaraQuestion): Promise<CamaraAnswer | undefined>;
  /** Resolves once the polls started in the background have finished (tests, shutdown). */
  settled(): Promise<void>;
}

export interface EngineOptions {
  /** How long a status read waits for a poll it started before it answers "pending" (ms). */
  patienceMs?: number;
}

/** A try that asks the operator holds its question this long at most (the operator's deadlines are shorter). */
export const BUSY_MS = 60_000;
/** How long an answer is kept for the app to read, and how often old rows are pruned. */
export const ANSWER_KEPT_MS = 15 * 60_000;
const PRUNE_EVERY_MS = 5 * 60_000;

/** A try that has not reached the subscriber yet (it is asking the operator now). */
function startingAnswer(now: number): CamaraAnswer {
  return { state: 'pending', checkAgainSeconds: 1, expiresAt: new Date(now + BUSY_MS).toISOString() };
}

/** The work's result when it is done within `ms`, else undefined (it goes on in the background). */
async function within<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: number | undefined;
  const late = new Promise<undefined>((done) => (timer = setTimeout(done, ms) as unknown as number));
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export function createCamaraConsumer(context: ConsumerContext, options: EngineOptions = {}): CamaraConsumer {
  const { store, now } = context;
  const patienceMs = options.patienceMs ?? 1500;
  const running = new Set<Promise<unknown>>();
  let prunedAt = 0;

  const finish: Finish = async (question, answer, failure) => {
    if (failure !== undefined) {
      context.log(`camara: user ${question.userId} ${question.kind}: ${failure.reason} (${failure.detail})`);
    }
    await store.updateQuestion(
      question.userId,
      question.kind,
      question.attempt,
      { answer: JSON.stringify(answer), busyUntil: undefined },
      now(),
    );
    return answer;
  };
  const fail = (question: ConsumerQuestion, failure: ConsumerFailure) =>
    finish(question, failedAnswer(failure), failure);

  /** A new try: with a token held, the operator's API at once; else (or if it refuses the token) consent. */
  async function run(subscriber: Subscriber, phone: string, ask: ConsumerAsk, question: ConsumerQuestion) {
    const token = await heldToken(context, subscriber, ask);
    if (token !== undefined) {
      const asked = await askOperator(context, token, phone, ask);
      if (asked.ok) return finish(question, asked.value);
      if (!('tokenRejected' in asked)) return fail(question, asked.failure);
      context.log(
        `camara: user ${subscriber.userId} ${ask.kind}: token refused, consent asked again (${asked.detail})`,
      );
      await dropToken(context, subscriber, ask);
    }
    const scope = scopeOf(ask.kind, context.purpose);
    const asked = await askConsent(context.oauth, phone, scope, Math.floor(now() / 1000));
    if (!asked.ok) return fail(question, asked.failure);
    const at = now();
    const { authReqId, expiresInSeconds, intervalSeconds } = asked.request;
    const consent = {
      authReqId,
      expiresAt: at + expiresInSeconds * 1000,
      intervalSeconds,
      nextPollAt: at + intervalSeconds * 1000,
    };
    await store.updateQuestion(
      subscriber.userId,
      ask.kind,
      question.attempt,
      { consent, busyUntil: undefined },
      at,
    );
    return pendingAnswer(consent, at);
  }

  function prune(at: number): void {
    if (at - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at;
    track(store.prune(at, at - ANSWER_KEPT_MS));
  }

  function track<T>(work: Promise<T>): Promise<T> {
    const tracked = work.finally(() => running.delete(tracked));
    running.add(tracked);
    return tracked;
  }

  async function ask(subscriber: Subscriber, wanted: ConsumerAsk): Promise<CamaraAnswer> {
    const phone = phoneNumberOf(subscriber.msisdn);
    if (phone === undefined) return failedAnswer({ reason: 'number-not-international', detail: '' });
    const at = now();
    prune(at);
    const existing = await store.getQuestion(subscriber.userId, wanted.kind);
    const text = JSON.stringify(wanted);
    if (existing?.consent !== undefined && existing.answer === undefined && existing.consent.expiresAt > at) {
      // The subscriber is being asked already: no second request to their phone; the newest wish is what is done.
      if (existing.ask !== text) {
        await store.updateQuestion(
          subscriber.userId,
          wanted.kind,
          existing.attempt,
          { ask: text, busyUntil: existing.busyUntil },
          at,
        );
      }
      return pendingAnswer(existing.consent, at);
    }
    const question: ConsumerQuestion = {
      userId: subscriber.userId,
      kind: wanted.kind,
      attempt: randomUUID(),
      msisdn: subscriber.msisdn,
      ask: text,
      failures: 0,
      busyUntil: at + BUSY_MS,
      updatedAt: at,
    };
    if (!(await store.startQuestion(question, at))) return startingAnswer(at);
    return track(run(subscriber, phone, wanted, question));
  }

  async function status(subscriber: Subscriber, kind: CamaraQuestion): Promise<CamaraAnswer | undefined> {
    const question = await store.getQuestion(subscriber.userId, kind);
    if (question === undefined || question.msisdn !== subscriber.msisdn) return undefined;
    if (question.answer !== undefined) return readAnswer(question.answer);
    const at = now();
    const { consent } = question;
    if (consent === undefined) {
      if ((question.busyUntil ?? 0) > at) return startingAnswer(at);
      return fail(question, {
        reason: 'operator-slow',
        detail: 'the try asking the operator never finished',
      });
    }
    if (at >= consent.expiresAt) {
      return fail(question, { reason: 'expired', detail: 'the subscriber did not answer in time' });
    }
    if (
      at < consent.nextPollAt ||
      !(await store.claimPoll(subscriber.userId, kind, question.attempt, at, at + BUSY_MS))
    ) {
      return pendingAnswer(consent, at);
    }
    const waited = await within(track(pollOnce(context, subscriber, question, finish)), patienceMs);
    return waited ?? pendingAnswer(consent, at);
  }

  return {
    ask,
    status,
    async settled() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
