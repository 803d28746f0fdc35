// Sends a scenario's messages through the HTTP API at a steady rate while its fault happens, like a client behind
// a load balancer: a refused connection goes to the next API process (the request never arrived); any other
// failure leaves the message unacknowledged, never retried.
import { sleep } from './infra.ts';
import type { Post } from './judge.ts';
import { serveBases, type World } from './setup.ts';

const REQUEST_TIMEOUT_MS = 10_000;

function refused(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
}

async function postOne(world: World, i: number, content: string): Promise<Post> {
  const post: Post = { sentAt: Date.now(), ackAt: null, messageId: null };
  const conversation = world.conversations[i % world.conversations.length]!;
  const bases = serveBases(world);
  for (let k = 0; k < bases.length; k++) {
    const base = bases[(i + k) % bases.length]!;
    try {
      const res = await fetch(`${base}/api/v1/accounts/${world.accountId}/conversations/${conversation}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', api_access_token: world.admin.token },
        body: JSON.stringify({ content, message_type: 'outgoing' }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = (await res.json().catch(() => ({}))) as { id?: number };
      if (res.ok && typeof body.id === 'number') return { ...post, ackAt: Date.now(), messageId: body.id };
      return { ...post, error: `answered ${res.status}` };
    } catch (err) {
      if (refused(err)) continue;
      return { ...post, error: err instanceof Error ? `${err.name}: ${(err.cause as Error | undefined)?.message ?? err.message}` : String(err) };
    }
  }
  return { ...post, error: 'every API process refused the connection' };
}

/**
 * Posts `count` messages `faults <key> <i>`, one every 1000/rate ms whatever the answers take, and starts `fault`
 * when `faultAt` of them have been sent. Answers every post once all have ended, and the fault still running
 * (recovery, e.g. a new process starting, overlaps the wait for deliveries).
 */
export async function stream(world: World, key: string, count: number, rate: number, faultAt: number, fault: () => Promise<string>): Promise<{ posts: Post[]; faulted: Promise<string> }> {
  const started = Date.now();
  const posts: Promise<Post>[] = [];
  let faulted: Promise<string> = Promise.resolve('the fault never started');
  for (let i = 0; i < count; i++) {
    const due = started + (i * 1000) / rate;
    if (due > Date.now()) await sleep(due - Date.now());
    if (i === faultAt) {
      faulted = fault();
      faulted.catch(() => undefined); // the caller awaits (and throws) it
    }
    posts.push(postOne(world, i, `faults ${key} ${i}`));
  }
  return { posts: await Promise.all(posts), faulted };
}
