import type { Context, MiddlewareHandler } from 'hono';
import { problem, type Problem } from '../http/api-answer';
import type { KeyJudge } from './key-check';
import { keyParams } from './key-params';
import type { Limits } from './limits';

/** A route's own check of what is asked (its path and query), run before the keys are looked at. */
export type RequestCheck<Asked> = (
  c: Context,
) => { ok: true; value: Asked } | { ok: false; problem: Problem };

/** What a guarded route finds on its context: who is asking, as the mode's key check says, and what. */
export interface Guarded<Who, Asked> {
  Variables: { who: Who; asked: Asked };
}

export interface GuardOptions<Who> {
  limits: Limits;
  /** The client's address (guard/client-address.ts), for the per-address buckets. */
  addressOf: (c: Context) => string;
  /** The mode: the service's own key check, or proxy mode's, where the operator judges the keys. */
  judge: KeyJudge<Who>;
}

/** The middleware for one route, given the route's check of what is asked (none for the Location read). */
export type Guard<Who> = <Asked = undefined>(
  check?: RequestCheck<Asked>,
) => MiddlewareHandler<Guarded<Who, Asked>>;

/**
 * The one gate of the positioning reads: every request is charged to its client's address (429), then what it asks
 * is checked (400, before the keys cost anything), then its keys are judged by the mode (400, 401, 429). Routes
 * behind it only answer, for `c.var.who` and `c.var.asked`.
 */
export function createGuard<Who>({ limits, addressOf, judge }: GuardOptions<Who>): Guard<Who> {
  return <Asked>(check?: RequestCheck<Asked>): MiddlewareHandler<Guarded<Who, Asked>> =>
    async (c, next) => {
      const address = addressOf(c);
      const admitted = limits.admit(address);
      const refused = admitted instanceof Promise ? await admitted : admitted;
      if (refused !== undefined) return problem(c, refused);
      if (check !== undefined) {
        const checked = check(c);
        if (!checked.ok) return problem(c, checked.problem);
        c.set('asked', checked.value);
      }
      const judging = judge(keyParams(c), address);
      const judged = judging instanceof Promise ? await judging : judging;
      if (!judged.ok) return problem(c, judged.problem);
      c.set('who', judged.who);
      await next();
    };
}
