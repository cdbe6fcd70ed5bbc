import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** The longest sink URL accepted. */
export const MAX_SINK_LENGTH = 2048;

/* Addresses a sink may not be at: private, link-local, shared, unspecified, multicast and reserved ranges (the
   service's own network, the cloud's metadata service). Loopback is allowed: for development (docs). */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, bits, 'ipv6');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const bare = (hostname: string): string => hostname.replace(/^\[(.*)\]$/, '$1');

/** True for an IPv4 or IPv6 loopback address (127/8, ::1, an IPv4-mapped one), or the name localhost. */
export function isLoopback(host: string): boolean {
  const value = bare(host).toLowerCase();
  if (value === 'localhost') return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value)?.[1];
  if (mapped !== undefined) return LOOPBACK.check(mapped, 'ipv4');
  const family = isIP(value);
  return family !== 0 && LOOPBACK.check(value, family === 4 ? 'ipv4' : 'ipv6');
}

/** True for an address no sink may be at (loopback excepted). */
export function isPrivateAddress(address: string): boolean {
  const value = bare(address).toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value)?.[1];
  if (mapped !== undefined) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(value);
  return family !== 0 && PRIVATE.check(value, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why a sink URL is refused, or undefined when it is fine: https (the YAML's pattern), or plain http to a loopback
 * address only (development: a consumer on the same machine); no user name or password in it; not at a private
 * address given literally.
 */
export function sinkProblem(value: string): string | undefined {
  if (value.length > MAX_SINK_LENGTH) return `sink is longer than ${MAX_SINK_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'sink is not an absolute URL.';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
    return 'sink must be an https:// URL (plain http only to a loopback address).';
  }
  if (url.username !== '' || url.password !== '') return 'sink must not carry a user name or password.';
  if (url.hash !== '') return 'sink must not carry a fragment.';
  if (isPrivateAddress(url.hostname)) return 'sink must not be at a private address.';
  return undefined;
}

export type Resolve = (hostname: string) => Promise<string[]>;

const resolveAll: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true })).map((entry) => entry.address);

/**
 * Checked again before each delivery, for the name's addresses now: a sink whose name resolves to a private
 * address (a DNS answer changed since the subscription) is not sent to. A literal address is its own answer.
 */
export async function sinkAddressProblem(
  sink: string,
  resolve: Resolve = resolveAll,
): Promise<string | undefined> {
  const hostname = bare(new URL(sink).hostname);
  if (isIP(hostname) !== 0 || isLoopback(hostname)) return undefined;
  let addresses: string[];
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    return `the sink's name does not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
  const bad = addresses.find(isPrivateAddress);
  return bad === undefined ? undefined : `the sink's name resolves to a private address (${bad})`;
}
