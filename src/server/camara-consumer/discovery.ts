import { CIBA_GRANT_TYPE } from '../../api/device-location';
import type { SigningAlg } from './key';
import { jsonObject } from '../platform/net/json-object';
import { redactedExcerpt, type OperatorHttp } from './http';

/** What the consumer needs of the operator's OpenID Provider metadata (OpenID Connect Discovery 1.0). */
export interface OperatorEndpoints {
  issuer: string;
  backchannelEndpoint: string;
  tokenEndpoint: string;
  /** The algorithm the client signs its assertions with: the key's, as the operator accepts it. */
  alg: SigningAlg;
}

export type Discovered = { ok: true; endpoints: OperatorEndpoints } | { ok: false; problem: string };

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/** Where the metadata lives: the issuer without a trailing "/", then the well-known path (Discovery 4.1). */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
}

/* An endpoint takes the issuer's scheme: plain http only when the issuer itself is plain http on loopback (a test
   operator), so an https operator cannot send the number and an assertion to a service on the consumer's host. */
function endpoint(metadata: Record<string, unknown>, name: string, issuer: URL): string | string[] {
  const value = metadata[name];
  if (typeof value !== 'string') return [`lists no ${name}`];
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return [`names ${name} "${redactedExcerpt(value)}", which is not a URL`];
  }
  const plain = issuer.protocol === 'http:' && LOOPBACK.test(issuer.hostname);
  if (url.protocol !== 'https:' && !(plain && url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    return [`names ${name} ${url.origin}, which is not https`];
  }
  if (url.hash !== '') return [`names ${name} with a fragment`];
  return value;
}

function listOf(metadata: Record<string, unknown>, name: string): string[] | undefined {
  const value = metadata[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : undefined;
}

/** The first listed value the operator does not support, or undefined when it lists nothing or supports it. */
function unsupported(metadata: Record<string, unknown>, name: string, wanted: string): string | undefined {
  const listed = listOf(metadata, name);
  return listed !== undefined && !listed.includes(wanted) ? `does not list ${wanted} in ${name}` : undefined;
}

/** Reads the metadata strictly: the issuer must be the one configured (Discovery 4.3), CIBA poll mode offered. */
export function readMetadata(text: string, issuer: string, algs: SigningAlg[]): Discovered {
  const metadata = jsonObject(text);
  if (metadata === undefined) return { ok: false, problem: 'the discovery document is not a JSON object' };
  if (metadata.issuer !== issuer) {
    return {
      ok: false,
      problem:
        typeof metadata.issuer === 'string'
          ? `the operator names its issuer "${redactedExcerpt(metadata.issuer)}"; set CAMARA_ISSUER to exactly that`
          : 'the discovery document names no issuer',
    };
  }
  const issuerUrl = new URL(issuer);
  const backchannel = endpoint(metadata, 'backchannel_authentication_endpoint', issuerUrl);
  const token = endpoint(metadata, 'token_endpoint', issuerUrl);
  const problems = [
    ...(Array.isArray(backchannel) ? backchannel : []),
    ...(Array.isArray(token) ? token : []),
    unsupported(metadata, 'grant_types_supported', CIBA_GRANT_TYPE),
    unsupported(metadata, 'backchannel_token_delivery_modes_supported', 'poll'),
    unsupported(metadata, 'token_endpoint_auth_methods_supported', 'private_key_jwt'),
  ].filter((problem): problem is string => problem !== undefined);
  if (problems.length > 0 || Array.isArray(backchannel) || Array.isArray(token)) {
    return { ok: false, problem: `the operator's discovery document ${problems.join('; ')}` };
  }
  const accepted = listOf(metadata, 'token_endpoint_auth_signing_alg_values_supported');
  const alg = accepted === undefined ? algs[0] : algs.find((candidate) => accepted.includes(candidate));
  if (alg === undefined) {
    return {
      ok: false,
      problem: `the operator accepts client assertions signed with ${accepted?.join(', ') || 'nothing'}; this key signs with ${algs.join(' or ')}`,
    };
  }
  return { ok: true, endpoints: { issuer, backchannelEndpoint: backchannel, tokenEndpoint: token, alg } };
}

/** Fetches and reads the operator's metadata; a problem is worded to follow "CAMARA_ISSUER: ". */
export async function discover(http: OperatorHttp, issuer: string, algs: SigningAlg[]): Promise<Discovered> {
  const url = discoveryUrl(issuer);
  const reply = await http({ method: 'GET', url, headers: { Accept: 'application/json' } });
  if (!reply.ok) return { ok: false, problem: `${url} did not answer (${reply.failure}: ${reply.detail})` };
  if (reply.status !== 200)
    return { ok: false, problem: `${url} answered HTTP ${reply.status}, not its metadata` };
  return readMetadata(reply.text, issuer, algs);
}
