import { useEffect, useState, type FormEvent } from 'react';
import { t } from '../../../lib/i18n/i18n.ts';

/** The list's search (GET contacts/search?q): sent on Enter; clearing it shows every contact again. */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  // The URL changed elsewhere (back, a sidebar link): the box follows it, keeping its focus.
  useEffect(() => setText(value), [value]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className="contacts-search" onSubmit={submit}>
      <input
        type="search"
        aria-label={t('CONTACTS.SEARCH.LABEL')}
        placeholder={t('CONTACTS.SEARCH.PLACEHOLDER')}
        value={text}
        maxLength={200}
        onChange={(e) => {
          setText(e.target.value);
          // The browser's clear button (or deleting everything) goes back to the whole list.
          if (e.target.value === '' && value) onSearch('');
        }}
      />
    </form>
  );
}
