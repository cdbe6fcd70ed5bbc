import type { CamaraAnswer } from '../../api/camara';
import type { ConsumerQuestion } from '../store/camara-consumer-store';
import { apiScopeOf, failedAnswer, phoneNumberOf, readAsk } from './asks';
import { MAX_INTERVAL_SECONDS, pollToken, SLOW_DOWN_SECONDS } from './ciba';
import type { ConsumerFailure } from './failures';
import { askWithToken, keepToken, type ConsumerContext, type Subscriber } from './context';

/** Keeps the question's answer (logging a failure) and returns it. */
export type Finish = (
  question: ConsumerQuestion,
  answer: CamaraAnswer,
  failure?: ConsumerFailure,
) => Promise<CamaraAnswer>;

type Consent = NonNullable<ConsumerQuestion['consent']>;

/** What the engine knows of a wait beyond its consent: whether the operator said it asks the owner, and whether
 *  the last poll failed for the operator's own reasons. */
export interface WaitNews {
  ownerAsked: boolean;
  failures: number;
}

/** The app is told to ask again when the next poll of the operator is due (1-10 s). */
export function pendingAnswer(consent: Consent, now: number, news?: WaitNews): CamaraAnswer {
  const wait = Math.ceil((consent.nextPollAt - now) / 1000);
  return {
    state: 'pending',
    checkAgainSeconds: Math.min(Math.max(wait, 1), 10),
    expiresAt: new Date(consent.expiresAt).toISOString(),
    ...(news?.ownerAsked === true && { ownerAsked: true }),
    ...(news !== undefined && news.failures > 0 && { operatorTrouble: true }),
  };
}

/**
 * One poll of the token endpoint for a question whose poll the caller has claimed (CIBA Core 10-11): the token
 * (kept, then the operator asked), or the next poll after `interval` seconds, 5 more for this and every later
 * poll after slow_down (up to MAX_INTERVAL_SECONDS), or the subscriber's refusal, the request's expiry. A poll the
 * operator failed (5xx, busy, no answer) is told at once and tried again: the request is still valid at the
 * operator until it runs out. `ownerAsked` holds the tries whose operator said it asks the owner.
 */
export async function pollOnce(
  context: ConsumerContext,
  subscriber: Subscriber,
  question: ConsumerQuestion,
  finish: Finish,
  ownerAsked: Set<string>,
): Promise<CamaraAnswer> {
  const fail = (failure: ConsumerFailure) => finish(question, failedAnswer(failure), failure);
  const consent = question.consent;
  const ask = readAsk(question.ask);
  const phone = phoneNumberOf(subscriber.msisdn);
  if (consent === undefined || ask === undefined || phone === undefined) {
    return fail({ reason: 'request-rejected', detail: 'the kept question cannot be read' });
  }
  const polled = await pollToken(
    context.oauth,
    consent.authReqId,
    apiScopeOf(ask.kind),
    Math.floor(context.now() / 1000),
  );

  async function again(
    intervalSeconds: number,
    waitSeconds: number,
    failures: number,
  ): Promise<CamaraAnswer> {
    const at = context.now();
    const next = { ...consent!, intervalSeconds, nextPollAt: at + waitSeconds * 1000 };
    const update = { consent: next, failures, busyUntil: undefined };
    await context.store.updateQuestion(question.userId, question.kind, question.attempt, update, at);
    return pendingAnswer(next, at, { ownerAsked: ownerAsked.has(question.attempt), failures });
  }

  switch (polled.kind) {
    case 'pending':
      ownerAsked.add(question.attempt);
      return again(consent.intervalSeconds, consent.intervalSeconds, 0);
    case 'slow-down': {
      const slower = Math.min(consent.intervalSeconds + SLOW_DOWN_SECONDS, MAX_INTERVAL_SECONDS);
      return again(slower, slower, 0);
    }
    case 'failed': {
      if (!polled.transient) return fail(polled.failure);
      context.log(
        `camara: user ${question.userId} ${question.kind}: poll failed, trying again (${polled.failure.detail})`,
      );
      const asked = Math.max(consent.intervalSeconds, polled.failure.retryAfterSeconds ?? 0);
      return again(consent.intervalSeconds, Math.min(asked, MAX_INTERVAL_SECONDS), question.failures + 1);
    }
    case 'token': {
      await keepToken(context, subscriber, ask, polled.token);
      const asked = await askWithToken(context, subscriber, polled.token.accessToken, phone, ask);
      if (asked.ok) return finish(question, asked.value);
      if (!('refused' in asked)) return fail(asked.failure);
      return fail({
        reason: 'permission-denied',
        detail: `the operator refused the token it had just issued: ${asked.refused}`,
      });
    }
  }
}
