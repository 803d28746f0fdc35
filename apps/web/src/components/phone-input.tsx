import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../lib/i18n/i18n.ts';
import { countryList, parsePhone, scrollTopFor, searchCountries, type Country } from './phone-countries.ts';
import { describedByOf, FieldMessages } from './form-field.tsx';
import './widgets.css';

type PhoneInputProps = {
  /** International number text ("+14155550100") or a number; an international value sets country, dial code and number. */
  value: string | number;
  /** The dial code and the number as typed ("+1" + "4155550100"), or the number alone without a country. */
  onChange: (value: string) => void;
  /** Choosing a country (or clearing it) emits its dial code ("" when cleared). */
  onDialCodeChange?: (dialCode: string) => void;
  label: string;
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  /** The phone input validates nothing itself (000 section 5); a caller's message shows here. */
  error?: string | undefined;
  hint?: string | undefined;
};

/** A country selector (searchable, keyboard-driven) beside a telephone number field. */
export function PhoneInput({ value, onChange, onDialCodeChange, label, name, placeholder, disabled = false, error, hint }: PhoneInputProps) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const numberInput = useRef<HTMLInputElement>(null);
  const searchInput = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const emitted = useRef<string | null>(null);
  const [country, setCountry] = useState('');
  const [dialCode, setDialCode] = useState('');
  const [number, setNumber] = useState('');
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [highlight, setHighlight] = useState(0);

  const all = useMemo(() => countryList(document.documentElement.lang || 'en'), []);
  const active = all.find((c) => c.id === country) ?? null;
  // 000 section 9: the first entry clears the selection ("Select Country" while there is none); hidden while searching.
  const first: Country = { name: active ? t('WIDGETS.PHONE.CLEAR_SELECTION') : t('WIDGETS.PHONE.SELECT_COUNTRY'), dial_code: '', emoji: '', id: '' };
  const entries = search.trim() ? searchCountries(all, search) : [first, ...all];

  // A bound value that parses as an international number sets country, dial code and number (000 section 4).
  useEffect(() => {
    const text = String(value ?? '');
    if (text === emitted.current) return;
    const parsed = text.startsWith('+') ? parsePhone(text) : null;
    if (parsed?.ok) {
      setCountry(parsed.country);
      setDialCode(parsed.dialCode);
      setNumber(parsed.nationalNumber);
    } else {
      setNumber(text);
    }
  }, [value]);

  useEffect(() => {
    if (!open) return;
    searchInput.current?.focus();
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  // Keeps the highlighted entry in view, 40 px from the edge (000 section 9).
  useEffect(() => {
    const view = list.current;
    const item = view?.querySelector<HTMLElement>(`[data-index="${highlight}"]`);
    if (!open || !view || !item) return;
    view.scrollTop = scrollTopFor({ top: item.offsetTop, height: item.offsetHeight }, { scrollTop: view.scrollTop, height: view.clientHeight });
  }, [highlight, open]);

  const emit = (nextDial: string, nextNumber: string) => {
    const text = nextDial ? `${nextDial}${nextNumber}` : nextNumber;
    emitted.current = text;
    onChange(text);
  };

  const openDropdown = () => {
    setSearch('');
    const index = active ? all.indexOf(active) + 1 : 0;
    setHighlight(index);
    setOpen(true);
  };

  const choose = (entry: Country) => {
    setCountry(entry.id);
    setDialCode(entry.dial_code);
    setSearch('');
    setOpen(false);
    onDialCodeChange?.(entry.dial_code);
    emit(entry.dial_code, number);
    numberInput.current?.focus();
  };

  const onSearchKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setHighlight((h) => Math.min(Math.max(h + step, 0), entries.length - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const entry = entries[highlight];
      if (entry) choose(entry);
    } else if (event.key === 'Escape') {
      // Handled here: a modal around the input stays open.
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    }
  };

  const listId = `${id}-countries`;
  const optionId = (index: number) => `${id}-country-${index}`;
  const describedBy = describedByOf({ id, hint, error });
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <label htmlFor={`${id}-number`}>{label}</label>
      <div className="phone-input" ref={root}>
        <button
          ref={toggle}
          type="button"
          className="phone-input__country"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-label={active ? t('WIDGETS.PHONE.COUNTRY_SELECTED', { country: active.name, dialCode }) : t('WIDGETS.PHONE.COUNTRY')}
          disabled={disabled}
          onClick={() => (open ? setOpen(false) : openDropdown())}
          onKeyDown={(e) => e.key === 'ArrowDown' && !open && (e.preventDefault(), openDropdown())}
        >
          <span aria-hidden="true">{active ? active.emoji : '🌐'}</span>
          {dialCode ? <span className="phone-input__dial">{dialCode}</span> : null}
          <span className="phone-input__chevron" aria-hidden="true">
            ▾
          </span>
        </button>
        <input
          ref={numberInput}
          id={`${id}-number`}
          className="phone-input__number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          name={name}
          placeholder={placeholder}
          disabled={disabled}
          value={number}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            setNumber(e.target.value);
            emit(dialCode, e.target.value);
          }}
        />
        {open ? (
          <div className="phone-input__dropdown">
            <input
              ref={searchInput}
              className="phone-input__search"
              type="search"
              role="combobox"
              aria-label={t('WIDGETS.PHONE.SEARCH')}
              placeholder={t('WIDGETS.PHONE.SEARCH')}
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={entries[highlight] ? optionId(highlight) : undefined}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setHighlight(0);
              }}
              onKeyDown={onSearchKey}
            />
            <ul className="phone-input__list" role="listbox" id={listId} aria-label={t('WIDGETS.PHONE.COUNTRY')} ref={list}>
              {entries.map((entry, index) => (
                <li
                  key={entry.id || 'none'}
                  id={optionId(index)}
                  data-index={index}
                  role="option"
                  aria-selected={index === highlight}
                  className={`phone-input__option${entry.id && entry.id === country ? ' phone-input__option--active' : ''}`}
                  onClick={() => choose(entry)}
                >
                  <span aria-hidden="true">{entry.emoji}</span>
                  <span className="phone-input__option-name">{entry.name}</span>
                  <span className="phone-input__option-dial">{entry.dial_code}</span>
                </li>
              ))}
            </ul>
            {entries.length === 0 ? <p className="phone-input__empty">{t('WIDGETS.PHONE.NO_RESULTS')}</p> : null}
          </div>
        ) : null}
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
