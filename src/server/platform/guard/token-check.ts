import type { Problem } from '../http/api-answer';
import type { Judged } from './key-check';
import type { Limits } from './limits';

/** Longest Authorization header looked at: a bearer token of the OpenID provider is 43 characters. */
const MAX_AUTHORIZATION = 600;

/** The Authorization header, as the bearer-token mode's credentials. */
export function authorizationHeader(c: {
  req: { header(name: string): string | undefined };
}): string | undefined {
  return c.req.header('authorization');
}

/**
 * The CAMARA operator's mode: a bearer token in place of the document's keys. `read` finds what a token grants
 * (undefined for a missing, unknown, expired or withdrawn one: one answer for all, `unauthenticated`, charged to the
 * address's failures); the API consumer it was issued to is then charged as a service key would be.
 */
export function bearerTokens<Who extends { clientId: string }>(
  read: (authorization: string) => Promise<Who | undefined>,
  limits: Limits,
  unauthenticated: Problem,
) {
  return async (authorization: string | undefined, address: string): Promise<Judged<Who>> => {
    const who =
      authorization === undefined || authorization.length > MAX_AUTHORIZATION
        ? undefined
        : await read(authorization);
    if (who === undefined) {
      await limits.failed(address);
      return { ok: false, problem: unauthenticated };
    }
    const limited = await limits.accepted(`api-consumer:${who.clientId}`);
    return limited === undefined ? { ok: true, who } : { ok: false, problem: limited };
  };
}
