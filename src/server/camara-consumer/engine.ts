import { randomUUID } from 'node:crypto';
import type { CamaraAnswer, CamaraQuestion } from '../../api/camara';
import type { ConsumerQuestion } from '../store/camara-consumer-store';
import { failedAnswer, phoneNumberOf, readAnswer, scopeOf, type ConsumerAsk } from './asks';
import { askConsent } from './ciba';
import type { ConsumerFailure } from './failures';
import { askWithToken, heldToken, type ConsumerContext, type Subscriber } from './context';
import { pendingAnswer, pollOnce, type Finish } from './poll';

/** The kept answer of a question the person cancelled. */
function wasCancelled(answer: string | undefined): boolean {
  const read = answer === undefined ? undefined : readAnswer(answer);
  return read?.state === 'failed' && read.reason === 'cancelled';
}

/** The consumer as the service's reads use it. */
export interface CamaraConsumer {
  /** Asks the operator: at once with a token held, else by asking the subscriber (then pending). */
  ask(subscriber: Subscriber, ask: ConsumerAsk): Promise<CamaraAnswer>;
  /** Where the user's question stands, polling the operator when a poll is due; undefined: nothing asked. */
  status(subscriber: Subscriber, kind: CamaraQuestion): Promise<CamaraAnswer | undefined>;
  /**
   * The person stops waiting: the question ends as `cancelled`. The operator's request stays valid until it runs
   * out, so a new question of the kind before then takes it up again (no second request to the phone).
   */
  cancel(subscriber: Subscriber, kind: CamaraQuestion): Promise<CamaraAnswer | undefined>;
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

/** The engine: each method one step of a question's life, every state in the store (so replicas share it). */
class ConsumerEngine implements CamaraConsumer {
  private readonly running = new Set<Promise<unknown>>();
  /**
   * The tries whose operator said it asks the owner (authorization_pending). Kept in memory, not in the store: a
   * replica that has not polled a try itself says only "asking your operator", which is true in either case.
   */
  private readonly ownerAsked = new Set<string>();
  private prunedAt = 0;

  constructor(
    private readonly context: ConsumerContext,
    private readonly patienceMs: number,
  ) {}

