import type { TranslationProvider } from '@ws/contract';
import { badReply } from './http.js';
import { decodeFromProvider, encodeForProvider, LostSpanError, type MarkupStyle, needsMarkup } from './markup.js';
import { type ProtectedText, protectSpans } from './protected-spans.js';

/** What a provider answered for one text, before its spans are put back. */
export interface RawTranslation {
  text: string;
  /** The provider's own code for the detected source, when it gave one. */
  detectedSource?: string | undefined;
}

export interface TranslatedWithSpans {
  text: string;
  detectedSource: string | undefined;
  /** The original text. */
  original: string;
  /** The text as sent to the provider (with markup or placeholders). */
  sent: string;
}

/**
 * Translates texts with their protected spans kept: texts that need markup go in one request
 * (the provider's markup mode), the rest in another as plain text (Google's `format=text`),
 * so plain messages are never run through an HTML parser. `send` gets the encoded texts and
 * whether they carry markup, and must answer one result per text, in order.
 */
export async function translateProtected(
  provider: TranslationProvider,
  texts: readonly string[],
  style: MarkupStyle,
  send: (encoded: string[], withMarkup: boolean) => Promise<RawTranslation[]>,
): Promise<TranslatedWithSpans[]> {
  const prepared = texts.map(protectSpans);
  const groups = [true, false]
    .map((withMarkup) => ({
      withMarkup,
      indexes: prepared.flatMap((text, index) => (needsMarkup(text, style) === withMarkup ? [index] : [])),
    }))
    .filter((group) => group.indexes.length > 0);
  const results: TranslatedWithSpans[] = new Array(texts.length);
  await Promise.all(
    groups.map(async ({ withMarkup, indexes }) => {
      const encoded = indexes.map((index) => encodeForProvider(prepared[index] as ProtectedText, style));
      const answers = await send(encoded, withMarkup);
      if (answers.length !== encoded.length) {
        throw badReply(provider, `${answers.length} translations for ${encoded.length} texts`);
      }
      indexes.forEach((index, position) => {
        const text = prepared[index] as ProtectedText;
        const answer = answers[position] as RawTranslation;
        results[index] = {
          text: decodeOrFail(provider, answer.text, text, style),
          detectedSource: answer.detectedSource,
          original: text.original,
          sent: encoded[position] as string,
        };
      });
    }),
  );
  return results;
}

function decodeOrFail(provider: TranslationProvider, reply: string, text: ProtectedText, style: MarkupStyle): string {
  try {
    return decodeFromProvider(reply, text, style);
  } catch (error) {
    if (error instanceof LostSpanError) throw badReply(provider, error.message);
    throw error;
  }
}
