import { useId } from 'react';
import './widgets.css';

type ToggleProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name; shown beside the switch unless `hideLabel`. */
  label: string;
  hideLabel?: boolean;
  description?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  id?: string;
};

/** An on/off switch (role switch) that flips on click, Space or Enter (000 section 4). */
export function Toggle({ checked, onChange, label, hideLabel = false, description, disabled = false, size = 'medium', id: givenId }: ToggleProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const button = (
    <button
      type="button"
      role="switch"
      id={id}
      className={`toggle${size === 'small' ? ' toggle--small' : ''}`}
      aria-checked={checked}
      aria-label={hideLabel ? label : undefined}
      aria-describedby={description && !hideLabel ? `${id}-description` : undefined}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span className="toggle__knob" aria-hidden="true" />
    </button>
  );
  if (hideLabel) return button;
  return (
    <div className="toggle-field">
      <div className="toggle-field__text">
        <label className="toggle-field__label" htmlFor={id}>
          {label}
        </label>
        {description ? (
          <span className="toggle-field__description" id={`${id}-description`}>
            {description}
          </span>
        ) : null}
      </div>
      {button}
    </div>
  );
}
