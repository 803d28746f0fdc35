/*
 * The checker view's URL (001 section 2, S1-2.76): checker-view/{inboxId?}/{tab?}. `all` stands for every
 * inbox the user sees when a tab must follow; the tab defaults to recharge (S1-2.79).
 */

export const CHECKER_TABS = ['recharge', 'withdraw', 'issues'] as const;
export type CheckerTab = (typeof CHECKER_TABS)[number];
export const DEFAULT_CHECKER_TAB: CheckerTab = 'recharge';
export const ALL_INBOXES = 'all';

/** An inbox id, or every inbox the user sees. */
export type InboxChoice = number | typeof ALL_INBOXES;

const isTab = (value: string | undefined): value is CheckerTab => (CHECKER_TABS as readonly string[]).includes(value ?? '');

const inboxOf = (segment: string): InboxChoice | null => {
  if (segment === ALL_INBOXES) return ALL_INBOXES;
  const id = Number(segment);
  return /^\d+$/.test(segment) && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * Reads the route's two optional segments. `inbox` is null when the URL names none (the page chooses), and
 * `canonical` is false when the URL should be rewritten: an unknown tab, a tab in the inbox's place
 * (`checker-view/withdraw`), or an inbox segment that is no id.
 */
export function readCheckerParams(inboxSegment: string | undefined, tabSegment: string | undefined): { inbox: InboxChoice | null; tab: CheckerTab; canonical: boolean } {
  if (inboxSegment === undefined) return { inbox: null, tab: DEFAULT_CHECKER_TAB, canonical: true };
  const inbox = inboxOf(inboxSegment);
  if (inbox === null) {
    const tabFirst = isTab(inboxSegment) && tabSegment === undefined;
    return { inbox: tabFirst ? ALL_INBOXES : null, tab: tabFirst ? inboxSegment : DEFAULT_CHECKER_TAB, canonical: false };
  }
  if (tabSegment === undefined) return { inbox, tab: DEFAULT_CHECKER_TAB, canonical: true };
  return isTab(tabSegment) ? { inbox, tab: tabSegment, canonical: true } : { inbox, tab: DEFAULT_CHECKER_TAB, canonical: false };
}

/** The path (under /app/accounts/{id}/) of an inbox and tab: `checker-view` for every inbox on the default tab. */
export function checkerViewPath(inbox: InboxChoice, tab: CheckerTab): string {
  if (inbox === ALL_INBOXES && tab === DEFAULT_CHECKER_TAB) return 'checker-view';
  return `checker-view/${inbox}/${tab}`;
}
