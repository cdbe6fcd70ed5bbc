import {
  toQuestion,
  type CamaraConsumerStore,
  type QuestionRow,
  type QuestionUpdate,
} from '../camara-consumer-store';
import type { Database } from './database';

const QUESTION_COLUMNS = `user_id, kind, attempt, msisdn, ask, auth_req_id, consent_expires_at, interval_s,
  next_poll_at, failures, busy_until, answer, updated_at`;

/*
 * A question someone works on, or whose subscriber is still being asked, is not replaced ($13 is now). ON CONFLICT
 * locks the row and checks this against its latest version, so of replicas starting a try at once one wins.
 */
const TAKEN = `COALESCE(q.busy_until, 0) > $13 OR (q.answer IS NULL AND COALESCE(q.consent_expires_at, 0) > $13)`;

const START = `INSERT INTO camara_consumer_questions AS q (${QUESTION_COLUMNS})
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
  ON CONFLICT (user_id, kind) DO UPDATE SET attempt = excluded.attempt, msisdn = excluded.msisdn,
    ask = excluded.ask, auth_req_id = excluded.auth_req_id, consent_expires_at = excluded.consent_expires_at,
    interval_s = excluded.interval_s, next_poll_at = excluded.next_poll_at, failures = excluded.failures,
    busy_until = excluded.busy_until, answer = excluded.answer, updated_at = excluded.updated_at
  WHERE NOT (${TAKEN})`;

/* An UPDATE that waited for another's rechecks its conditions on the row as the other left it: one claim wins. */
const CLAIM = `UPDATE camara_consumer_questions SET busy_until = $5, updated_at = $4
  WHERE user_id = $1 AND kind = $2 AND attempt = $3 AND answer IS NULL AND auth_req_id IS NOT NULL
    AND next_poll_at <= $4 AND COALESCE(busy_until, 0) <= $4`;

/** The statement for an update of these columns, and its name (one prepared statement per set of columns). */
function updateStatement(update: QuestionUpdate): { name: string; text: string; values: unknown[] } {
  const values: unknown[] = [];
  const sets: string[] = [];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length + 4}`);
  };
  set('busy_until', update.busyUntil ?? null);
  const { consent } = update;
  if (consent !== undefined) {
    set('auth_req_id', consent.authReqId);
    set('consent_expires_at', consent.expiresAt);
    set('interval_s', consent.intervalSeconds);
    set('next_poll_at', consent.nextPollAt);
  }
  if (update.failures !== undefined) set('failures', update.failures);
  if (update.answer !== undefined) set('answer', update.answer);
  if (update.ask !== undefined) set('ask', update.ask);
  // PostgreSQL cuts a statement's name at 63 bytes: one letter per optional set of columns keeps names apart.
  const which = [consent, update.failures, update.answer, update.ask].map((part, i) =>
    part === undefined ? '' : 'cfak'[i],
  );
  return {
    name: `consumer-update-${which.join('')}`,
    text: `UPDATE camara_consumer_questions SET ${sets.join(', ')}, updated_at = $4
      WHERE user_id = $1 AND kind = $2 AND attempt = $3`,
    values,
  };
}

/** The operator's tokens, sealed, per user and scope. */
function createTokens(db: Database): Pick<CamaraConsumerStore, 'getToken' | 'putToken' | 'deleteToken'> {
  return {
    async getToken(userId, scope, now) {
      const row = await db.one<{ sealed: string; msisdn: string; expires_at: number }>(
        'consumer-token',
        `SELECT sealed, msisdn, expires_at FROM camara_consumer_tokens
         WHERE user_id = $1 AND scope = $2 AND expires_at > $3`,
        [userId, scope, now],
      );
      return row === undefined
        ? undefined
        : { sealed: row.sealed, msisdn: row.msisdn, expiresAt: row.expires_at };
    },
    async putToken(userId, scope, token) {
      await db.run(
        'consumer-put-token',
        `INSERT INTO camara_consumer_tokens (user_id, scope, msisdn, sealed, expires_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (user_id, scope) DO UPDATE SET msisdn = excluded.msisdn, sealed = excluded.sealed,
           expires_at = excluded.expires_at`,
        [userId, scope, token.msisdn, token.sealed, token.expiresAt],
      );
    },
    async deleteToken(userId, scope) {
      await db.run(
        'consumer-delete-token',
        'DELETE FROM camara_consumer_tokens WHERE user_id = $1 AND scope = $2',
        [userId, scope],
      );
    },
  };
}

/**
 * The CAMARA consumer's part of the PostgreSQL store (interface: store/camara-consumer-store.ts): the tables of
 * migration 006, shared by every replica, so a token one replica got spares the subscriber a second consent on
 * another, and one CIBA request is polled by one replica at a time.
 */
export function createConsumerStore(db: Database): CamaraConsumerStore {
  return {
    ...createTokens(db),
    async getQuestion(userId, kind) {
      const row = await db.one<QuestionRow>(
        'consumer-question',
        `SELECT ${QUESTION_COLUMNS} FROM camara_consumer_questions WHERE user_id = $1 AND kind = $2`,
        [userId, kind],
      );
      return row === undefined ? undefined : toQuestion(row);
    },
    async startQuestion(question, now) {
      const { consent } = question;
      const changed = await db.run('consumer-start', START, [
        question.userId,
        question.kind,
        question.attempt,
        question.msisdn,
        question.ask,
        consent?.authReqId ?? null,
        consent?.expiresAt ?? null,
        consent?.intervalSeconds ?? null,
        consent?.nextPollAt ?? null,
        question.failures,
        question.busyUntil ?? null,
        question.answer ?? null,
        now,
      ]);
      return changed === 1;
    },
    async claimPoll(userId, kind, attempt, now, busyUntil) {
      return (await db.run('consumer-claim', CLAIM, [userId, kind, attempt, now, busyUntil])) === 1;
    },
    async updateQuestion(userId, kind, attempt, update, now) {
      const { name, text, values } = updateStatement(update);
      return (await db.run(name, text, [userId, kind, attempt, now, ...values])) === 1;
    },
    prune(now, answeredBefore) {
      return db.transaction(
        async () =>
          (await db.run(
            'consumer-prune-tokens',
            'DELETE FROM camara_consumer_tokens WHERE expires_at <= $1',
            [now],
          )) +
          (await db.run(
            'consumer-prune-questions',
            `DELETE FROM camara_consumer_questions
             WHERE (answer IS NOT NULL AND updated_at < $1)
                OR (answer IS NULL AND COALESCE(consent_expires_at, 0) < $1 AND COALESCE(busy_until, 0) < $1)`,
            [answeredBefore],
          )),
      );
    },
  };
}
