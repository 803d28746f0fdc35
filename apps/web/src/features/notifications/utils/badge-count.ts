/** 000 sections 4 and 9: the unread badge shows the count, or 99+ from 100 on. */
export const BADGE_CAP = 99;

export function badgeCount(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
