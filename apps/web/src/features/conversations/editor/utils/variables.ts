import { DEFAULT_VARIABLE_KEYS } from '../constants.ts';

/** The keys offered after `{{`: Chatwoot's usual ones, then any others the view passes. */
export function variableKeys(variables: Record<string, string>): string[] {
  return [...new Set<string>([...DEFAULT_VARIABLE_KEYS, ...Object.keys(variables)])];
}

/**
 * Fills `{{ key }}` placeholders of known variables with their values (an unknown value is empty, as
 * Liquid does); any other `{{…}}` is left as written. Canned responses are filled when inserted, and a
 * reply's placeholders when it is sent (the API does not render them, unlike Chatwoot's Liquid drops).
 */
export function fillVariables(text: string, variables: Record<string, string>): string {
  const known = new Set(variableKeys(variables));
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, key: string) => (known.has(key) ? (variables[key] ?? '') : placeholder));
}
