import http from 'node:http';
import https from 'node:https';
import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { AVATAR_MAX_BYTES } from '@app/shared/constants';

export { avatarExtension } from '../../lib/images.ts';

export class DownloadError extends Error {
  readonly privateAddress: boolean;
  constructor(message: string, privateAddress = false) {
    super(message);
    this.name = 'DownloadError';
    this.privateAddress = privateAddress;
  }
}

// Loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast and reserved ranges:
// an administrator's avatar_url must not make the server reach into its own network.
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

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Resolves like dns.lookup but refuses names with any non-public address, checked where the socket connects. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (addresses.length === 0) return callback(new DownloadError(`${hostname} has no address`), '', 0);
      if (!allowPrivate && addresses.some((a) => !isPublicAddress(a.address))) {
        return callback(new DownloadError(`${hostname} resolves to a non-public address`, true), '', 0);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}

export type DownloadOptions = { allowPrivateAddresses?: boolean; timeoutMs?: number; maxBytes?: number; maxRedirects?: number };

type Answer = { redirect: URL } | { data: Buffer };

function fetchOnce(url: URL, signal: AbortSignal, maxBytes: number, allowPrivate: boolean): Promise<Answer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // IP literals never reach the lookup hook, so they are checked here.
  if (isIP(host) && !allowPrivate && !isPublicAddress(host)) {
    return Promise.reject(new DownloadError(`${host} is not a public address`, true));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      // agent: false — a pooled keep-alive socket would skip the lookup, and with it the address check.
      { agent: false, lookup: guardedLookup(allowPrivate), signal, headers: { accept: 'image/*', 'user-agent': 'RelayDesk-avatar-fetch' } },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400 && location) {
          response.resume();
          resolve({ redirect: new URL(location, url) });
          return;
        }
        if (status !== 200) {
          response.resume();
          reject(new DownloadError(`answered ${status}`));
          return;
        }
        if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
          response.destroy();
          reject(new DownloadError('is too large'));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new DownloadError('is too large'));
          } else chunks.push(chunk);
        });
        response.on('end', () => resolve({ data: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

/**
 * Downloads an image for an avatar_url: http(s) only, public addresses only (also after redirects and
 * DNS changes, since the check runs where the socket connects), at most `maxBytes`, within `timeoutMs`.
 */
export async function downloadImage(source: string, options: DownloadOptions = {}): Promise<Buffer> {
  const { allowPrivateAddresses = false, timeoutMs = 10_000, maxBytes = AVATAR_MAX_BYTES, maxRedirects = 3 } = options;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(source);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DownloadError('is not an http or https URL');
    const answer = await fetchOnce(url, signal, maxBytes, allowPrivateAddresses);
    if ('data' in answer) return answer.data;
    url = answer.redirect;
  }
  throw new DownloadError('redirects too often');
}
