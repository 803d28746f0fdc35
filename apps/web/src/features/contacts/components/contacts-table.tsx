import { Link } from 'react-router';
import type { Contact, ContactSortKey } from '@app/shared/contacts';
import { Avatar } from '../../../components/avatar.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { accountPath } from '../../../lib/routing.ts';
import { formatDate, text } from '../utils/format.ts';
import type { ContactSort } from '../utils/list-query.ts';

type Column = { key: ContactSortKey; label: MessageKey; cell: (contact: Contact) => string };

const COLUMNS: Column[] = [
  { key: 'email', label: 'CONTACTS.LIST.EMAIL', cell: (c) => c.email ?? '' },
  { key: 'phone_number', label: 'CONTACTS.LIST.PHONE', cell: (c) => c.phone_number ?? '' },
  { key: 'company', label: 'CONTACTS.LIST.COMPANY', cell: (c) => text(c.additional_attributes.company_name) },
  { key: 'city', label: 'CONTACTS.LIST.CITY', cell: (c) => text(c.additional_attributes.city) },
  { key: 'country', label: 'CONTACTS.LIST.COUNTRY', cell: (c) => text(c.additional_attributes.country) },
  { key: 'last_activity_at', label: 'CONTACTS.LIST.LAST_ACTIVITY', cell: (c) => formatDate(c.last_activity_at) },
  { key: 'created_at', label: 'CONTACTS.LIST.CREATED', cell: (c) => formatDate(c.created_at) },
];
const SKELETON_ROWS = 8;

type HeaderProps = { sort: ContactSort | null; onSort?: (sort: ContactSort) => void };

/** A column heading that sorts by its column (ascending first, then descending); plain text where the list cannot sort. */
function SortHeader({ column, label, sort, onSort }: HeaderProps & { column: ContactSortKey; label: MessageKey }) {
  const direction = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : undefined;
  const className = `contacts-table__col--${column}`;
  if (!onSort) return <th scope="col" className={className}>{t(label)}</th>;
  const next: ContactSort = direction === 'ascending' ? `-${column}` : column;
  return (
    <th scope="col" className={className} aria-sort={direction ?? 'none'}>
      <button type="button" className="contacts-table__sort" onClick={() => onSort(next)} aria-label={t('CONTACTS.LIST.SORT_BY', { column: t(label) })}>
        {t(label)}
        <span aria-hidden="true" className="contacts-table__arrow">
          {direction === 'ascending' ? '▲' : direction === 'descending' ? '▼' : ''}
        </span>
      </button>
    </th>
  );
}

function Header(props: HeaderProps) {
  return (
    <thead>
      <tr>
        <SortHeader column="name" label="CONTACTS.LIST.NAME" {...props} />
        {COLUMNS.map((column) => (
          <SortHeader key={column.key} column={column.key} label={column.label} {...props} />
        ))}
      </tr>
    </thead>
  );
}

/** The table's shape while the first page loads. */
export function ContactsSkeleton() {
  return (
    <div className="settings-table-wrap" role="status" aria-label={t('CONTACTS.LIST.LOADING')}>
      <table className="settings-table contacts-table" aria-hidden="true">
        <Header sort={null} />
        <tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, row) => (
            <tr key={row}>
              {Array.from({ length: COLUMNS.length + 1 }, (_, column) => (
                <td key={column} className={`contacts-table__col--${column === 0 ? 'name' : COLUMNS[column - 1]!.key}`}>
                  <span className="contacts-skeleton" style={{ inlineSize: `${45 + ((row * 7 + column * 13) % 45)}%` }} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type ContactsTableProps = { accountId: number; contacts: Contact[]; sort: ContactSort | null; onSort?: (sort: ContactSort) => void; busy: boolean };

/** A page of contacts; the name opens the profile. Headings sort the list when it can be sorted (not a filter). */
export function ContactsTable({ accountId, contacts, sort, onSort, busy }: ContactsTableProps) {
  return (
    <div className="settings-table-wrap">
      <table className="settings-table contacts-table" aria-label={t('CONTACTS.LIST.TABLE')} aria-busy={busy || undefined}>
        <Header sort={sort} onSort={onSort} />
        <tbody>
          {contacts.map((contact) => (
            <tr key={contact.id}>
              <th scope="row">
                <Link className="contacts-table__name" to={accountPath(accountId, `contacts/${contact.id}`)}>
                  <Avatar name={contact.name || '?'} src={contact.thumbnail || null} size="small" />
                  <span dir="auto">{contact.name || t('CONTACTS.UNNAMED')}</span>
                </Link>
              </th>
              {COLUMNS.map((column) => {
                const value = column.cell(contact);
                return (
                  <td key={column.key} className={`contacts-table__${column.key} contacts-table__col--${column.key}`} dir="auto">
                    {value || <span className="muted">{t('CONTACTS.LIST.NONE')}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
