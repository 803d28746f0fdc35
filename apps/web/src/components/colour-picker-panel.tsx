import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { HexColorPicker } from 'react-colorful';
import { t } from '../lib/i18n/i18n.ts';
import { COLOUR_PRESETS, hexToEmit } from './colour-hex.ts';

/** 000 section 9: dragging in the saturation area emits at most every 20 ms. */
export const DRAG_THROTTLE_MS = 20;

type PanelProps = { value: string | null; onChange: (hex: string) => void };

/** The inside of the colour picker: saturation/value area and hue slider, hex field, presets. No alpha. */
export function ColourPickerPanel({ value, onChange }: PanelProps) {
  const id = useId();
  const [draft, setDraft] = useState(value ?? '#000000');
  const [text, setText] = useState(value ?? '');
  const editing = useRef(false);
  const throttle = useThrottle(onChange, DRAG_THROTTLE_MS);

  useEffect(() => {
    if (!value) return;
    setDraft(value);
    if (!editing.current) setText(value);
  }, [value]);

  const pick = (hex: string) => {
    setDraft(hex);
    setText(hex);
    onChange(hex);
  };

  const onHexInput = (next: string) => {
    setText(next);
    const hex = hexToEmit(next);
    if (hex) {
      setDraft(hex);
      onChange(hex);
    }
  };

  const invalid = text.length > 5 && hexToEmit(text) === null;
  return (
    <div className="colour-picker__panel">
      <HexColorPicker
        color={draft}
        onChange={(hex) => {
          setDraft(hex);
          setText(hex);
          throttle(hex);
        }}
      />
      <div className="colour-picker__hex">
        <label htmlFor={`${id}-hex`}>{t('WIDGETS.COLOUR.HEX')}</label>
        <input
          id={`${id}-hex`}
          type="text"
          spellCheck={false}
          autoComplete="off"
          maxLength={9}
          value={text}
          aria-invalid={invalid || undefined}
          onFocus={() => (editing.current = true)}
          onBlur={() => {
            editing.current = false;
            setText(value ?? '');
          }}
          onChange={(event) => onHexInput(event.target.value)}
        />
        <span className="colour-picker__preview" style={{ background: draft }} aria-hidden="true" />
      </div>
      <PresetSwatches value={value} onPick={pick} />
    </div>
  );
}

/** 16 preset colour buttons (pressed = the current colour): one tab stop, arrow keys move between them. */
function PresetSwatches({ value, onPick }: { value: string | null; onPick: (hex: string) => void }) {
  const group = useRef<HTMLDivElement>(null);
  const selected = COLOUR_PRESETS.findIndex((preset) => preset === value);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, number> = { ArrowRight: 1, ArrowDown: 8, ArrowLeft: -1, ArrowUp: -8 };
    let step = steps[event.key];
    if (step === undefined) return;
    event.preventDefault();
    if (document.documentElement.dir === 'rtl' && Math.abs(step) === 1) step = -step;
    const buttons = [...(group.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[(at + step + buttons.length) % buttons.length];
    next?.focus();
  };
  return (
    <div className="colour-picker__presets" role="group" aria-label={t('WIDGETS.COLOUR.PRESETS')} ref={group} onKeyDown={onKeyDown}>
      {COLOUR_PRESETS.map((preset, index) => (
        <button
          key={preset}
          type="button"
          aria-pressed={preset === value}
          aria-label={preset}
          tabIndex={index === Math.max(selected, 0) ? 0 : -1}
          className="colour-picker__preset"
          style={{ background: preset }}
          onClick={() => onPick(preset)}
        />
      ))}
    </div>
  );
}

/** Calls `fn` at once, then at most every `ms` with the latest arguments (the last call is never lost). */
function useThrottle(fn: (hex: string) => void, ms: number): (hex: string) => void {
  const latest = useRef(fn);
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<string | null>(null);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      if (pending.current) latest.current(pending.current);
    },
    [],
  );
  return (hex) => {
    const wait = last.current + ms - Date.now();
    if (wait <= 0 && !timer.current) {
      last.current = Date.now();
      latest.current(hex);
      return;
    }
    pending.current = hex;
    timer.current ??= setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      const next = pending.current;
      pending.current = null;
      if (next) latest.current(next);
    }, Math.max(wait, 0));
  };
}
