import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { conversationFilterAttributes } from './attributes.ts';
import { FilterBuilder } from './filter-builder.tsx';
import { emptyRow, toFilterQuery } from './filter-query.ts';
import type { FilterRow, RowErrors } from './types.ts';

const attributes = [
  ...conversationFilterAttributes({ inboxes: [{ id: 3, name: 'Support' }, { id: 4, name: 'Sales' }], agents: [{ id: 9, name: 'Jane', available_name: 'Jane D' }], labels: [{ title: 'vip' }] }),
  { key: 'plan', label: 'Plan', type: 'enum' as const, customAttributeType: 'conversation_attribute' as const, options: [{ value: 'gold', label: 'Gold' }] },
  { key: 'seats', label: 'Seats', type: 'number' as const, customAttributeType: 'conversation_attribute' as const },
];

function Harness({ initial, errors, onRows }: { initial?: FilterRow[]; errors?: RowErrors; onRows: (rows: FilterRow[]) => void }) {
  const [rows, setRows] = useState<FilterRow[]>(initial ?? [emptyRow(attributes[0])]);
  return (
    <FilterBuilder
      attributes={attributes}
      rows={rows}
      errors={errors}
      onChange={(next) => {
        setRows(next);
        onRows(next);
      }}
    />
  );
}

describe('FilterBuilder', () => {
  it('builds a two-row query with and/or from attribute, operator and typed values', async () => {
    const onRows = vi.fn();
    render(<Harness onRows={onRows} />);
    const group = screen.getByRole('group', { name: 'Filter conditions' });
    // row 1: status is pending
    await userEvent.selectOptions(within(group).getByRole('combobox', { name: 'Condition 1: Value' }), 'pending');
    // row 2: inbox is Sales (the id stays a number), joined by or
    await userEvent.click(screen.getByRole('button', { name: '+ Add condition' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Condition 2: Attribute' })).toHaveFocus());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Condition 2: Attribute' }), 'Inbox');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Condition 2: Value' }), 'Sales');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Condition 2: Join with the condition before' }), 'or');
    const rows = onRows.mock.lastCall![0] as FilterRow[];
    expect(toFilterQuery(rows)).toEqual({
      payload: [
        { attribute_key: 'status', filter_operator: 'equal_to', values: ['pending'], query_operator: 'or' },
        { attribute_key: 'inbox_id', filter_operator: 'equal_to', values: [4], query_operator: null },
      ],
    });
  });

  it('offers the operators of the attribute type and the matching value input', async () => {
    const onRows = vi.fn();
    render(<Harness onRows={onRows} />);
    const attribute = screen.getByRole('combobox', { name: 'Condition 1: Attribute' });
    const operatorNames = () => within(screen.getByRole('combobox', { name: 'Condition 1: Operator' })).getAllByRole('option').map((o) => o.textContent);
    expect(operatorNames()).toEqual(['is', 'is not', 'is present', 'is not present']);

    await userEvent.selectOptions(attribute, 'Email subject');
    expect(operatorNames()).toEqual(['is', 'is not', 'contains', 'does not contain', 'starts with', 'is present', 'is not present']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Condition 1: Operator' }), 'contains');
    await userEvent.type(screen.getByRole('textbox', { name: 'Condition 1: Value' }), 'refund');
    expect(onRows.mock.lastCall![0][0]).toMatchObject({ attribute_key: 'mail_subject', filter_operator: 'contains', values: ['refund'] });

    await userEvent.selectOptions(attribute, 'Created at');
    expect(operatorNames()).toContain('older than (days)');
    expect(operatorNames()).toContain('is after');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Condition 1: Operator' }), 'older than (days)');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Condition 1: Value: Days ago' }), '30');
    expect(onRows.mock.lastCall![0][0]).toMatchObject({ attribute_key: 'created_at', filter_operator: 'days_before', values: [30] });

    // valueless operators have no value input
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Condition 1: Operator' }), 'is not present');
    expect(screen.queryByRole('spinbutton', { name: /Condition 1: Value/ })).toBeNull();

    // custom attributes are grouped and send their type
    await userEvent.selectOptions(attribute, 'Seats');
    expect(screen.getByRole('combobox', { name: 'Condition 1: Operator' })).toHaveDisplayValue('is not present');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Condition 1: Operator' }), 'is greater than');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Condition 1: Value' }), '5');
    expect(onRows.mock.lastCall![0][0]).toMatchObject({ attribute_key: 'seats', custom_attribute_type: 'conversation_attribute', values: [5] });
    expect(within(attribute).getByRole('group', { name: 'Custom attributes' })).toBeInTheDocument();
  });

  it('takes several options for is / is not, each a chip that removes it', async () => {
    const onRows = vi.fn();
    render(<Harness onRows={onRows} />);
    const value = screen.getByRole('combobox', { name: 'Condition 1: Value' });
    await userEvent.selectOptions(value, 'Pending');
    await userEvent.selectOptions(value, 'Snoozed');
    expect(onRows.mock.lastCall![0][0].values).toEqual(['pending', 'snoozed']);
    const chips = screen.getByRole('list', { name: 'Condition 1: Value: chosen values' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Pending', 'Snoozed']);
    // a chosen option is not offered again
    expect(within(value).queryByRole('option', { name: 'Pending' })).toBeNull();
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove Pending' }));
    expect(onRows.mock.lastCall![0][0].values).toEqual(['snoozed']);
  });

  it('shows per-row server errors at their row, wired to its controls', () => {
    render(
      <Harness
        onRows={vi.fn()}
        initial={[
          { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: 'and' },
          { attribute_key: 'display_id', filter_operator: 'equal_to', values: [-1], query_operator: 'and' },
        ]}
        errors={{ 1: { values: 'Value must be an integer id' } }}
      />,
    );
    const row2 = screen.getByRole('group', { name: 'Condition 2' });
    expect(within(row2).getByRole('alert')).toHaveTextContent('Value must be an integer id');
    const value = within(row2).getByRole('spinbutton', { name: 'Condition 2: Value' });
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(value).toHaveAccessibleDescription('Value must be an integer id');
    expect(within(screen.getByRole('group', { name: 'Condition 1' })).queryByRole('alert')).toBeNull();
  });

  it('removes rows by keyboard and moves the focus to the row that took the place', async () => {
    const onRows = vi.fn();
    render(
      <Harness
        onRows={onRows}
        initial={[
          { attribute_key: 'status', filter_operator: 'equal_to', values: ['open'], query_operator: 'and' },
          { attribute_key: 'labels', filter_operator: 'equal_to', values: ['vip'], query_operator: 'and' },
        ]}
      />,
    );
    screen.getByRole('button', { name: 'Remove condition 1' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onRows.mock.lastCall![0]).toEqual([{ attribute_key: 'labels', filter_operator: 'equal_to', values: ['vip'], query_operator: 'and' }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Condition 1: Attribute' })).toHaveFocus());
    // attribute → operator → the chip's remove button → the value select → the row's remove button
    await userEvent.keyboard('{Tab}{Tab}{Tab}{Tab}{Enter}');
    expect(onRows.mock.lastCall![0]).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: '+ Add condition' })).toHaveFocus());
  });

  it('shows a saved row whose attribute no longer exists instead of dropping it', () => {
    render(<Harness onRows={vi.fn()} initial={[{ attribute_key: 'gone', filter_operator: 'equal_to', values: ['x'], query_operator: 'and', custom_attribute_type: 'conversation_attribute' }]} />);
    expect(screen.getByRole('combobox', { name: 'Condition 1: Attribute' })).toHaveDisplayValue('Unknown attribute (gone)');
  });
});
