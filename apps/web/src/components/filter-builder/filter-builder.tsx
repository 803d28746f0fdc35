import './messages.ts';
import { useId, useRef } from 'react';
import { t, type MessageKey } from '../../lib/i18n/i18n.ts';
import { Button } from '../button.tsx';
import { emptyRow, findAttribute, needsValue, operatorsFor, withAttribute, withOperator } from './filter-query.ts';
import { FilterValueInput } from './filter-value-input.tsx';
import type { FilterAttribute, FilterOperator, FilterRow, QueryOperator, RowErrors } from './types.ts';
import './filter-builder.css';

type FilterBuilderProps = {
  /** What may be filtered on: `conversationFilterAttributes(…)`, `contactFilterAttributes(…)` or your own list. */
  attributes: readonly FilterAttribute[];
  /** The rows (controlled); start with `[emptyRow(attributes[0])]`. */
  rows: readonly FilterRow[];
  onChange: (rows: FilterRow[]) => void;
  /** Messages per row and field: `checkRows(…)` before sending, `rowErrorsOf(error).rows` after a 422. */
  errors?: RowErrors;
  /** The group's accessible name; "Filter conditions" by default. */
  label?: string;
};

const operatorLabel = (attribute: FilterAttribute | undefined, operator: FilterOperator) =>
  attribute?.type === 'date' && (operator === 'is_greater_than' || operator === 'is_less_than') ? t(`FILTER_BUILDER.DATE.${operator}`) : t(`FILTER_BUILDER.OP.${operator}` as MessageKey);

/**
 * The advanced filter builder: rows of attribute / operator / value(s), each joined to the next by and / or
 * (AND binds tighter, as the API reads them). Controlled: the caller keeps the rows and sends
 * `toFilterQuery(rows)` (`{payload:[…]}`) to POST conversations/filter, contacts/filter or custom_filters.
 *
 *   const [rows, setRows] = useState(() => [emptyRow(attributes[0])]);
 *   <FilterBuilder attributes={attributes} rows={rows} onChange={setRows} errors={errors} />
 *
 * Every control is native and labelled ("Condition 2 Operator"); adding a row focuses its attribute, removing
 * one focuses the row that took its place (or "Add condition").
 */
