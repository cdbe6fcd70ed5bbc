import type { Problem } from '../http/api-answer';
import type { FreshCache } from '../cache/fresh-cache';
import type { User } from '../../store/records';
import { type ServiceStore } from '../../store/service-store';
import { andThen, type Maybe } from '../maybe';
import { keyParam, type KeyParams } from './key-params';
import type { Limits } from './limits';

/** Longest key we look up; anything longer cannot be one we issued. */
export const MAX_KEY_LENGTH = 256;

export const UNAUTHORIZED: Problem = {
  status: 401,
  code: 'unauthorized',
  message: 'The serviceKey and userKey are unknown or not of the same developer.',
};

/**
 * Who is asking, as a mode's key check found out, and the service key their requests to the live sources are
 * charged to (guard/limits.ts spendOnSources, the sources' budget port); or the answer that refuses the request.
 */
export type Judged<Who> = { ok: true; who: Who; serviceKey?: string } | { ok: false; problem: Problem };

/** How a mode judges the keys of a request from `address`: what the guard runs once the request is admitted. */
export type KeyJudge<Who> = (keys: KeyParams, address: string) => Maybe<Judged<Who>>;

/** Most key pairs whose check is kept between changes to the database. */
const KEPT = 10_000;

/**
 * The service's own key check, in the API notes' order: a key given twice (400), missing keys (401), a key too
 * long to be ours (401), unknown keys or keys of two developers (401), then the service key's rate limit (429).
 * Every 401 is charged to the client's address.
 *
 * Checks that found both keys (a user, or keys of two developers) are kept in a map of `fresh`, made fresh before
 * each check, so a client's next request costs a Map lookup instead of two SHA-256 hashes and a query. It is keyed
 * by the raw keys and lives in memory only. A Map compares a stored key only when the hashes of the two strings are
 * equal, so the time a miss takes says nothing about a stored key's characters; a miss goes on to the hashed,
 * constant-time check in the store.
 */
export function storeKeys(
  store: Pick<ServiceStore, 'authenticate'>,
  limits: Limits,
  fresh: FreshCache,
): KeyJudge<User> {
  const known = fresh.map<string, User | 'mismatch'>(KEPT);
  const refuse = (address: string, problem: Problem): Maybe<Judged<User>> =>
    andThen(limits.failed(address), () => ({ ok: false, problem }));
  return (params, address) => {
    fresh.check();
    const serviceKey = keyParam(params.serviceKey, 'serviceKey');
    if (typeof serviceKey !== 'string') return { ok: false, problem: serviceKey };
    const userKey = keyParam(params.userKey, 'userKey');
    if (typeof userKey !== 'string') return { ok: false, problem: userKey };
    if (serviceKey === '' || userKey === '') {
      const missing = [serviceKey === '' && 'serviceKey', userKey === '' && 'userKey']
        .filter(Boolean)
        .join(' and ');
      return refuse(address, { status: 401, code: 'missing-keys', message: `${missing} missing.` });
    }
    if (serviceKey.length > MAX_KEY_LENGTH || userKey.length > MAX_KEY_LENGTH) {
      return refuse(address, UNAUTHORIZED);
    }
    const pair = `${serviceKey.length}:${serviceKey}${userKey}`;
    const judge = (user: User | 'mismatch' | undefined): Maybe<Judged<User>> => {
      if (user === undefined || user === 'mismatch') return refuse(address, UNAUTHORIZED);
      return andThen(limits.accepted(serviceKey), (limited) =>
        limited === undefined ? { ok: true, who: user, serviceKey } : { ok: false, problem: limited },
      );
    };
    const kept = known.get(pair);
    if (kept !== undefined) return judge(kept);
    // Kept only if the database has not changed while it was asked (a change would have emptied the map).
    const version = fresh.version();
    return andThen(store.authenticate(serviceKey, userKey), (user) => {
      if (user !== undefined && fresh.version() === version) known.set(pair, user);
      return judge(user);
    });
  };
}

/** The keys as proxy mode passes them on, and how the operator's verdict on them is charged. */
export interface OperatorKeys {
  /** The query forwarded: only the two documented parameters, each at most once; '' when neither was given. */
  search: string;
  /** The key values given, for words that must never show them (the log). */
  secrets: readonly string[];
  /** The operator answered with `status`: its 401 is charged to the address, any other answer to the service key. */
  answered(status: number): void;
}

/**
 * Proxy mode's key check: the operator judges the keys, so missing keys are its to judge. A key given twice (400)
 * or too long to be anyone's (401, charged to the address) is not forwarded, nor is a service key over its limit
 * (429: its bucket is only looked at here, and taken from once the operator answered).
 */
export function operatorKeys(limits: Limits): KeyJudge<OperatorKeys> {
  return (params, address) => {
    const forwarded = new URLSearchParams();
    for (const name of ['serviceKey', 'userKey'] as const) {
      const given = params[name];
      const value = keyParam(given, name);
      if (typeof value !== 'string') return { ok: false, problem: value };
      if (value.length > MAX_KEY_LENGTH) {
        return andThen(limits.failed(address), () => ({ ok: false, problem: UNAUTHORIZED }));
      }
      if (given.length > 0) forwarded.set(name, value);
    }
    const serviceKey = forwarded.get('serviceKey') ?? '';
    const text = forwarded.toString();
    return andThen(limits.keyHasRoom(serviceKey), (full): Judged<OperatorKeys> => {
      if (full !== undefined) return { ok: false, problem: full };
      return {
        ok: true,
        who: {
          search: text === '' ? '' : `?${text}`,
          secrets: [...forwarded.values()].filter((value) => value !== ''),
          answered(status) {
            if (status === 401) void limits.failed(address);
            else void Promise.resolve(limits.accepted(serviceKey)).catch(() => undefined);
          },
        },
        // Spent only after the operator answered (it is the first source), so only once it has accepted the keys.
        serviceKey,
      };
    });
  };
}
