import { describe, expect, it } from 'vitest';
import { CONTACT_FILTER_KEYS, CONVERSATION_FILTER_KEYS, FilterQuerySchema } from '@app/shared/custom-filters';
import { ApiError } from '../../lib/api-client.ts';
import { contactFilterAttributes, conversationFilterAttributes, customFilterAttribute } from './attributes.ts';
import { checkRows, emptyRow, fromFilterQuery, rowErrorsOf, toFilterQuery, withAttribute, withOperator } from './filter-query.ts';
import { TYPE_OPERATORS, type FilterRow } from './types.ts';

const attributes = conversationFilterAttributes({ inboxes: [{ id: 1, name: 'Support' }], teams: [], labels: [{ title: 'billing' }] });
const byKey = (key: string) => attributes.find((a) => a.key === key)!;

describe('filter query helpers', () => {
  it('offers every standard key of both models, typed as the API types them', () => {
    expect(attributes.map((a) => a.key)).toEqual([...CONVERSATION_FILTER_KEYS]);
    expect(contactFilterAttributes({}).map((a) => a.key)).toEqual([...CONTACT_FILTER_KEYS]);
    expect(byKey('status')).toMatchObject({ type: 'enum', label: 'Status' });
    expect(byKey('inbox_id').options).toEqual([{ value: 1, label: 'Support' }]);
    expect(byKey('created_at').type).toBe('date');
    const contact = contactFilterAttributes({});
    expect(contact.find((a) => a.key === 'blocked')?.type).toBe('boolean');
    expect(contact.find((a) => a.key === 'email')?.type).toBe('text');
  });

  it('maps custom attribute definitions to their filter types, with list options', () => {
    const base = { attribute_key: 'plan', attribute_display_name: 'Plan', attribute_model: 'contact_attribute' as const, attribute_values: ['gold', 'silver'] };
    expect(customFilterAttribute({ ...base, attribute_display_type: 'list' })).toEqual({
      key: 'plan',
      label: 'Plan',
      type: 'enum',
      customAttributeType: 'contact_attribute',
      options: [{ value: 'gold', label: 'gold' }, { value: 'silver', label: 'silver' }],
    });
    expect(customFilterAttribute({ ...base, attribute_display_type: 'currency' }).type).toBe('number');
    expect(customFilterAttribute({ ...base, attribute_display_type: 'checkbox' }).type).toBe('boolean');
    expect(customFilterAttribute({ ...base, attribute_display_type: 'link' }).type).toBe('text');
  });

  it('produces a FilterQuery the shared schema accepts: the last row joins nothing, valueless operators send no values', () => {
    const rows: FilterRow[] = [
      { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: 'or' },
      { attribute_key: 'mail_subject', filter_operator: 'contains', values: ['  refund '], query_operator: 'and' },
      { attribute_key: 'plan', filter_operator: 'is_present', values: ['stale'], query_operator: 'and', custom_attribute_type: 'conversation_attribute' },
    ];
    const query = toFilterQuery(rows);
    expect(FilterQuerySchema.safeParse(query).success).toBe(true);
    expect(query.payload).toEqual([
      { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: 'or' },
      { attribute_key: 'mail_subject', filter_operator: 'contains', values: ['refund'], query_operator: 'and' },
      { attribute_key: 'plan', filter_operator: 'is_present', values: [], query_operator: null, custom_attribute_type: 'conversation_attribute' },
    ]);
    // and back again, for editing a saved folder
    expect(fromFilterQuery(query).map((r) => r.query_operator)).toEqual(['or', 'and', 'and']);
    expect(fromFilterQuery({ payload: [{ attribute_key: 'x', filter_operator: 'equal_to', values: [1, {}], query_operator: 'OR' }] })[0]).toEqual({
      attribute_key: 'x',
      filter_operator: 'equal_to',
      values: [1],
      query_operator: 'or',
    });
    expect(fromFilterQuery(null)).toEqual([]);
  });

  it('keeps what still fits when the attribute or operator changes', () => {
    const row = { ...emptyRow(byKey('mail_subject')), filter_operator: 'contains' as const, values: ['x'] };
    // text → text keeps operator and values
    expect(withAttribute(row, byKey('mail_subject'), byKey('referer'))).toMatchObject({ attribute_key: 'referer', filter_operator: 'contains', values: ['x'] });
    // text → enum: contains is not allowed, values go
    expect(withAttribute(row, byKey('mail_subject'), byKey('status'))).toMatchObject({ attribute_key: 'status', filter_operator: 'equal_to', values: [] });
    expect(withOperator({ ...row, filter_operator: 'equal_to' }, 'is_present').values).toEqual([]);
    // picked options do not carry over to another option attribute of the same type
    const teams = conversationFilterAttributes({ inboxes: [{ id: 1, name: 'Support' }], teams: [{ id: 1, name: 'Tier 1' }] });
    const inboxRow = { ...emptyRow(teams.find((a) => a.key === 'inbox_id')), values: [1] };
    expect(withAttribute(inboxRow, teams.find((a) => a.key === 'inbox_id'), teams.find((a) => a.key === 'team_id')!).values).toEqual([]);
    const date = { ...emptyRow(byKey('created_at')), values: ['2024-01-10'] };
    expect(withOperator(date, 'is_less_than').values).toEqual(['2024-01-10']);
    expect(withOperator(date, 'days_before').values).toEqual([]);
    expect(TYPE_OPERATORS.date).toContain('days_before');
  });

  it('checks rows before sending: missing values, numbers, days, unknown attributes', () => {
    const errors = checkRows(
      [
        { attribute_key: 'status', filter_operator: 'equal_to', values: [], query_operator: 'and' },
        { attribute_key: 'display_id', filter_operator: 'equal_to', values: ['abc'], query_operator: 'and' },
        { attribute_key: 'created_at', filter_operator: 'days_before', values: [40000], query_operator: 'and' },
        { attribute_key: 'nope', filter_operator: 'equal_to', values: ['x'], query_operator: 'and' },
        { attribute_key: 'assignee_id', filter_operator: 'is_not_present', values: [], query_operator: 'and' },
      ],
      attributes,
    );
    expect(errors).toEqual({
      0: { values: 'Enter a value' },
      1: { values: 'Enter a number' },
      2: { values: 'Enter whole days from 0 to 36500' },
      3: { attribute_key: 'Choose an attribute' },
    });
  });

  it('places a 422 at its rows (payload.<i>.<field>, also under query.) and keeps other errors as one message', () => {
    const placed = rowErrorsOf(new ApiError(422, { message: 'Invalid', errors: { 'payload.1.values': ['must be an integer id'], 'query.payload.0.filter_operator': ['is not allowed'] } }));
    expect(placed).toEqual({ rows: { 1: { values: 'Value must be an integer id' }, 0: { filter_operator: 'Operator is not allowed' } }, message: null });
    const mixed = rowErrorsOf(new ApiError(422, { message: 'Name must not be blank', errors: { name: ['must not be blank'], 'payload.0.values': ['x'] } }));
    expect(mixed.message).toBe('Name must not be blank');
    expect(mixed.rows[0]).toEqual({ values: 'Value x' });
    expect(rowErrorsOf(new ApiError(500, { error: 'boom' }))).toEqual({ rows: {}, message: 'boom' });
  });
});
