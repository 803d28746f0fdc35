/**
 * 000 sections 4 and 9: the inbox badge's colour band by unresponded count. The spec gives the edges both as
 * 0-50 / 51-100 / 101-200 / over 200 and as 0-50 / 50-100 / 100-200 / 200+; we read section 4's explicit
 * ranges, so 50, 100 and 200 close the lower band.
 */
export const INBOX_BADGE_BANDS = ['calm', 'busy', 'high', 'critical'] as const;
export type InboxBadgeBand = (typeof INBOX_BADGE_BANDS)[number];

export function inboxBadgeBand(count: number): InboxBadgeBand {
  if (count <= 50) return 'calm';
  if (count <= 100) return 'busy';
  if (count <= 200) return 'high';
  return 'critical';
}
