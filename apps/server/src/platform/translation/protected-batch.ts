import type { TranslationProvider } from '@ws/contract';
import { badReply } from './http.js';
import { productLanguageOf } from './language-codes.js';
import { decodeFromProvider, encodeForProvider, LostSpanError, type MarkupStyle, needsMarkup } from './markup.js';
import { codePoints, type ProtectedText, protectSpans } from './protected-spans.js';
import type { ProviderTranslation, TranslateBatch } from './translator.js';

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

/** What most providers bill: every code point sent, markup included. */
const everyCharacterSent = (result: TranslatedWithSpans) => codePoints(result.sent);

/**
 * Translates texts with their protected spans kept: texts that need markup go in one request
 * (the provider's markup mode), the rest in another as plain text (Google's `format=text`),
 * so plain messages are never run through an HTML parser. `send` gets the encoded texts and
 * whether they carry markup, and must answer one result per text, in order; `billed` counts a
 * text's characters as the provider bills them.
 */
export async function translateProtected(
  provider: TranslationProvider,
  batch: TranslateBatch,
  style: MarkupStyle,
  send: (encoded: string[], withMarkup: boolean) => Promise<RawTranslation[]>,
  billed: (result: TranslatedWithSpans) => number = everyCharacterSent,
): Promise<ProviderTranslation[]> {
  const prepared = batch.texts.map(protectSpans);
  const groups = [true, false]
    .map((withMarkup) => ({
      withMarkup,
      indexes: prepared.flatMap((text, index) => (needsMarkup(text, style) === withMarkup ? [index] : [])),
    }))
    .filter((group) => group.indexes.length > 0);
  const results: TranslatedWithSpans[] = new Array(batch.texts.length);
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
  return results.map((result) => ({
    text: result.text,
    // A provider that says nothing (or an empty code) about the source: the one given, if any.
    detectedSource: productLanguageOf(result.detectedSource || batch.source),
    billedCharacters: billed(result),
  }));
}

function decodeOrFail(provider: TranslationProvider, reply: string, text: ProtectedText, style: MarkupStyle): string {
  try {
    return decodeFromProvider(reply, text, style);
  } catch (error) {
    if (error instanceof LostSpanError) throw badReply(provider, error.message);
    throw error;
  }
}
