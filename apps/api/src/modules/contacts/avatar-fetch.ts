import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@app/db';
import type { Services } from '../../lib/context.ts';
import { avatarExtension } from '../../lib/images.ts';
import { announce, recordEvents } from '../../lib/events.ts';
import { publicOnly, urlRefusal } from '../../lib/safe-fetch.ts';
import { downloadImage } from '../agent-bots/avatar.ts';
import { contactEntry, knownContact } from './events.ts';

const { contacts } = schema;

/**
 * What create/update check of an `avatar_url` before accepting it (422 on avatar_url): http(s), and not naming a
 * private address (literal or as the name resolves now). The job checks again where it connects. Undefined when fine.
 */
export function avatarUrlRefusal(raw: string): Promise<string | undefined> {
  return urlRefusal(raw, publicOnly);
}

/** Takes one contact whose avatar_url waits, clearing the mark in the same statement (a second worker skips it). */
async function claimPendingAvatar(services: Services): Promise<{ id: number; accountId: number; url: string; avatarKey: string | null } | null> {
  const result = await services.db.execute(sql`
    with next as (
      select ${contacts.id} as id, ${contacts.avatarSourceUrl} as url from ${contacts}
      where ${contacts.avatarSourceUrl} is not null order by ${contacts.id} limit 1 for update skip locked
    )
    update ${contacts} set avatar_source_url = null from next where ${contacts.id} = next.id
    returning ${contacts.id} as id, ${contacts.accountId} as account_id, next.url as url, ${contacts.avatarKey} as avatar_key`);
  // both drivers (node-postgres and PGlite) answer raw statements as { rows }
  const { rows } = result as unknown as { rows: { id: number; account_id: number; url: string; avatar_key: string | null }[] };
  const row = rows[0];
  return row ? { id: row.id, accountId: row.account_id, url: row.url, avatarKey: row.avatar_key } : null;
}

/**
 * The `contacts:avatars` job: downloads each waiting avatar_url through the private-address guard (lib/safe-fetch,
 * checked where the socket connects, after redirects too), at most AVATAR_MAX_BYTES, keeps it only when its bytes
 * are an accepted image, and stores it like an upload (contact.updated follows). A URL that fails is dropped with
 * a log line: the contact keeps the avatar it had. Returns how many avatars it stored.
 */
export async function runAvatarFetches(services: Services, options: { allowPrivateAddresses?: boolean } = {}): Promise<number> {
  let stored = 0;
  for (let job = await claimPendingAvatar(services); job; job = await claimPendingAvatar(services)) {
    let key: string;
    try {
      const data = await downloadImage(job.url, { allowPrivateAddresses: options.allowPrivateAddresses ?? false });
      key = await services.storage.put({ folder: 'avatars', data, extension: await avatarExtension(data, 'avatar_url') });
    } catch (err) {
      services.log.info({ err, contactId: job.id, url: job.url }, 'contact avatar_url could not be fetched');
      continue;
    }
    const recorded = await services.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(contacts)
        .set({ avatarKey: key, updatedAt: new Date() })
        .where(and(eq(contacts.id, job.id), sql`${contacts.deletingAt} is null`))
        .returning();
      return updated && { row: updated, entries: await recordEvents(tx, [contactEntry('contact.updated', updated)]) };
    });
    if (!recorded) {
      await services.storage.remove(key).catch(() => undefined);
      continue;
    }
    stored++;
    if (job.avatarKey && job.avatarKey !== key) {
      const old = job.avatarKey;
      await services.storage.remove(old).catch((err: unknown) => services.log.warn({ err, key: old }, 'could not remove a replaced contact avatar file'));
    }
    await announce(services, recorded.entries, [knownContact(services, recorded.row)]);
  }
  return stored;
}
