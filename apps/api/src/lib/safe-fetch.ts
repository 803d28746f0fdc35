import http from 'node:http';
import https from 'node:https';
import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast and reserved ranges:
// a URL an administrator types must not make the server reach into its own network.
const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
// (BlockList applies the IPv4 rules to IPv4-mapped IPv6 addresses too, e.g. ::ffff:127.0.0.1.)
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  return !NON_PUBLIC.check(address, familyOf(address));
}

/** Decides whether a host name resolving to an address may be connected to. */
export type AddressGuard = (host: string, address: string) => boolean;

/** Public addresses only. */
export const publicOnly: AddressGuard = (_host, address) => isPublicAddress(address);

/**
 * Public addresses, plus the host names, addresses and CIDRs of an allow-list (WEBHOOK_ALLOWED_HOSTS,
 * for integrations on the local network).
 */
export function allowListGuard(allowed: string[]): AddressGuard {
  const hosts = new Set<string>();
  const nets = new BlockList();
  for (const entry of allowed) {
    const [net, prefix] = entry.split('/');
    if (net && isIP(net) && prefix !== undefined) nets.addSubnet(net, Number(prefix), familyOf(net));
    else if (net && isIP(net)) nets.addAddress(net, familyOf(net));
    else hosts.add(entry.toLowerCase());
  }
  return (host, address) => isPublicAddress(address) || hosts.has(host.toLowerCase()) || (isIP(address) !== 0 && nets.check(address, familyOf(address)));
}

export class BlockedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BlockedAddressError';
  }
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** Resolves like dns.lookup but refuses a name with any refused address, checked where the socket connects. */
export function guardedLookup(guard: AddressGuard, blocked: (message: string) => Error = (m) => new BlockedAddressError(m)): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (addresses.length === 0) return callback(blocked(`${hostname} has no address`), '', 0);
      if (addresses.some((a) => !guard(hostname, a.address))) return callback(blocked(`${hostname} resolves to a non-public address`), '', 0);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

/** An IP literal never reaches the lookup hook, so it is checked before connecting; undefined when allowed. */
export function literalRefusal(url: URL, guard: AddressGuard): string | undefined {
  const host = bareHost(url);
  return isIP(host) && !guard(host, host) ? `${host} is not a public address` : undefined;
}

/**
 * Why a URL may not be saved (not http(s), an IP literal the guard refuses, or a name that resolves to a
 * refused address), or undefined. A name that does not resolve right now is accepted, as Chatwoot does:
 * DNS may come later, and the connection is checked again wherever it resolves then.
 */
export async function urlRefusal(raw: string, guard: AddressGuard): Promise<string | undefined> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
  const host = bareHost(url);
  if (isIP(host)) return guard(host, host) ? undefined : 'must point to a public address';
  let addresses: LookupAddress[];
  try {
    addresses = await new Promise<LookupAddress[]>((resolve, reject) => lookup(host, { all: true }, (err, list) => (err ? reject(err) : resolve(list))));
  } catch {
    return undefined;
  }
  return addresses.every((a) => guard(host, a.address)) ? undefined : 'must point to a public address';
}

export type PostResult = { status: number };

/** Keep-alive agents of one guard, by protocol (guardedAgents). */
export type GuardedAgents = { 'http:': http.Agent; 'https:': https.Agent };

/**
 * Keep-alive agents whose every socket resolves its host through the guard where it connects: a pooled socket is
 * one that passed the check, reused only for the host and port it was checked for, so keeping it alive skips
 * the connection (and TLS handshake) without skipping the check. Make them once per guard and reuse them.
 */
export function guardedAgents(guard: AddressGuard, maxSockets = 16): GuardedAgents {
  const lookup = guardedLookup(guard);
  return { 'http:': new http.Agent({ keepAlive: true, maxSockets, lookup }), 'https:': new https.Agent({ keepAlive: true, maxSockets, lookup }) };
}

/**
 * POSTs a body and answers the status; the body of the answer is discarded. Redirects are not
 * followed (a 3xx is the answer). The address guard runs where the socket connects: on a socket of its own
 * (`agent: false`), or through `agents` made for the same guard (guardedAgents), which keep sockets alive.
 */
export function postGuarded(
  raw: string,
  body: string | Uint8Array,
  headers: Record<string, string>,
  options: { guard: AddressGuard; timeoutMs: number; agents?: GuardedAgents },
): Promise<PostResult> {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new BlockedAddressError('is not an http or https URL'));
  const refusal = literalRefusal(url, options.guard);
  if (refusal) return Promise.reject(new BlockedAddressError(refusal));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        ...(options.agents ? { agent: options.agents[url.protocol as 'http:' | 'https:'] } : { agent: false, lookup: guardedLookup(options.guard) }),
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
