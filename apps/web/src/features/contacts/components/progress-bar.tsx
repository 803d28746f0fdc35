type ProgressBarProps = { label: string; value: number; /** null: the end is not known yet (an indeterminate bar). */ max: number | null; text: string };

/** A labelled progress bar with its reading beside it ("400 of 1,000 rows"). */
export function ProgressBar({ label, value, max, text }: ProgressBarProps) {
  const share = max ? Math.min(1, value / max) : null;
  return (
    <div className="contacts-progress">
      <div
        className={`contacts-progress__track${share === null ? ' contacts-progress__track--indeterminate' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max ?? undefined}
        aria-valuenow={max ? Math.min(value, max) : undefined}
        aria-valuetext={text}
      >
        <span className="contacts-progress__fill" style={share === null ? undefined : { inlineSize: `${share * 100}%` }} />
      </div>
      <span className="contacts-progress__text">{text}</span>
    </div>
  );
}
