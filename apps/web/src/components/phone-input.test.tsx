import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { PhoneInput } from './phone-input.tsx';
import { countryList, parsePhone, PHONE_DROPDOWN_SCROLL_OFFSET_PX, scrollTopFor, searchCountries } from './phone-countries.ts';

const dialCodes: string[] = [];
const values: string[] = [];

function Bound({ initial = '' as string | number }) {
  const [value, setValue] = useState<string | number>(initial);
  return (
    <>
      <PhoneInput
        label="Phone number"
        value={value}
        onChange={(next) => {
          values.push(next);
          setValue(next);
        }}
        onDialCodeChange={(code) => dialCodes.push(code)}
      />
      <button type="button" onClick={() => setValue('+442079460958')}>
        Load a UK number
      </button>
      <p>outside</p>
    </>
  );
}

afterEach(() => {
  dialCodes.length = 0;
  values.length = 0;
});

const toggle = () => screen.getByRole('button', { name: /^Country code/ });
const options = () => within(screen.getByRole('listbox')).getAllByRole('option');
const highlighted = () => options().find((o) => o.getAttribute('aria-selected') === 'true');

describe('phone input', () => {
  it('S0-3.39 S0-4.63 an international value sets the country, the dial code and the local number', async () => {
    render(<Bound initial="+14155550100" />);
    expect(toggle()).toHaveAccessibleName('Country code: United States +1');
    expect(screen.getByLabelText('Phone number')).toHaveValue('4155550100');
    await userEvent.click(screen.getByRole('button', { name: 'Load a UK number' }));
    expect(toggle()).toHaveAccessibleName('Country code: United Kingdom +44');
    expect(screen.getByLabelText('Phone number')).toHaveValue('2079460958');
  });

  it('S0-3.39 a plain number is kept as the number, without a country', () => {
    render(<Bound initial={4155550100} />);
    expect(toggle()).toHaveAccessibleName('Country code');
    expect(screen.getByLabelText('Phone number')).toHaveValue('4155550100');
  });

  it('S0-3.40 a country entry holds name, dial_code, emoji and id', () => {
    expect(countryList().find((c) => c.id === 'GB')).toEqual({ name: 'United Kingdom', dial_code: '+44', emoji: '🇬🇧', id: 'GB' });
    expect(countryList().length).toBeGreaterThan(200);
  });

  it('S0-4.52 S0-4.53 the dropdown opens and closes on its toggle, and a click outside closes it', async () => {
    render(<Bound />);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search countries' })).toHaveFocus();
    await userEvent.click(toggle());
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.click(toggle());
    await userEvent.click(screen.getByText('outside'));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('S0-9.63 S0-9.64 without a country the first entry is "Select Country", with an empty dial code, emoji and id', async () => {
    render(<Bound />);
    await userEvent.click(toggle());
    const first = options()[0]!;
    expect(first).toHaveTextContent(/^Select Country$/);
    expect(highlighted()).toBe(first);
  });

  it('S0-4.54 S0-4.55 arrow keys move the highlight to the next and previous entry, clamped to the list', async () => {
    render(<Bound />);
    await userEvent.click(toggle());
    await userEvent.keyboard('{ArrowUp}');
    expect(highlighted()).toBe(options()[0]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toBe(options()[2]);
    await userEvent.keyboard('{ArrowUp}');
    expect(highlighted()).toBe(options()[1]);
    await userEvent.type(screen.getByRole('combobox'), 'germany');
    expect(options()).toHaveLength(1);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(highlighted()).toHaveTextContent('Germany');
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-activedescendant', highlighted()!.id);
  });

  it('S0-4.56 S0-9.65 the list scrolls to the highlighted entry, keeping 40 px around it', async () => {
    // jsdom has no layout: every entry 32 px tall, the list 160 px high.
    const top = vi.spyOn(HTMLElement.prototype, 'offsetTop', 'get').mockImplementation(function (this: HTMLElement) {
      return Number(this.dataset.index ?? 0) * 32;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(32);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(160);
    render(<Bound />);
    await userEvent.click(toggle());
    const list = screen.getByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(list.scrollTop).toBe(0);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    // entry 4: bottom at 160, plus 40 px, less the 160 px view
    expect(list.scrollTop).toBe(40);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    // entry 1: top at 32, less 40 px, not below 0
    expect(list.scrollTop).toBe(0);
    expect(top).toHaveBeenCalled();
    expect(PHONE_DROPDOWN_SCROLL_OFFSET_PX).toBe(40);
    expect(scrollTopFor({ top: 400, height: 32 }, { scrollTop: 0, height: 160 })).toBe(312);
    expect(scrollTopFor({ top: 400, height: 32 }, { scrollTop: 600, height: 160 })).toBe(360);
    expect(scrollTopFor({ top: 400, height: 32 }, { scrollTop: 320, height: 160 })).toBe(320);
  });

  it('S0-4.57 typing in the search resets the highlight to the first entry', async () => {
    render(<Bound />);
    await userEvent.click(toggle());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    await userEvent.type(screen.getByRole('combobox'), 'a');
    expect(highlighted()).toBe(options()[0]);
  });

  it('S0-4.58 S0-4.59 S0-4.60 S0-4.61 S0-4.62 choosing a country sets country and dial code, clears the search, emits the dial code, closes and focuses the number', async () => {
    render(<Bound />);
    await userEvent.type(screen.getByLabelText('Phone number'), '30901820');
    await userEvent.click(toggle());
    await userEvent.type(screen.getByRole('combobox'), 'germ');
    await userEvent.keyboard('{Enter}');
    expect(toggle()).toHaveAccessibleName('Country code: Germany +49');
    expect(dialCodes).toEqual(['+49']);
    expect(values.at(-1)).toBe('+4930901820');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
    await userEvent.click(toggle());
    expect(screen.getByRole('combobox')).toHaveValue('');
    // choosing by click works the same way
    await userEvent.type(screen.getByRole('combobox'), 'fran');
    await userEvent.click(screen.getByRole('option', { name: /France/ }));
    expect(dialCodes).toEqual(['+49', '+33']);
    expect(screen.getByLabelText('Phone number')).toHaveFocus();
  });

  it('S0-9.62 with a country the first entry is "Clear selection", which clears country and dial code', async () => {
    render(<Bound initial="+14155550100" />);
    await userEvent.click(toggle());
    // the active country is highlighted on open
    expect(highlighted()).toHaveTextContent('United States');
    expect(options()[0]).toHaveTextContent(/^Clear selection$/);
    await userEvent.click(options()[0]!);
    expect(toggle()).toHaveAccessibleName('Country code');
    expect(dialCodes).toEqual(['']);
    expect(values.at(-1)).toBe('4155550100');
  });

  it('S0-5.45 has no validation of its own: any text is passed on, with no error shown', async () => {
    render(<Bound />);
    const field = screen.getByLabelText('Phone number');
    await userEvent.type(field, 'abc1');
    expect(values.at(-1)).toBe('abc1');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/invalid/i)).not.toBeInTheDocument();
  });

  it('shows a caller\'s error, and Escape in the search closes only the dropdown', async () => {
    render(<PhoneInput label="Phone number" value="" onChange={() => {}} error="Phone number is invalid" />);
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription('Phone number is invalid');
    await userEvent.click(toggle());
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(toggle()).toHaveFocus();
  });
});

describe('country search', () => {
  const list = countryList();
  it('S0-5.46 matches the country name as a case-insensitive substring', () => {
    expect(searchCountries(list, 'GERMAN').map((c) => c.id)).toEqual(['DE']);
    expect(searchCountries(list, 'united').map((c) => c.id)).toEqual(expect.arrayContaining(['US', 'GB', 'AE']));
  });

  it('S0-5.47 matches the dial code as a substring', () => {
    expect(searchCountries(list, '+49').map((c) => c.id)).toEqual(['DE']);
    expect(searchCountries(list, '44').map((c) => c.id)).toEqual(expect.arrayContaining(['GB', 'GG', 'IM', 'JE']));
  });

  it('S0-5.48 matches the country code as a case-insensitive substring', () => {
    expect(searchCountries(list, 'de').map((c) => c.id)).toContain('DE');
    expect(searchCountries(list, 'Gb').map((c) => c.id)).toContain('GB');
  });
});

describe('number parser', () => {
  it('S0-5.49 accepts a national number of 2 digits and rejects 1', () => {
    expect(parsePhone('+44 12')).toMatchObject({ ok: true, dialCode: '+44', nationalNumber: '12' });
    expect(parsePhone('+44 1')).toEqual({ ok: false, reason: 'TOO_SHORT' });
  });

  it('S0-5.50 accepts a national number of 17 digits and rejects 18', () => {
    expect(parsePhone(`+44 ${'1'.repeat(17)}`)).toMatchObject({ ok: true, nationalNumber: '1'.repeat(17) });
    expect(parsePhone(`+44 ${'1'.repeat(18)}`)).toEqual({ ok: false, reason: 'TOO_LONG' });
  });

  it('S0-5.51 rejects input text over 250 characters', () => {
    const number = '+44 20 7946 0958';
    expect(parsePhone(number.padEnd(250, ' '))).toMatchObject({ ok: true, country: 'GB' });
    expect(parsePhone(number.padEnd(251, ' '))).toEqual({ ok: false, reason: 'TOO_LONG' });
  });

  it('names the country of a shared calling code after its main country', () => {
    expect(parsePhone('+1 12')).toMatchObject({ ok: true, country: 'US', dialCode: '+1' });
    expect(parsePhone('hello')).toEqual({ ok: false, reason: 'NOT_A_NUMBER' });
  });
});
