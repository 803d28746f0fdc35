import { useId, useState, type FormEvent } from 'react';
import { CONTACT_FILTER_KEYS } from '@app/shared/custom-filters';
import type { CustomAttributeDefinition } from '@app/shared/custom-attributes';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { t, type MessageKey } from '../../../lib/i18n/i18n.ts';
import { emptyRow, isStandardKey, kindOf, normaliseRows, OPERATORS_OF, rowsMissingValue, VALUELESS, type FilterRow } from '../utils/filter-rows.ts';

type ContactFilterDialogProps = {
  rows: FilterRow[] | null;
  definitions: readonly CustomAttributeDefinition[];
  onApply: (rows: FilterRow[] | null) => void;
  onClose: () => void;
};

type RowEditorProps = { row: FilterRow; index: number; last: boolean; missing: boolean; definitions: readonly CustomAttributeDefinition[]; onChange: (row: FilterRow) => void; onRemove?: () => void };

/** One condition: attribute, operator, value, and how it joins the next. */
function RowEditor({ row, index, last, missing, definitions, onChange, onRemove }: RowEditorProps) {
  const id = useId();
  const kind = kindOf(row, definitions);
  const operators = OPERATORS_OF[kind];
  const setAttribute = (key: string) => {
    const custom = definitions.find((d) => d.attribute_key === key);
    const next: FilterRow = { attribute_key: key, filter_operator: 'equal_to', values: [''], query_operator: row.query_operator ?? 'and' };
    if (custom) next.custom_attribute_type = custom.attribute_display_type;
    next.filter_operator = OPERATORS_OF[kindOf(next, definitions)][0]!;
    if (kindOf(next, definitions) === 'boolean') next.values = [true];
    onChange(next);
  };
  const value = row.values[0];
  const n = index + 1;
  return (
    <fieldset className="contacts-filter__row">
      <legend className="contacts-visually-hidden">{t('CONTACTS.FILTER.ROW', { n })}</legend>
      <label className="contacts-visually-hidden" htmlFor={`${id}-attr`}>{t('CONTACTS.FILTER.ATTRIBUTE')}</label>
      <select id={`${id}-attr`} value={row.attribute_key} onChange={(e) => setAttribute(e.target.value)}>
        <optgroup label={t('CONTACTS.FILTER.STANDARD')}>
          {CONTACT_FILTER_KEYS.map((key) => (
            <option key={key} value={key}>
              {t(`CONTACTS.FILTER.ATTR.${key}` as MessageKey)}
            </option>
          ))}
        </optgroup>
        {definitions.length ? (
          <optgroup label={t('CONTACTS.FILTER.CUSTOM')}>
            {definitions.filter((d) => !isStandardKey(d.attribute_key)).map((d) => (
              <option key={d.attribute_key} value={d.attribute_key}>
                {d.attribute_display_name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </select>
      <label className="contacts-visually-hidden" htmlFor={`${id}-op`}>{t('CONTACTS.FILTER.OPERATOR')}</label>
      <select id={`${id}-op`} value={row.filter_operator} onChange={(e) => onChange({ ...row, filter_operator: e.target.value as FilterRow['filter_operator'] })}>
        {operators.map((op) => (
          <option key={op} value={op}>
            {t(`CONTACTS.FILTER.OP.${op}` as MessageKey)}
          </option>
        ))}
      </select>
      {VALUELESS.includes(row.filter_operator) ? (
        <span />
      ) : kind === 'boolean' ? (
        <select aria-label={t('CONTACTS.FILTER.VALUE')} value={String(value === true || value === 'true')} onChange={(e) => onChange({ ...row, values: [e.target.value === 'true'] })}>
          <option value="true">{t('CONTACTS.ATTRIBUTES.YES')}</option>
          <option value="false">{t('CONTACTS.ATTRIBUTES.NO')}</option>
        </select>
      ) : (
        <input
          aria-label={t('CONTACTS.FILTER.VALUE')}
          aria-invalid={missing || undefined}
          type={kind === 'date' && row.filter_operator !== 'days_before' ? 'date' : kind === 'number' || row.filter_operator === 'days_before' ? 'number' : 'text'}
          value={value === undefined ? '' : String(value)}
          onChange={(e) => onChange({ ...row, values: [e.target.value] })}
        />
      )}
      {onRemove ? (
        <Button size="small" variant="ghost" aria-label={t('CONTACTS.FILTER.REMOVE', { n })} onClick={onRemove}>
          ✕
        </Button>
      ) : (
        <span />
      )}
      {!last ? (
        <select
          className="contacts-filter__join"
          aria-label={t('CONTACTS.FILTER.JOIN')}
          value={row.query_operator ?? 'and'}
          onChange={(e) => onChange({ ...row, query_operator: e.target.value as 'and' | 'or' })}
        >
          <option value="and">{t('CONTACTS.FILTER.JOIN.and')}</option>
          <option value="or">{t('CONTACTS.FILTER.JOIN.or')}</option>
        </select>
      ) : null}
      {missing ? <p className="field__error contacts-filter__error">{t('CONTACTS.FILTER.VALUE_REQUIRED')}</p> : null}
    </fieldset>
  );
}

/**
 * The contact filter: conditions on the standard contact keys and the contact custom attributes, joined by and/or,
 * sent as POST contacts/filter rows. A minimal builder of this feature's own (see docs/contacts-web.md).
 */
export function ContactFilterDialog({ rows: initial, definitions, onApply, onClose }: ContactFilterDialogProps) {
  const [rows, setRows] = useState<FilterRow[]>(initial?.length ? initial : [emptyRow()]);
  const [missing, setMissing] = useState<number[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const gaps = rowsMissingValue(rows);
    setMissing(gaps);
    if (gaps.length === 0) onApply(normaliseRows(rows));
  };
  return (
    <Modal show title={t('CONTACTS.FILTER.TITLE')} description={t('CONTACTS.FILTER.DESCRIPTION')} onClose={onClose}>
      <form className="contacts-filter" onSubmit={submit} noValidate>
        {rows.map((row, index) => (
          <RowEditor
            key={index}
            row={row}
            index={index}
            last={index === rows.length - 1}
            missing={missing.includes(index)}
            definitions={definitions}
            onChange={(next) => setRows(rows.map((r, i) => (i === index ? next : r)))}
            onRemove={rows.length > 1 ? () => setRows(rows.filter((_, i) => i !== index)) : undefined}
          />
        ))}
        <Button size="small" variant="link" className="contacts-filter__add" onClick={() => setRows([...rows, emptyRow()])}>
          + {t('CONTACTS.FILTER.ADD')}
        </Button>
        <div className="modal__actions">
          {initial ? (
            <Button variant="ghost" onClick={() => onApply(null)}>
              {t('CONTACTS.FILTER.CLEAR')}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t('CONTACTS.FILTER.CANCEL')}</Button>
          <Button type="submit" variant="primary">
            {t('CONTACTS.FILTER.APPLY')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
