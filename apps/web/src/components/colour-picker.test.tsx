import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ColourPicker } from './colour-picker.tsx';
import { COLOUR_PRESETS, hexToEmit, parseHexColour } from './colour-hex.ts';

function Bound({ initial = '#1f6feb', onChange }: { initial?: string; onChange?: (hex: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <div>
      <p>outside</p>
      <ColourPicker
        label="Label colour"
        value={value}
        onChange={(hex) => {
          setValue(hex);
          onChange?.(hex);
        }}
      />
    </div>
  );
}

const swatch = () => screen.getByRole('button', { name: 'Label colour' });
const panel = () => screen.queryByRole('dialog', { name: 'Label colour' });

describe('colour picker', () => {
  it('S0-4.73 S0-4.74 a click on the swatch opens the picker; another click closes it', async () => {
    render(<Bound />);
    expect(swatch()).toHaveAttribute('aria-expanded', 'false');
    expect(swatch()).toHaveAccessibleDescription('#1f6feb');
    await userEvent.click(swatch());
    expect(panel()).toBeInTheDocument();
    expect(swatch()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(swatch());
    expect(panel()).not.toBeInTheDocument();
  });

  it('S0-4.75 a click outside the picker closes it; a click inside does not', async () => {
    render(<Bound />);
    await userEvent.click(swatch());
    await userEvent.click(within(panel()!).getByLabelText('Hex'));
    expect(panel()).toBeInTheDocument();
    await userEvent.click(screen.getByText('outside'));
    expect(panel()).not.toBeInTheDocument();
  });

  it('moves focus into the picker; Escape closes it and gives focus back to the swatch', async () => {
    render(<Bound />);
    await userEvent.click(swatch());
    expect(within(panel()!).getByRole('slider', { name: 'Color' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(panel()).not.toBeInTheDocument();
    expect(swatch()).toHaveFocus();
  });

  it('S0-5.35 the hex field emits only once its text is longer than 5 characters', async () => {
    const onChange = vi.fn();
    render(<Bound onChange={onChange} />);
    await userEvent.click(swatch());
    const hex = within(panel()!).getByLabelText('Hex');
    await userEvent.clear(hex);
    await userEvent.type(hex, 'ff880');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.type(hex, '0');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('#ff8800');
    expect(swatch()).toHaveAccessibleDescription('#ff8800');
  });

  it('S0-5.34 the hex field accepts only text that parses as a colour; invalid text is marked and dropped on blur', async () => {
    const onChange = vi.fn();
    render(<Bound onChange={onChange} />);
    await userEvent.click(swatch());
    const hex = within(panel()!).getByLabelText('Hex');
    await userEvent.clear(hex);
    await userEvent.type(hex, '#12zz56');
    expect(onChange).not.toHaveBeenCalled();
    expect(hex).toHaveAttribute('aria-invalid', 'true');
    fireEvent.blur(hex);
    expect(hex).toHaveValue('#1f6feb');
    expect(hex).not.toHaveAttribute('aria-invalid');
  });

  it('S0-5.34 parses six hex digits with or without #, and nothing else', () => {
    expect(parseHexColour('#A1B2C3')).toBe('#a1b2c3');
    expect(parseHexColour(' a1b2c3 ')).toBe('#a1b2c3');
    for (const text of ['#abc', '#a1b2c3d4', 'red', '#gg0000', '', '#a1b2c']) expect(parseHexColour(text)).toBeNull();
    expect(hexToEmit('#abcd')).toBeNull();
    expect(hexToEmit('abcdef')).toBe('#abcdef');
  });

  it('S0-9.55 S0-3.38 has no alpha control and emits hex without alpha', async () => {
    const onChange = vi.fn();
    render(<Bound onChange={onChange} />);
    await userEvent.click(swatch());
    expect(within(panel()!).queryByRole('slider', { name: 'Alpha' })).not.toBeInTheDocument();
    expect(within(panel()!).getAllByRole('slider').map((s) => s.getAttribute('aria-label'))).toEqual(['Color', 'Hue']);
    // react-colorful reads keyCode: arrows move the hue by 5 %.
    fireEvent.keyDown(within(panel()!).getByRole('slider', { name: 'Hue' }), { key: 'ArrowRight', keyCode: 39 });
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(onChange).toHaveBeenCalled();
    for (const [hex] of onChange.mock.calls) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('S0-9.54 dragging in the saturation area emits at most every 20 ms, ending on the last colour', () => {
    vi.useFakeTimers();
    try {
      const onChange = vi.fn();
      render(<Bound onChange={onChange} />);
      fireEvent.click(swatch());
      const area = within(panel()!).getByRole('slider', { name: 'Color' });
      for (let i = 0; i < 4; i++) fireEvent.keyDown(area, { key: 'ArrowLeft', keyCode: 37 });
      expect(onChange).toHaveBeenCalledTimes(1);
      act(() => vi.advanceTimersByTime(19));
      expect(onChange).toHaveBeenCalledTimes(1);
      act(() => vi.advanceTimersByTime(1));
      expect(onChange).toHaveBeenCalledTimes(2);
      expect(onChange).toHaveBeenLastCalledWith(within(panel()!).getByLabelText<HTMLInputElement>('Hex').value);
    } finally {
      vi.useRealTimers();
    }
  });

  it('S0-9.57 offers 16 preset colours; choosing one emits it and marks it pressed', async () => {
    const onChange = vi.fn();
    render(<Bound onChange={onChange} />);
    await userEvent.click(swatch());
    const presets = within(within(panel()!).getByRole('group', { name: 'Preset colours' })).getAllByRole('button');
    expect(presets).toHaveLength(16);
    expect(COLOUR_PRESETS).toHaveLength(16);
    expect(presets[8]).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(presets[2]!);
    expect(onChange).toHaveBeenLastCalledWith(COLOUR_PRESETS[2]);
    expect(presets[2]).toHaveAttribute('aria-pressed', 'true');
    expect(within(panel()!).getByLabelText('Hex')).toHaveValue(COLOUR_PRESETS[2]);
  });

  it('the presets are one tab stop that arrow keys move through', async () => {
    render(<Bound initial="#000000" />);
    await userEvent.click(swatch());
    const presets = within(panel()!).getAllByRole('button');
    expect(presets.filter((b) => b.tabIndex === 0)).toHaveLength(1);
    presets[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(presets[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(presets[9]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(presets[9]).toHaveAttribute('aria-pressed', 'true');
  });

  it('tabbing out of the picker closes it', async () => {
    render(
      <>
        <Bound />
        <button type="button">after</button>
      </>,
    );
    await userEvent.click(swatch());
    fireEvent.blur(within(panel()!).getByRole('slider', { name: 'Color' }), { relatedTarget: screen.getByRole('button', { name: 'after' }) });
    expect(panel()).not.toBeInTheDocument();
  });

  it('without a label, names the swatch "Choose a colour"; an invalid value shows as no colour', () => {
    render(<ColourPicker value="" onChange={() => {}} id="brand" />);
    const button = screen.getByRole('button', { name: /Choose a colour/ });
    expect(button).toHaveAttribute('id', 'brand');
    expect(button).toHaveAccessibleDescription('No colour');
  });
});
