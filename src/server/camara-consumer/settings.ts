/** Where the Location read's answer comes from: the service's own store (the demo), the document's operator
 *  (proxy mode), or a CAMARA Device Location operator. */
export const LOCATION_SOURCES = ['store', 'operator', 'camara'] as const;
export type LocationSourceName = (typeof LOCATION_SOURCES)[number];

/**
 * The purpose the service declares when it does not name another (CAMARA_PURPOSE). A person asks to see their own
 * phone, and the service does that and nothing more: DPV's RequestedServiceProvision ("delivering services as
 * requested by user or consumer"). CAMARA's examples use FraudPreventionAndDetection, which is not what this
 * service does, and a purpose has to be true: the operator shows it to the subscriber when asking for consent.
 */
export const DEFAULT_PURPOSE = 'dpv:RequestedServiceProvision';

/** The consumer's settings, as given (the key file is read and checked by consumer-key.ts). */
export interface CamaraConsumerSettings {
  /** The operator's OpenID issuer, exactly as its discovery document names it. */
  issuer: string;
  /** The operator's API root, without a trailing slash. */
  apiRoot: string;
  clientId: string;
  /** Path of the PEM private key the client signs its assertions with. */
  privateKeyFile: string;
  /** One DPV purpose, `dpv:<Purpose>`, optionally with a `#detail` some operators ask for. */
  purpose: string;
}

type Read = (name: string) => string | undefined;
type Fail = (variable: string, problem: string) => never;

const PURPOSE = /^dpv:[A-Z][A-Za-z0-9]*(#[A-Za-z0-9._:-]+)?$/;
const CLIENT_ID = /^[\x21-\x7e]{1,255}$/;
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;

/**
 * CAMARA requires TLS on every connection; plain http is accepted for a loopback address only (an operator on the
 * same machine, the tests' stand-in).
 */
function endpointUrl(read: Read, fail: Fail, name: string, example: string): string {
  const value = read(name);
  if (value === undefined) return fail(name, `required with LOCATION_SOURCE=camara (e.g. ${example})`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(name, `"${value}" is not an absolute URL (e.g. ${example})`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.hostname))) {
    return fail(name, `"${value}" must start with https:// (plain http only for a loopback address)`);
  }
  if (url.search !== '' || url.hash !== '' || value.includes('?') || value.includes('#')) {
    return fail(name, 'must not carry a query string or fragment');
  }
  if (url.username !== '' || url.password !== '') {
    return fail(name, 'must not carry a user name or password');
  }
  return value;
}

/** The LOCATION_SOURCE setting; absent: the store, or the operator in proxy mode. */
export function parseLocationSource(read: Read, fail: Fail, proxyMode: boolean): LocationSourceName {
  const value = read('LOCATION_SOURCE');
  if (value === undefined) return proxyMode ? 'operator' : 'store';
  const name = LOCATION_SOURCES.find((source) => source === value.toLowerCase());
  if (name === undefined) {
    return fail('LOCATION_SOURCE', `"${value}" is not one of ${LOCATION_SOURCES.join(', ')}`);
  }
  return name;
}

/** The CAMARA_* settings, read when LOCATION_SOURCE is camara; `fail` throws, naming the setting. */
export function parseCamaraSettings(read: Read, fail: Fail): CamaraConsumerSettings {
  const issuer = endpointUrl(read, fail, 'CAMARA_ISSUER', 'https://operator.example/oidc');
  const apiRoot = endpointUrl(read, fail, 'CAMARA_API_ROOT', 'https://api.operator.example/camara').replace(
    /\/+$/,
    '',
  );
  const clientId = read('CAMARA_CLIENT_ID');
  if (clientId === undefined) {
    return fail(
      'CAMARA_CLIENT_ID',
      'required with LOCATION_SOURCE=camara: the client id the operator gave you',
    );
  }
  if (!CLIENT_ID.test(clientId)) {
    return fail('CAMARA_CLIENT_ID', 'must be 1-255 printable characters without spaces');
  }
  const privateKeyFile = read('CAMARA_PRIVATE_KEY');
  if (privateKeyFile === undefined) {
    return fail(
      'CAMARA_PRIVATE_KEY',
      'required with LOCATION_SOURCE=camara: the path of the PEM private key registered with the operator',
    );
  }
  const purpose = read('CAMARA_PURPOSE') ?? DEFAULT_PURPOSE;
  if (!PURPOSE.test(purpose)) {
    return fail(
      'CAMARA_PURPOSE',
      `"${purpose}" is not one DPV purpose (dpv:<Purpose>, e.g. ${DEFAULT_PURPOSE}; exactly one, no spaces)`,
    );
  }
  return { issuer, apiRoot, clientId, privateKeyFile, purpose };
}

export type LocationConfig =
  { source: 'store' | 'operator' } | { source: 'camara'; camara: CamaraConsumerSettings };

/**
 * LOCATION_SOURCE and, for camara, the CAMARA_* settings. The store and a CAMARA operator answer for the service's
 * own users (their keys and numbers are in its database); the document's operator answers in proxy mode only.
 */
export function parseLocation(read: Read, fail: Fail, proxyMode: boolean): LocationConfig {
  const source = parseLocationSource(read, fail, proxyMode);
  if (source === 'operator' && !proxyMode) {
    return fail('LOCATION_SOURCE', 'operator needs POSITIONING_BASE_URL (proxy mode)');
  }
  if (source !== 'operator' && proxyMode) {
    return fail(
      'LOCATION_SOURCE',
      `${source} answers for the service's own users; in proxy mode (POSITIONING_BASE_URL) the operator does`,
    );
  }
  return source === 'camara' ? { source, camara: parseCamaraSettings(read, fail) } : { source };
}
