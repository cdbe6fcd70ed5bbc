import type Database from 'better-sqlite3';
import {
  toQuestion,
  type CamaraConsumerStore,
  type HeldToken,
  type QuestionRow,
  type QuestionUpdate,
} from '../camara-consumer-store';

type Db = Database.Database;

/** The consumer's tables, as their migration (store/schema.ts) made them: never edited, a later change is a new
 *  migration. */
export const CONSUMER_TABLES = `
  CREATE TABLE camara_consumer_tokens (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    scope TEXT NOT NULL,
    msisdn TEXT NOT NULL,
    sealed TEXT NOT NULL,
    expires_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, scope)
  ) WITHOUT ROWID;
  CREATE INDEX camara_consumer_tokens_expiry ON camara_consumer_tokens(expires_at);
  CREATE TABLE camara_consumer_questions (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('locate', 'verify')),
    attempt TEXT NOT NULL,
    msisdn TEXT NOT NULL,
    ask TEXT NOT NULL,
    auth_req_id TEXT,
    consent_expires_at INTEGER,
    interval_s INTEGER,
    next_poll_at INTEGER,
    failures INTEGER NOT NULL DEFAULT 0,
    busy_until INTEGER,
    answer TEXT,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, kind)
  ) WITHOUT ROWID;
`;

/* A question someone works on, or whose subscriber is still being asked, is not replaced. */
const TAKEN = `COALESCE(q.busy_until, 0) > @now OR (q.answer IS NULL AND COALESCE(q.consent_expires_at, 0) > @now)`;

function prepare(db: Db) {
  return {
    token: db.prepare<[number, string, number], { sealed: string; msisdn: string; expires_at: number }>(
      'SELECT sealed, msisdn, expires_at FROM camara_consumer_tokens WHERE user_id = ? AND scope = ? AND expires_at > ?',
    ),
    putToken: db.prepare(
      `INSERT INTO camara_consumer_tokens (user_id, scope, msisdn, sealed, expires_at)
       VALUES (@userId, @scope, @msisdn, @sealed, @expiresAt)
       ON CONFLICT (user_id, scope) DO UPDATE SET msisdn = excluded.msisdn, sealed = excluded.sealed,
         expires_at = excluded.expires_at`,
    ),
    deleteToken: db.prepare('DELETE FROM camara_consumer_tokens WHERE user_id = ? AND scope = ?'),
    question: db.prepare<[number, string], QuestionRow>(
      'SELECT * FROM camara_consumer_questions WHERE user_id = ? AND kind = ?',
    ),
    start: db.prepare(
      `INSERT INTO camara_consumer_questions AS q (user_id, kind, attempt, msisdn, ask, auth_req_id, consent_expires_at,
         interval_s, next_poll_at, failures, busy_until, answer, updated_at)
       VALUES (@userId, @kind, @attempt, @msisdn, @ask, @authReqId, @consentExpiresAt, @intervalSeconds, @nextPollAt,
         @failures, @busyUntil, @answer, @now)
       ON CONFLICT (user_id, kind) DO UPDATE SET attempt = excluded.attempt, msisdn = excluded.msisdn,
         ask = excluded.ask, auth_req_id = excluded.auth_req_id, consent_expires_at = excluded.consent_expires_at,
         interval_s = excluded.interval_s, next_poll_at = excluded.next_poll_at, failures = excluded.failures,
         busy_until = excluded.busy_until, answer = excluded.answer, updated_at = excluded.updated_at
       WHERE NOT (${TAKEN})`,
    ),
    claim: db.prepare(
      `UPDATE camara_consumer_questions SET busy_until = @busyUntil, updated_at = @now
       WHERE user_id = @userId AND kind = @kind AND attempt = @attempt AND answer IS NULL
         AND auth_req_id IS NOT NULL AND next_poll_at <= @now AND COALESCE(busy_until, 0) <= @now`,
    ),
    pruneTokens: db.prepare('DELETE FROM camara_consumer_tokens WHERE expires_at <= ?'),
    pruneQuestions: db.prepare(
      `DELETE FROM camara_consumer_questions
       WHERE (answer IS NOT NULL AND updated_at < @before)
          OR (answer IS NULL AND COALESCE(consent_expires_at, 0) < @before AND COALESCE(busy_until, 0) < @before)`,
    ),
  };
}

