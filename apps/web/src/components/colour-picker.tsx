import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../lib/i18n/i18n.ts';
import { parseHexColour } from './colour-hex.ts';
import { ColourPickerPanel } from './colour-picker-panel.tsx';
import { useAnchoredPosition } from './use-anchored-position.ts';
import './colour-picker.css';

type ColourPickerProps = {
  /** '#rrggbb', without alpha (000 section 3). */
  value: string;
  onChange: (hex: string) => void;
  /** Shown above the swatch and naming the picker; without it, name the swatch with `<label htmlFor={id}>`. */
  label?: string;
  /** The swatch button's id. */
  id?: string;
};

/**
 * A colour swatch that opens a picker (000 sections 4, 5, 9): saturation/value area, hue slider, hex field and
 * 16 presets; alpha is disabled. A click on the swatch opens and closes it, a click outside, Escape or focus
 * leaving it closes it. The panel is positioned in the viewport, never clipped by a scrolling parent.
 */
export function ColourPicker({ value, onChange, label, id }: ColourPickerProps) {
  const autoId = useId();
  const swatchId = id ?? `${autoId}-swatch`;
  const root = useRef<HTMLDivElement>(null);
  const swatch = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const floating = useAnchoredPosition(open, swatch, panel);
  const colour = parseHexColour(value);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('[role="slider"]')?.focus();
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !open) return;
    // Handled here: a modal around the picker stays open.
    event.preventDefault();
    setOpen(false);
    swatch.current?.focus();
  };

  return (
    <div
      className="colour-picker"
      ref={root}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the picker closes it (a click elsewhere is handled on mousedown).
        const next = event.relatedTarget as Node | null;
        if (open && next && !root.current?.contains(next)) setOpen(false);
      }}
    >
      {label ? (
        <label className="colour-picker__label" htmlFor={swatchId}>
          {label}
        </label>
      ) : null}
      <button
        ref={swatch}
        id={swatchId}
        type="button"
        className="colour-picker__swatch"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-describedby={`${autoId}-value`}
        onClick={() => setOpen((was) => !was)}
      >
        <span className={`colour-picker__chip${colour ? '' : ' colour-picker__chip--none'}`} style={colour ? { background: colour } : undefined} aria-hidden="true" />
        <span className="colour-picker__value" id={`${autoId}-value`}>
          {colour ?? t('WIDGETS.COLOUR.NONE')}
        </span>
        {label ? null : <span className="colour-picker__sr">{t('WIDGETS.COLOUR.CHOOSE')}</span>}
      </button>
      {open ? (
        <div ref={panel} className="colour-picker__popover" role="dialog" aria-label={label ?? t('WIDGETS.COLOUR.CHOOSE')} {...floating}>
          <ColourPickerPanel value={colour} onChange={onChange} />
        </div>
      ) : null}
    </div>
  );
}