export function FilterBuilder({ attributes, rows, onChange, errors = {}, label }: FilterBuilderProps) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const standard = attributes.filter((a) => !a.customAttributeType);
  const custom = attributes.filter((a) => a.customAttributeType);

  const focusLater = (selector: string) => requestAnimationFrame(() => root.current?.querySelector<HTMLElement>(selector)?.focus());
  const update = (index: number, row: FilterRow) => onChange(rows.map((r, i) => (i === index ? row : r)));
  const add = () => {
    onChange([...rows, emptyRow(attributes[0])]);
    focusLater(`[data-row="${rows.length}"] [data-field="attribute_key"]`);
  };
  const remove = (index: number) => {
    const next = rows.filter((_, i) => i !== index);
    onChange(next);
    focusLater(next.length === 0 ? '[data-action="add"]' : `[data-row="${Math.min(index, next.length - 1)}"] [data-field="attribute_key"]`);
  };

  const attributeValue = (a: FilterAttribute) => `${a.customAttributeType ? 'custom' : 'standard'}:${a.key}`;
  const options = (list: FilterAttribute[]) =>
    list.map((a) => (
      <option key={attributeValue(a)} value={attributeValue(a)}>
        {a.label}
      </option>
    ));

  return (
    <div className="filter-builder" role="group" aria-label={label ?? t('FILTER_BUILDER.GROUP')} ref={root}>
      <ol className="filter-builder__rows">
        {rows.map((row, index) => {
          const attribute = findAttribute(attributes, row);
          const rowErrors = errors[index] ?? {};
          const n = index + 1;
          const rowLabel = t('FILTER_BUILDER.ROW', { n });
          const errorId = `${id}-${index}-error`;
          const messages = [rowErrors.query_operator, rowErrors.attribute_key ?? rowErrors.custom_attribute_type, rowErrors.filter_operator, rowErrors.values].filter(Boolean);
          const describedBy = messages.length ? errorId : undefined;
          const previous = rows[index - 1];
          return (
            <li key={index} className={`filter-builder__row${messages.length ? ' filter-builder__row--error' : ''}`} data-row={index} role="group" aria-label={rowLabel}>
              <div className="filter-builder__join">
                {previous ? (
                  <select
                    className="filter-builder__control filter-builder__control--join"
                    aria-label={`${rowLabel}: ${t('FILTER_BUILDER.JOIN')}`}
                    aria-invalid={!!errors[index - 1]?.query_operator || undefined}
                    value={previous.query_operator}
                    data-field="query_operator"
                    onChange={(e) => update(index - 1, { ...previous, query_operator: e.target.value as QueryOperator })}
                  >
                    <option value="and">{t('FILTER_BUILDER.JOIN.and')}</option>
                    <option value="or">{t('FILTER_BUILDER.JOIN.or')}</option>
                  </select>
                ) : null}
              </div>
              <div className="filter-builder__fields">
                <select
                  className="filter-builder__control"
                  aria-label={`${rowLabel}: ${t('FILTER_BUILDER.ATTRIBUTE')}`}
                  aria-invalid={!!(rowErrors.attribute_key ?? rowErrors.custom_attribute_type) || undefined}
                  aria-describedby={describedBy}
                  data-field="attribute_key"
                  value={attribute ? attributeValue(attribute) : `unknown:${row.attribute_key}`}
                  onChange={(e) => {
                    const next = attributes.find((a) => attributeValue(a) === e.target.value);
                    if (next) update(index, withAttribute(row, attribute, next));
                  }}
                >
                  {attribute ? null : <option value={`unknown:${row.attribute_key}`}>{t('FILTER_BUILDER.UNKNOWN_ATTRIBUTE', { key: row.attribute_key })}</option>}
                  {custom.length > 0 ? (
                    <>
                      <optgroup label={t('FILTER_BUILDER.STANDARD_GROUP')}>{options(standard)}</optgroup>
                      <optgroup label={t('FILTER_BUILDER.CUSTOM_GROUP')}>{options(custom)}</optgroup>
                    </>
                  ) : (
                    options(standard)
                  )}
                </select>
                <select
                  className="filter-builder__control"
                  aria-label={`${rowLabel}: ${t('FILTER_BUILDER.OPERATOR')}`}
                  aria-invalid={!!rowErrors.filter_operator || undefined}
                  aria-describedby={describedBy}
                  data-field="filter_operator"
                  value={row.filter_operator}
                  onChange={(e) => update(index, withOperator(row, e.target.value as FilterOperator))}
                >
                  {operatorsFor(attribute).map((operator) => (
                    <option key={operator} value={operator}>
                      {operatorLabel(attribute, operator)}
                    </option>
                  ))}
                </select>
                {needsValue(row.filter_operator) ? (
                  <FilterValueInput
                    id={`${id}-${index}-value`}
                    row={row}
                    attribute={attribute}
                    label={`${rowLabel}: ${t('FILTER_BUILDER.VALUE')}`}
                    invalid={!!rowErrors.values}
                    describedBy={describedBy}
                    onChange={(values) => update(index, { ...row, values })}
                  />
                ) : (
                  <span className="filter-builder__spacer" />
                )}
                <button type="button" className="filter-builder__remove" aria-label={t('FILTER_BUILDER.REMOVE', { n })} title={t('FILTER_BUILDER.REMOVE', { n })} onClick={() => remove(index)}>
                  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                    <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
                  </svg>
                </button>
              </div>
              {messages.length ? (
                <p className="filter-builder__error" id={errorId} role="alert">
                  {messages.join(' · ')}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <Button size="small" variant="ghost" data-action="add" onClick={add} disabled={attributes.length === 0}>
        + {t('FILTER_BUILDER.ADD')}
      </Button>
    </div>
  );
}
