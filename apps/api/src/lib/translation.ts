import type { Config } from '../plugins/config.ts';

/** Something that turns text into another language; message translation goes through it. */
export type TranslationProvider = {
  name: string;
  /** The text in the target language; throws TranslationError when the provider refuses or fails. */
  translate: (input: { text: string; target: string }) => Promise<string>;
};

export class TranslationError extends Error {
  override name = 'TranslationError';
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * A LibreTranslate-compatible HTTP provider: POST `<url>/translate` with `{q, source: 'auto', target,
 * format: 'text', api_key}` answers `{translatedText}`, or `{error}` with a 4xx/5xx status.
 */
export function createLibreTranslateProvider(options: { url: string; apiKey?: string | undefined; timeoutMs?: number }): TranslationProvider {
  const base = options.url.replace(/\/+$/, '');
  const endpoint = base.endsWith('/translate') ? base : `${base}/translate`;
  return {
    name: 'libretranslate',
    async translate({ text, target }) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ q: text, source: 'auto', target, format: 'text', ...(options.apiKey ? { api_key: options.apiKey } : {}) }),
          signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
        });
      } catch (err) {
        throw new TranslationError(`the translation provider could not be reached (${(err as Error).message})`, { cause: err });
      }
      const body = (await response.json().catch(() => null)) as { translatedText?: unknown; error?: unknown } | null;
      if (!response.ok) {
        const reason = typeof body?.error === 'string' ? body.error : `HTTP ${response.status}`;
        throw new TranslationError(`the translation provider refused: ${reason}`);
      }
      if (typeof body?.translatedText !== 'string') throw new TranslationError('the translation provider answered without translatedText');
      return body.translatedText;
    },
  };
}

/** The configured provider (TRANSLATION_API_URL, TRANSLATION_API_KEY), or null when none is. */
export function translationProvider(config: Pick<Config, 'translation'>): TranslationProvider | null {
  const { url, apiKey } = config.translation;
  return url ? createLibreTranslateProvider({ url, apiKey }) : null;
}
