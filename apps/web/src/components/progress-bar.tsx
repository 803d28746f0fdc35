import './progress-bar.css';

type ProgressBarProps = { label: string; value: number; /** null: the end is not known yet (an indeterminate bar). */ max: number | null; text: string };

/** A labelled progress bar with its reading beside it ("1,200 of 5,000 rows"): imports and exports. */
export function ProgressBar({ label, value, max, text }: ProgressBarProps) {
  const share = max ? Math.min(1, value / max) : null;
  return (
    <div className="progress-bar">
      <div
        className={`progress-bar__track${share === null ? ' progress-bar__track--indeterminate' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max ?? undefined}
        aria-valuenow={max ? Math.min(value, max) : undefined}
        aria-valuetext={text}
      >
        <span className="progress-bar__fill" style={share === null ? undefined : { inlineSize: `${share * 100}%` }} />
      </div>
      <span className="progress-bar__text">{text}</span>
    </div>
  );
}
