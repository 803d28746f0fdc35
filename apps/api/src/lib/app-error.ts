import { ERROR_STATUS, type ErrorCode } from '@app/shared/common';

export type FieldErrors = Record<string, string[]>;

/** The one error type services throw; plugins/errors turns it into the Chatwoot envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: { fields?: FieldErrors; extra?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = options.fields;
    this.extra = options.extra;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = () => new AppError('not_found', 'Resource could not be found');
export const forbidden = () => new AppError('forbidden', 'You are not authorized to do this action');
export const unauthorized = (message = 'You need to sign in or sign up before continuing.') =>
  new AppError('unauthorized', message);

/** A 422 naming the offending fields, e.g. invalid('email', 'has already been taken'). */
export function invalid(field: string, message: string): AppError {
  return new AppError('validation_failed', `${humanize(field)} ${message}`, { fields: { [field]: [message] } });
}

export function humanize(field: string): string {
  const text = field.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