function updateSql(update: QuestionUpdate): string {
  const sets = ['busy_until = @busyUntil', 'updated_at = @now'];
  if (update.consent !== undefined) {
    sets.push(
      'auth_req_id = @authReqId',
      'consent_expires_at = @consentExpiresAt',
      'interval_s = @intervalSeconds',
      'next_poll_at = @nextPollAt',
    );
  }
  if (update.failures !== undefined) sets.push('failures = @failures');
  if (update.answer !== undefined) sets.push('answer = @answer');
  if (update.ask !== undefined) sets.push('ask = @ask');
  return `UPDATE camara_consumer_questions SET ${sets.join(', ')}
     WHERE user_id = @userId AND kind = @kind AND attempt = @attempt`;
}

/** The consumer's store in the service's SQLite database (the tables of CONSUMER_TABLES). */
export function createConsumerStore(db: Db): CamaraConsumerStore {
  const q = prepare(db);
  // An update changes one of a few sets of columns: each set's statement is prepared once.
  const updates = new Map<string, Database.Statement>();
  const updateStatement = (update: QuestionUpdate) => {
    const sql = updateSql(update);
    let statement = updates.get(sql);
    if (statement === undefined) updates.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
  return {
    async getToken(userId, scope, now): Promise<HeldToken | undefined> {
      const row = q.token.get(userId, scope, now);
      return row === undefined
        ? undefined
        : { sealed: row.sealed, msisdn: row.msisdn, expiresAt: row.expires_at };
    },
    async putToken(userId, scope, token) {
      q.putToken.run({ userId, scope, ...token });
    },
    async deleteToken(userId, scope) {
      q.deleteToken.run(userId, scope);
    },
    async getQuestion(userId, kind) {
      const row = q.question.get(userId, kind);
      return row === undefined ? undefined : toQuestion(row);
    },
    async startQuestion(question, now) {
      const { consent } = question;
      const changed = q.start.run({
        userId: question.userId,
        kind: question.kind,
        attempt: question.attempt,
        msisdn: question.msisdn,
        ask: question.ask,
        authReqId: consent?.authReqId ?? null,
        consentExpiresAt: consent?.expiresAt ?? null,
        intervalSeconds: consent?.intervalSeconds ?? null,
        nextPollAt: consent?.nextPollAt ?? null,
        failures: question.failures,
        busyUntil: question.busyUntil ?? null,
        answer: question.answer ?? null,
        now,
      });
      return changed.changes === 1;
    },
    async claimPoll(userId, kind, attempt, now, busyUntil) {
      return q.claim.run({ userId, kind, attempt, now, busyUntil }).changes === 1;
    },
    async updateQuestion(userId, kind, attempt, update, now) {
      const { consent } = update;
      const changed = updateStatement(update).run({
        userId,
        kind,
        attempt,
        now,
        busyUntil: update.busyUntil ?? null,
        ...(consent !== undefined && {
          authReqId: consent.authReqId,
          consentExpiresAt: consent.expiresAt,
          intervalSeconds: consent.intervalSeconds,
          nextPollAt: consent.nextPollAt,
        }),
        ...(update.failures !== undefined && { failures: update.failures }),
        ...(update.answer !== undefined && { answer: update.answer }),
        ...(update.ask !== undefined && { ask: update.ask }),
      });
      return changed.changes === 1;
    },
    async prune(now, answeredBefore) {
      const tokens = q.pruneTokens.run(now).changes;
      return tokens + q.pruneQuestions.run({ before: answeredBefore }).changes;
    },
  };
}
