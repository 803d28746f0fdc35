import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner.tsx';
import './widgets.css';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'link' | 'danger';
  size?: 'small' | 'medium';
  block?: boolean;
  /** Shows a spinner and disables the button while work runs. */
  loading?: boolean;
};

export function Button({ variant = 'secondary', size = 'medium', block = false, loading = false, className, disabled, children, type = 'button', ...rest }: ButtonProps) {
  const classes = ['button', `button--${variant}`, size === 'small' && 'button--small', block && 'button--block', className].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Spinner size="small" /> : null}
      {children}
    </button>
  );
}
