import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { LazyScreen } from '../../components/lazy-screen.tsx';
import { loadContactsMessages } from '../../lib/i18n/i18n.ts';
import { named } from '../../lib/routing.ts';

// The screens and their strings are chunks of their own, fetched side by side (as the checker view's).
const ContactsPage = lazy(() => Promise.all([import('./pages/contacts-page.tsx'), loadContactsMessages()]).then(([module]) => ({ default: module.ContactsPage })));
const ContactProfilePage = lazy(() =>
  Promise.all([import('./pages/contact-profile-page.tsx'), loadContactsMessages()]).then(([module]) => ({ default: module.ContactProfilePage })),
);

const screen = (element: React.ReactNode) => <LazyScreen>{element}</LazyScreen>;

/**
 * The contact routes of 001 section 2 (S1-2.69 to S1-2.72), children of /app/accounts/:accountId inside the app
 * shell; the guard opens them to administrators, agents and contact_manage (S1-2.73).
 */
export const contactsRoutes: RouteObject[] = [
  { path: 'contacts', element: screen(<ContactsPage scope="all" />), handle: named('contacts_dashboard') },
  { path: 'contacts/custom_view/:segmentId', element: screen(<ContactsPage scope="segment" />), handle: named('contacts_segments_dashboard') },
  { path: 'labels/:label/contacts', element: screen(<ContactsPage scope="label" />), handle: named('contacts_labels_dashboard') },
  { path: 'contacts/:contactId', element: screen(<ContactProfilePage />), handle: named('contact_profile_dashboard') },
];
