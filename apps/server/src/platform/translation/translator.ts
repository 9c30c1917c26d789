import type { TranslationLanguage, TranslationProvider } from '@ws/contract';

/** One batch to translate: every text from the same source (or `auto`) into the same target. */
export interface TranslateBatch {
  texts: readonly string[];
  source: TranslationLanguage | 'auto';
  target: TranslationLanguage;
}

/** What a provider answered for one text, protected spans already restored. */
export interface ProviderTranslation {
  text: string;
  /** The provider's detected (or the given) source, in the product's codes; undefined when it did not say. */
  detectedSource: TranslationLanguage | undefined;
  /** Characters this provider bills for the text, counted as it documents (`billing.ts`). */
  billedCharacters: number;
}

export interface ProviderDetection {
  /** In the product's codes; undefined when the provider answered a language the product does not translate. */
  language: TranslationLanguage | undefined;
  /** The provider's own code, as it answered it. */
  providerCode: string;
  /** 0–1 where the provider gives one. */
  confidence: number | undefined;
}

/**
 * A machine-translation provider speaking its documented HTTP API. Every failure (transport,
 * timeout, an error reply, a reply of the wrong shape, a protected span the provider lost) is a
 * `TranslationError`: a caller never gets the original text back in place of a translation.
 */
export interface Translator {
  readonly provider: TranslationProvider;
  /** The embedded pseudo-translation: replies say so, and the client shows a badge. */
  readonly simulated: boolean;
  /** One result per text, in order. */
  translate(batch: TranslateBatch): Promise<ProviderTranslation[]>;
  /** The provider's own language detection (a paid call at most providers; the product detects locally). */
  detect(text: string): Promise<ProviderDetection>;
  /** The product languages this provider translates into. */
  languages(): Promise<TranslationLanguage[]>;
  /** Closes the pooled connections (shutdown, tests). */
  close(): Promise<void>;
}
