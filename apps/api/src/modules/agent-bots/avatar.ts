import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { AVATAR_MAX_BYTES } from '@app/shared/constants';
import { guardedLookup as sharedLookup, publicOnly, type AddressGuard } from '../../lib/safe-fetch.ts';

export { avatarExtension } from '../../lib/images.ts';
export { isPublicAddress } from '../../lib/safe-fetch.ts';

export class DownloadError extends Error {
  readonly privateAddress: boolean;
  constructor(message: string, privateAddress = false) {
    super(message);
    this.name = 'DownloadError';
    this.privateAddress = privateAddress;
  }
}

/** Resolves through the shared guard, failing with a DownloadError that says the address was refused. */
const guardedLookup = (guard: AddressGuard) => sharedLookup(guard, (message) => new DownloadError(message, true));
const anyAddress: AddressGuard = () => true;

export type DownloadOptions = {
  allowPrivateAddresses?: boolean;
  /** Which addresses may be connected to, every hop (default: public only; `allowPrivateAddresses`: any). */
  guard?: AddressGuard;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
};

type Answer = { redirect: URL } | { data: Buffer };

function fetchOnce(url: URL, signal: AbortSignal, maxBytes: number, guard: AddressGuard): Promise<Answer> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // IP literals never reach the lookup hook, so they are checked here.
  if (isIP(host) && !guard(host, host)) {
    return Promise.reject(new DownloadError(`${host} is not a public address`, true));
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      // agent: false — a pooled keep-alive socket would skip the lookup, and with it the address check.
      { agent: false, lookup: guardedLookup(guard), signal, headers: { accept: 'image/*', 'user-agent': 'RelayDesk-avatar-fetch' } },
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
  const guard = options.guard ?? (allowPrivateAddresses ? anyAddress : publicOnly);
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(source);
  for (let hop = 0; hop <= maxRedirects; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DownloadError('is not an http or https URL');
    const answer = await fetchOnce(url, signal, maxBytes, guard);
    if ('data' in answer) return answer.data;
    url = answer.redirect;
  }
  throw new DownloadError('redirects too often');
}
