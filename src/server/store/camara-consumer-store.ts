/**
 * What the service as a CAMARA API consumer keeps, so that every replica sees the same: the operator's access
 * tokens (sealed, per user and scope, for their lifetime) and each user's open question to the operator (a CIBA
 * request waiting for the subscriber, then the answer). Promise-returning throughout, so that an engine reached
 * over the network (PostgreSQL) implements the same interface as the embedded one; testing/camara-consumer-store-
 * suite.ts is the test suite every implementation must pass. Times are Unix milliseconds.
 */

export type ConsumerQuestionKind = 'locate' | 'verify';

/** An access token as kept: sealed by the consumer (camara/consumer-seal.ts), never in the clear. */
export interface HeldToken {
  sealed: string;
  /** The number the token was issued for: a user whose number changed does not reuse it. */
  msisdn: string;
  expiresAt: number;
}

/**
 * One user's question of one kind. `attempt` names the try that owns the row: a later try replaces it, and an
 * update of an older try changes nothing. Pending while it has no answer.
 */
export interface ConsumerQuestion {
  userId: number;
  kind: ConsumerQuestionKind;
  attempt: string;
  msisdn: string;
  /** What the person asked (the consumer's own JSON), done once the subscriber consents. */
  ask: string;
  /** Set while the operator asks the subscriber (CIBA). */
  consent?: { authReqId: string; expiresAt: number; intervalSeconds: number; nextPollAt: number };
  /** Polls in a row that failed for the operator's own reasons (5xx, busy, no answer). */
  failures: number;
  /** Someone is working on the question until then (asking the operator, polling it): others leave it alone. */
  busyUntil?: number;
  /** The answer for the app (the consumer's own JSON), once there is one. */
  answer?: string;
  updatedAt: number;
}

/** What a try may change of its question: the pace of polling, or the answer. */
export type QuestionUpdate = Partial<Pick<ConsumerQuestion, 'consent' | 'failures' | 'answer' | 'ask'>> & {
  /** undefined: the try is no longer busy. */
  busyUntil: number | undefined;
};

export interface CamaraConsumerStore {
  /** The token for the user and scope, while it lives at `now`. */
  getToken(userId: number, scope: string, now: number): Promise<HeldToken | undefined>;
  putToken(userId: number, scope: string, token: HeldToken): Promise<void>;
  deleteToken(userId: number, scope: string): Promise<void>;
  getQuestion(userId: number, kind: ConsumerQuestionKind): Promise<ConsumerQuestion | undefined>;
  /**
   * Starts a try: writes `question` (busy until its `busyUntil`) unless the user's question of that kind is busy at
   * `now` or still waits for the subscriber; false when it is, and then nothing changes. Atomic.
   */
  startQuestion(question: ConsumerQuestion, now: number): Promise<boolean>;
  /** Takes a pending question's next poll: true for one caller only, when the poll is due and no one is busy. */
  claimPoll(
    userId: number,
    kind: ConsumerQuestionKind,
    attempt: string,
    now: number,
    busyUntil: number,
  ): Promise<boolean>;
  /** Changes the try's question, when `attempt` still owns it; false when a later try took it over. */
  updateQuestion(
    userId: number,
    kind: ConsumerQuestionKind,
    attempt: string,
    update: QuestionUpdate,
    now: number,
  ): Promise<boolean>;
  /** Deletes expired tokens and questions answered (or given up) before `answeredBefore`; returns how many. */
  prune(now: number, answeredBefore: number): Promise<number>;
}

/** A question as both engines keep it: one row, its consent in four columns. */
export interface QuestionRow {
  user_id: number;
  kind: ConsumerQuestionKind;
  attempt: string;
  msisdn: string;
  ask: string;
  auth_req_id: string | null;
  consent_expires_at: number | null;
  interval_s: number | null;
  next_poll_at: number | null;
  failures: number;
  busy_until: number | null;
  answer: string | null;
  updated_at: number;
}

export function toQuestion(row: QuestionRow): ConsumerQuestion {
  return {
    userId: row.user_id,
    kind: row.kind,
    attempt: row.attempt,
    msisdn: row.msisdn,
    ask: row.ask,
    ...(row.auth_req_id !== null && {
      consent: {
        authReqId: row.auth_req_id,
        expiresAt: row.consent_expires_at ?? 0,
        intervalSeconds: row.interval_s ?? 0,
        nextPollAt: row.next_poll_at ?? 0,
      },
    }),
    failures: row.failures,
    ...(row.busy_until !== null && { busyUntil: row.busy_until }),
    ...(row.answer !== null && { answer: row.answer }),
    updatedAt: row.updated_at,
  };
}
