/** Chatwoot's mention links in a note: `[@Name](mention://user/12/Name)`. */
const USER_MENTION = /mention:\/\/user\/(\d{1,10})(?:\/|\b)/g;
const MAX_MENTIONS = 50;

/** The distinct user ids mentioned in a note's content, in order of appearance. */
export function mentionedUserIds(content: string | null | undefined): number[] {
  if (!content) return [];
  const ids = new Set<number>();
  for (const match of content.matchAll(USER_MENTION)) {
    const id = Number(match[1]);
    if (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) ids.add(id);
    if (ids.size >= MAX_MENTIONS) break;
  }
  return [...ids];
}
