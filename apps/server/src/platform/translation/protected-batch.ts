import type { TranslationProvider } from '@ws/contract';
import { badReply } from './http.js';
import { productLanguageOf } from './language-codes.js';
import { decodeFromProvider, encodeForProvider, LostSpanError, type MarkupStyle, needsMarkup } from './markup.js';
import { codePoints, type ProtectedText, protectSpans } from './protected-spans.js';
import { TranslationError } from './translation-error.js';
import type { ProviderTranslation, TranslateBatch } from './translator.js';

/** What a provider answered for one text, before its spans are put back. */
export interface RawTranslation {
  text: string;
  /** The provider's own code for the detected source, when it gave one. */
  detectedSource?: string | undefined;
}

/**
 * A reply's list of translations read as raw translations: every item must have a string at
 * `textField`; the detected source is read from `sourceField` when it is a string.
 */
export function rawTranslationsOf(
  provider: TranslationProvider,
  list: unknown,
  fields: { text: string; source: string },
  what: string,
): RawTranslation[] {
  if (!Array.isArray(list)) throw badReply(provider, `${what}: no list of translations`);
  return list.map((item: Record<string, unknown> | null) => {
    const text = item?.[fields.text];
    if (typeof text !== 'string') throw badReply(provider, `${what}: a translation without ${fields.text}`);
    const source = item?.[fields.source];
    return { text, detectedSource: typeof source === 'string' ? source : undefined };
  });
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

export interface ProtectedBatchOptions {
  style: MarkupStyle;
  /**
   * The most characters one request may carry (Azure 50 000, DeepL 128 KiB, Tencent under 2000):
   * texts are sent in order, in as many requests as that takes; a longer text goes alone.
   */
  maxRequestCharacters: number;
  /** A text's characters as the provider bills them; every code point sent by default. */
  billed?: (result: TranslatedWithSpans) => number;
}

/** Consecutive runs of `indexes` whose texts add up to at most `max` characters (a longer text alone). */
function requestsOf(indexes: number[], encoded: Map<number, string>, max: number): number[][] {
  const requests: number[][] = [];
  let current: number[] = [];
  let size = 0;
  for (const index of indexes) {
    const length = codePoints(encoded.get(index) as string);
    if (current.length > 0 && size + length > max) {
      requests.push(current);
      current = [];
      size = 0;
    }
    current.push(index);
    size += length;
  }
  if (current.length > 0) requests.push(current);
  return requests;
}

/**
 * Translates texts with their protected spans kept: texts that need markup go in their own
 * requests (the provider's markup mode), the rest as plain text (Google's `format=text`), so plain
 * messages are never run through an HTML parser; each request stays under the provider's size
 * limit, and requests go one after the other (providers limit requests a second). `send` gets the
 * encoded texts and whether they carry markup, and must answer one result per text, in order. A
 * failure after some requests were answered carries those (`TranslationError.partial`): the
 * provider billed them.
 */
export async function translateProtected(
  provider: TranslationProvider,
  batch: TranslateBatch,
  options: ProtectedBatchOptions,
  send: (encoded: string[], withMarkup: boolean) => Promise<RawTranslation[]>,
): Promise<ProviderTranslation[]> {
  const { style, billed = everyCharacterSent } = options;
  const prepared = batch.texts.map(protectSpans);
  const encoded = new Map(prepared.map((text, index) => [index, encodeForProvider(text, style)]));
  const done = new Map<number, ProviderTranslation>();
  let billedCharacters = 0;
  const finish = (result: TranslatedWithSpans): ProviderTranslation => ({
    text: result.text,
    // A provider that says nothing (or an empty code) about the source: the one given, if any.
    detectedSource: productLanguageOf(result.detectedSource || batch.source),
    billedCharacters: billed(result),
  });
  try {
    for (const withMarkup of [false, true]) {
      const indexes = prepared.flatMap((text, index) => (needsMarkup(text, style) === withMarkup ? [index] : []));
      for (const request of requestsOf(indexes, encoded, options.maxRequestCharacters)) {
        const texts = request.map((index) => encoded.get(index) as string);
        const answers = await send(texts, withMarkup);
        if (answers.length !== texts.length) {
          throw badReply(provider, `${answers.length} translations for ${texts.length} texts`);
        }
        let lost: LostSpanError | undefined;
        request.forEach((index, position) => {
          const text = prepared[index] as ProtectedText;
          const answer = answers[position] as RawTranslation;
          const result = {
            text: '',
            detectedSource: answer.detectedSource,
            original: text.original,
            sent: texts[position] as string,
          };
          billedCharacters += billed(result);
          try {
            done.set(index, finish({ ...result, text: decodeFromProvider(answer.text, text, style) }));
          } catch (error) {
            if (!(error instanceof LostSpanError)) throw error;
            lost ??= error;
          }
        });
        if (lost) throw badReply(provider, lost.message);
      }
    }
  } catch (error) {
    if (error instanceof TranslationError && billedCharacters > 0) {
      error.partial = { translations: done, billedCharacters };
    }
    throw error;
  }
  return batch.texts.map((_, index) => done.get(index) as ProviderTranslation);
}
