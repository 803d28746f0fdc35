import { statusLabel } from '../utils/format.ts';

const TONES: Record<string, string> = {
  success: 'good',
  resolved: 'good',
  failed: 'bad',
  expired: 'bad',
  undelivered: 'warn',
  open: 'warn',
  refunded: 'info',
};

/** A record's (or an issue's) status as a coloured pill; the text carries the meaning, the colour only helps. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return <span className={`payment-status payment-status--${TONES[status] ?? 'neutral'}`}>{label ?? statusLabel(status)}</span>;
}
