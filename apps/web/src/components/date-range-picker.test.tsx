import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { format } from 'date-fns';
import { useState } from 'react';
import { defaultDateRange, type DateRange } from './date-range.ts';
import { DateRangePicker } from './date-range-picker.tsx';

const TODAY = new Date(2026, 10, 25, 15, 30); // Wednesday 25 November 2026
const stamp = (date: Date) => format(date, 'yyyy-MM-dd HH:mm:ss');

function setup(value: DateRange = defaultDateRange(TODAY)) {
  const onChange = vi.fn();
  function Host() {
    const [range, setRange] = useState(value);
    return (
      <>
        <DateRangePicker
          value={range}
          today={TODAY}
          locale="en-US"
          onChange={(next) => {
            onChange(next);
            setRange(next);
          }}
        />
        <p>outside</p>
      </>
    );
  }
  render(<Host />);
  return { onChange };
}

const trigger = () => screen.getByRole('button', { name: /^Date range:/ });
async function openPicker() {
  await userEvent.click(trigger());
  return screen.getByRole('dialog', { name: 'Date range' });
}
const calendar = (name: 'Start date calendar' | 'End date calendar') => screen.getByRole('region', { name });
const dayButton = (name: string) => screen.getAllByRole('button', { name })[0]!;

describe('DateRangePicker', () => {
  it('S0-2.97 S0-4.21 shows the last 7 days by default and opens presets beside two calendars', async () => {
    setup();
    expect(trigger()).toHaveAccessibleName('Date range: Last 7 days, Nov 19, 2026 – Nov 25, 2026');
    const dialog = await openPicker();
    const presets = within(dialog).getByRole('group', { name: 'Date range presets' });
    expect(within(presets).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(calendar('Start date calendar')).toBeInTheDocument();
    expect(calendar('End date calendar')).toBeInTheDocument();
    // the end calendar shows the end's month, the start calendar the month before
    expect(within(calendar('End date calendar')).getByRole('group', { name: 'November 2026' })).toBeInTheDocument();
    expect(within(calendar('Start date calendar')).getByRole('group', { name: 'October 2026' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('11/19/2026');
    expect(within(dialog).getByLabelText('End date')).toHaveValue('11/25/2026');
  });

  it('S0-4.20 offers last 7 days, last 30 days, last 3 months, last 6 months, last year and custom; a preset applies its range', async () => {
    const { onChange } = setup();
    const dialog = await openPicker();
    const presets = within(within(dialog).getByRole('group', { name: 'Date range presets' })).getAllByRole('button');
    expect(presets.map((b) => b.textContent)).toEqual(['Last 7 days', 'Last 30 days', 'Last 3 months', 'Last 6 months', 'Last year', 'Custom date range']);
    await userEvent.click(presets[2]!);
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('08/25/2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    const range = onChange.mock.calls[0]![0] as DateRange;
    expect([range.preset, stamp(range.from), stamp(range.to)]).toEqual(['last3months', '2026-08-25 00:00:00', '2026-11-25 23:59:59']);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger()).toHaveAccessibleName('Date range: Last 3 months, Aug 25, 2026 – Nov 25, 2026');
  });

  it('S0-4.22 S0-4.23 a picked day starts a custom range; the same day or a later one ends it; an earlier one starts over', async () => {
    const { onChange } = setup();
    const dialog = await openPicker();
    await userEvent.click(dayButton('Tuesday, November 10, 2026'));
    expect(within(dialog).getByRole('button', { name: 'Custom date range' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Now pick the end date.');
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('11/10/2026');
    expect(within(dialog).getByLabelText('End date')).toHaveValue('');
    // an earlier day starts over
    await userEvent.click(dayButton('Sunday, November 8, 2026'));
    expect(within(dialog).getByLabelText('Start date')).toHaveValue('11/08/2026');
    expect(within(dialog).getByLabelText('End date')).toHaveValue('');
    // the same day ends it
    await userEvent.click(dayButton('Sunday, November 8, 2026'));
    expect(within(dialog).getByLabelText('End date')).toHaveValue('11/08/2026');
    expect(within(dialog).getByRole('status')).toHaveTextContent('');
    expect(dayButton('Sunday, November 8, 2026')).toHaveClass('date-calendar__day--start-end');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const range = onChange.mock.calls[0]![0] as DateRange;
    expect([range.preset, stamp(range.from), stamp(range.to)]).toEqual(['custom', '2026-11-08 00:00:00', '2026-11-08 23:59:59']);
  });

  it('marks the days inside a range and previews the end under the pointer', async () => {
    setup();
    await openPicker();
    await userEvent.click(dayButton('Monday, November 2, 2026'));
    await userEvent.hover(dayButton('Thursday, November 5, 2026'));
    expect(dayButton('Wednesday, November 4, 2026')).toHaveClass('date-calendar__day--inside');
    await userEvent.click(dayButton('Thursday, November 5, 2026'));
    expect(dayButton('Monday, November 2, 2026')).toHaveClass('date-calendar__day--start');
    expect(dayButton('Thursday, November 5, 2026')).toHaveClass('date-calendar__day--end');
  });

  it('S0-9.20 S0-9.21 a month shows six weeks of 42 days starting on Monday', async () => {
    setup();
    await openPicker();
    const november = within(calendar('End date calendar')).getByRole('group', { name: 'November 2026' });
    const days = within(november).getAllByRole('button');
    expect(days).toHaveLength(42);
    expect(days[0]).toHaveAccessibleName('Monday, October 26, 2026');
    expect(days[41]).toHaveAccessibleName('Sunday, December 6, 2026');
    expect(days[0]).toHaveClass('date-calendar__day--other-month');
    expect(within(calendar('End date calendar')).getByText('Mo').parentElement!.textContent).toBe('MoTuWeThFrSaSu');
  });

  it('S0-4.24 S0-9.22 each calendar switches on its own between days, months and a 10-year page', async () => {
    setup();
    await openPicker();
    const start = calendar('Start date calendar');
    await userEvent.click(within(start).getByRole('button', { name: 'Choose a month, now October' }));
    const months = within(start).getByRole('group', { name: '2026' });
    expect(within(months).getAllByRole('button')).toHaveLength(12);
    // the end calendar still shows its days
    expect(within(calendar('End date calendar')).getByRole('group', { name: 'November 2026' })).toBeInTheDocument();
    await userEvent.click(within(months).getByRole('button', { name: 'Mar' }));
    expect(within(start).getByRole('group', { name: 'March 2026' })).toBeInTheDocument();

    await userEvent.click(within(start).getByRole('button', { name: 'Choose a year, now 2026' }));
    const years = within(start).getByRole('group', { name: '2020 – 2029' });
    expect(within(years).getAllByRole('button')).toHaveLength(10);
    await userEvent.click(within(start).getByRole('button', { name: 'Next 10 years' }));
    await userEvent.click(within(within(start).getByRole('group', { name: '2030 – 2039' })).getByRole('button', { name: '2031' }));
    // a year leads to its months, a month to its days
    await userEvent.click(within(within(start).getByRole('group', { name: '2031' })).getByRole('button', { name: 'Jul' }));
    expect(within(start).getByRole('group', { name: 'July 2031' })).toBeInTheDocument();
    await userEvent.click(within(start).getByRole('button', { name: 'Previous month' }));
    expect(within(start).getByRole('group', { name: 'June 2031' })).toBeInTheDocument();
    expect(within(calendar('End date calendar')).getByRole('group', { name: 'November 2026' })).toBeInTheDocument();
  });

  it("S0-5.06 a typed date that does not parse in the locale's pattern says which pattern to use", async () => {
    setup();
    const dialog = await openPicker();
    const startInput = within(dialog).getByLabelText('Start date');
    await userEvent.clear(startInput);
    await userEvent.type(startInput, '2026-11-05');
    await userEvent.tab();
    expect(startInput).toHaveAccessibleDescription('Please enter the date in valid format: MM/dd/yyyy');
    // a valid one clears the message, takes effect and shows its month
    await userEvent.clear(startInput);
    await userEvent.type(startInput, '9/3/2026{Enter}');
    expect(startInput).not.toHaveAttribute('aria-invalid');
    expect(startInput).toHaveValue('09/03/2026');
    expect(within(calendar('Start date calendar')).getByRole('group', { name: 'September 2026' })).toBeInTheDocument();
    expect(dayButton('Thursday, September 3, 2026')).toHaveClass('date-calendar__day--start');
  });

  it('S0-5.07 a start after the end is refused', async () => {
    setup();
    const dialog = await openPicker();
    const startInput = within(dialog).getByLabelText('Start date');
    await userEvent.clear(startInput);
    await userEvent.type(startInput, '12/01/2026{Enter}');
    expect(startInput).toHaveAccessibleDescription('Start date must be before the end date.');
  });

  it('S0-5.08 an end before the start is refused', async () => {
    setup();
    const dialog = await openPicker();
    const endInput = within(dialog).getByLabelText('End date');
    await userEvent.clear(endInput);
    await userEvent.type(endInput, '11/18/2026');
    await userEvent.tab();
    expect(endInput).toHaveAccessibleDescription('End date must be after the start date.');
  });

  it('S0-5.09 Apply needs both dates valid, else "Please select a valid time range"', async () => {
    const { onChange } = setup();
    const dialog = await openPicker();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Custom date range' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a valid time range');
    await userEvent.click(dayButton('Tuesday, November 10, 2026'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a valid time range');
    // with a refused typed date Apply is refused too
    await userEvent.click(dayButton('Friday, November 13, 2026'));
    const endInput = within(dialog).getByLabelText('End date');
    await userEvent.clear(endInput);
    await userEvent.type(endInput, 'soon{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a valid time range');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Cancel, Escape and a click outside close without a change; reopening starts from the applied range', async () => {
    const { onChange } = setup();
    let dialog = await openPicker();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Last year' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(trigger()).toHaveFocus();

    dialog = await openPicker();
    expect(within(dialog).getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await openPicker();
    fireEvent.mouseDown(screen.getByText('outside'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves between days with the arrow keys, into the next month at the edge', async () => {
    setup();
    await openPicker();
    const end = calendar('End date calendar');
    // the start of the range holds the Tab stop
    const first = within(end).getByRole('button', { name: 'Thursday, November 19, 2026' });
    expect(first).toHaveAttribute('tabindex', '0');
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(within(end).getByRole('button', { name: 'Thursday, November 26, 2026' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(within(end).getByRole('button', { name: 'Thursday, December 3, 2026' })).toHaveFocus());
    expect(within(end).getByRole('group', { name: 'December 2026' })).toBeInTheDocument();
    await userEvent.keyboard('{ArrowLeft}');
    await vi.waitFor(() => expect(within(end).getByRole('button', { name: 'Wednesday, December 2, 2026' })).toHaveFocus());
  });
});
