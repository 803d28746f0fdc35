import { AppError, humanize, type FieldErrors } from '../app-error.ts';

/** Collects every problem of a filter query, each at its exact path, and answers them in one 422. */
export class FilterIssues {
  private readonly fields: FieldErrors = {};

  add(path: string, message: string): void {
    (this.fields[path] ??= []).push(message);
  }

  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  toError(): AppError {
    const message = Object.entries(this.fields)
      .map(([field, list]) => `${humanize(field)} ${list[0]}`)
      .join(', ');
    // Chatwoot answers an invalid filter with {"error": "..."}; the envelope carries both shapes.
    return new AppError('validation_failed', message, { fields: this.fields, extra: { error: `Invalid filter: ${message}` } });
  }

  throwIfAny(): void {
    if (!this.empty) throw this.toError();
  }
}