  async ask(subscriber: Subscriber, wanted: ConsumerAsk): Promise<CamaraAnswer> {
    const { store, now } = this.context;
    const phone = phoneNumberOf(subscriber.msisdn);
    if (phone === undefined) return failedAnswer({ reason: 'number-not-international', detail: '' });
    const at = now();
    this.prune(at);
    const existing = await store.getQuestion(subscriber.userId, wanted.kind);
    const text = JSON.stringify(wanted);
    if (existing?.consent !== undefined && existing.answer === undefined && existing.consent.expiresAt > at) {
      // The subscriber is being asked already: no second request to their phone; the newest wish is what is done.
      if (existing.ask !== text) {
        const update = { ask: text, busyUntil: existing.busyUntil };
        await store.updateQuestion(subscriber.userId, wanted.kind, existing.attempt, update, at);
      }
      return pendingAnswer(existing.consent, at, this.news(existing));
    }
    if (existing?.consent !== undefined && wasCancelled(existing.answer) && existing.consent.expiresAt > at) {
      // Cancelled, but the operator's request is still valid: taken up again, the phone is not asked twice.
      const resumed = {
        ...existing,
        attempt: randomUUID(),
        ask: text,
        busyUntil: undefined,
        answer: undefined,
      };
      if (!(await store.startQuestion(resumed, at))) return startingAnswer(at);
      if (this.ownerAsked.delete(existing.attempt)) this.ownerAsked.add(resumed.attempt);
      return pendingAnswer(existing.consent, at, this.news(resumed));
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
    return this.track(this.run(subscriber, phone, wanted, question));
  }

  async status(subscriber: Subscriber, kind: CamaraQuestion): Promise<CamaraAnswer | undefined> {
    const { store, now } = this.context;
    const question = await store.getQuestion(subscriber.userId, kind);
    if (question === undefined || question.msisdn !== subscriber.msisdn) return undefined;
    if (question.answer !== undefined) return readAnswer(question.answer);
    const at = now();
    const { consent } = question;
    if (consent === undefined) {
      if ((question.busyUntil ?? 0) > at) return startingAnswer(at);
      return this.fail(question, {
        reason: 'operator-slow',
        detail: 'the try asking the operator never finished',
      });
    }
    if (at >= consent.expiresAt) {
      return this.fail(
        question,
        question.failures > 0
          ? { reason: 'operator-down', detail: 'the operator failed every poll until the request ran out' }
          : { reason: 'expired', detail: 'the subscriber did not answer in time' },
      );
    }
    const due = at >= consent.nextPollAt;
    if (!due || !(await store.claimPoll(subscriber.userId, kind, question.attempt, at, at + BUSY_MS))) {
      return pendingAnswer(consent, at, this.news(question));
    }
    const poll = this.track(pollOnce(this.context, subscriber, question, this.finish, this.ownerAsked));
    return (await within(poll, this.patienceMs)) ?? pendingAnswer(consent, at, this.news(question));
  }

  async cancel(subscriber: Subscriber, kind: CamaraQuestion): Promise<CamaraAnswer | undefined> {
    const question = await this.context.store.getQuestion(subscriber.userId, kind);
    if (question === undefined || question.msisdn !== subscriber.msisdn) return undefined;
    if (question.answer !== undefined) return readAnswer(question.answer);
    return this.fail(question, { reason: 'cancelled', detail: 'the person stopped waiting' });
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** A new try: with a token held, the operator's API at once; else (or if it refuses the token) consent. */
  private async run(subscriber: Subscriber, phone: string, ask: ConsumerAsk, question: ConsumerQuestion) {
    const { context } = this;
    const token = await heldToken(context, subscriber, ask);
    if (token !== undefined) {
      const asked = await askWithToken(context, subscriber, token, phone, ask);
      if (asked.ok) return this.finish(question, asked.value);
      if (!('refused' in asked)) return this.fail(question, asked.failure);
      context.log(
        `camara: user ${subscriber.userId} ${ask.kind}: token refused, consent asked again (${asked.refused})`,
      );
    }
    const scope = scopeOf(ask.kind, context.purpose);
    const asked = await askConsent(context.oauth, phone, scope, Math.floor(context.now() / 1000));
    if (!asked.ok) return this.fail(question, asked.failure);
    const at = context.now();
    const { authReqId, expiresInSeconds, intervalSeconds } = asked.request;
    const consent = {
      authReqId,
      expiresAt: at + expiresInSeconds * 1000,
      intervalSeconds,
      nextPollAt: at + intervalSeconds * 1000,
    };
    const update = { consent, busyUntil: undefined };
    await context.store.updateQuestion(subscriber.userId, ask.kind, question.attempt, update, at);
    return pendingAnswer(consent, at);
  }

  private news(question: ConsumerQuestion) {
    return { ownerAsked: this.ownerAsked.has(question.attempt), failures: question.failures };
  }

  private readonly finish: Finish = async (question, answer, failure) => {
    // A cancelled try may be taken up again (ask): what its operator said is kept for it.
    if (failure?.reason !== 'cancelled') this.ownerAsked.delete(question.attempt);
    if (failure !== undefined) {
      this.context.log(
        `camara: user ${question.userId} ${question.kind}: ${failure.reason} (${failure.detail})`,
      );
    }
    const update = { answer: JSON.stringify(answer), busyUntil: undefined };
    await this.context.store.updateQuestion(
      question.userId,
      question.kind,
      question.attempt,
      update,
      this.context.now(),
    );
    return answer;
  };

  private fail(question: ConsumerQuestion, failure: ConsumerFailure): Promise<CamaraAnswer> {
    return this.finish(question, failedAnswer(failure), failure);
  }

  private prune(at: number): void {
    if (at - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = at;
    // Nobody waits for the pruning: a failure is logged, never left to reject unheard.
    const pruning = this.context.store.prune(at, at - ANSWER_KEPT_MS).catch((error: unknown) => {
      this.context.log(`camara: pruning the consumer's rows failed: ${(error as Error).message}`);
      return 0;
    });
    void this.track(pruning);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    const tracked = work.finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    return tracked;
  }
}

export function createCamaraConsumer(context: ConsumerContext, options: EngineOptions = {}): CamaraConsumer {
  return new ConsumerEngine(context, options.patienceMs ?? 1500);
}
