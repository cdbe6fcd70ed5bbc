import type { Context, MiddlewareHandler, Next } from 'hono';
import { problem, type Problem } from '../http/api-answer';
import type { Judged } from './key-check';
import type { KeyParams } from './key-params';
import type { Limits } from './limits';

/** A route's own check of what is asked (its path and query), run before the keys are looked at. */
export type RequestCheck<Asked> = (
  c: Context,
) => { ok: true; value: Asked } | { ok: false; problem: Problem };

/**
 * What a guarded route finds on its context: who is asking, as the mode's key check says, what, and the service
 * key their requests to the live cell sources are charged to (a value; the budget is the sources' own port).
 */
export interface Guarded<Who, Asked> {
  Variables: { who: Who; asked: Asked; serviceKey: string | undefined };
}

/** How a mode judges the credentials of a request from `address`; a mode that asks a provider may take its time. */
export type Judge<Who, Credentials> = (
  credentials: Credentials,
  address: string,
) => Judged<Who> | Promise<Judged<Who>>;

export interface GuardOptions<Who, Credentials = KeyParams> {
  limits: Limits;
  /** The client's address (guard/client-address.ts), for the per-address buckets. */
  addressOf: (c: Context) => string;
  /** The mode: the service's own key check, proxy mode's (the operator judges the keys), or the CAMARA
   *  operator's bearer tokens (guard/token-check.ts). */
  judge: Judge<Who, Credentials>;
  /** Where the mode's credentials are: the document's two keys (guard/key-params.ts keyParams), or a bearer token. */
  credentials: (c: Context) => Credentials;
  /** How a refusal is answered: the document's error body unless the mode's API has its own form. */
  refuse?: (c: Context, problem: Problem) => Response;
}

/** The middleware for one route, given the route's check of what is asked (none for the Location read). */
export type Guard<Who> = <Asked = undefined>(
  check?: RequestCheck<Asked>,
) => MiddlewareHandler<Guarded<Who, Asked>>;

/**
 * The one gate of the reads: every request is charged to its client's address (429), then what it asks is checked
 * (400, before the credentials cost anything), then its credentials are judged by the mode (400, 401, 429). Routes
 * behind it only answer, for `c.var.who` and `c.var.asked`, and put `c.var.serviceKey` in the question they ask the
 * sources, which charge that key's budget (given them when the mode was composed) for each request to a live source.
 */
export function createGuard<Who, Credentials = KeyParams>(
  options: GuardOptions<Who, Credentials>,
): Guard<Who> {
  const { limits, addressOf, judge, credentials } = options;
  const refuse = options.refuse ?? problem;
  return <Asked>(check?: RequestCheck<Asked>): MiddlewareHandler<Guarded<Who, Asked>> => {
    type C = Context<Guarded<Who, Asked>>;
    type Passed = Response | Promise<void | Response>;
    const admit = (c: C, next: Next, address: string, refused: Problem | undefined): Passed => {
      if (refused !== undefined) return refuse(c, refused);
      if (check !== undefined) {
        const checked = check(c);
        if (!checked.ok) return refuse(c, checked.problem);
        c.set('asked', checked.value);
      }
      const verdict = judge(credentials(c), address);
      // A judge that answers at once is not waited for: the document's reads keep their one-tick path.
      return verdict instanceof Promise
        ? verdict.then((judged) => pass(c, next, judged))
        : pass(c, next, verdict);
    };
    const pass = (c: C, next: Next, judged: Judged<Who>): Passed => {
      if (!judged.ok) return refuse(c, judged.problem);
      c.set('who', judged.who);
      c.set('serviceKey', judged.serviceKey);
      return next();
    };
    // Not an async function: a request whose limits and keys are answered at once passes on to the route without a
    // promise and a tick of its own (Hono awaits whatever a middleware returns).
    const guard = (c: C, next: Next): Passed => {
      const address = addressOf(c);
      // A limit kept in this process answers at once; one shared by replicas (PostgreSQL) is waited for.
      const admitted = limits.admit(address);
      return admitted instanceof Promise
        ? admitted.then((refused) => admit(c, next, address, refused))
        : admit(c, next, address, admitted);
    };
    return guard as MiddlewareHandler<Guarded<Who, Asked>>;
  };
}
