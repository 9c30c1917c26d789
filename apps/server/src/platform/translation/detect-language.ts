/**
 * Local language detection with ELD (Efficient Language Detector, `eld`, Apache-2.0, ESM, its
 * n-gram tables shipped in the package: nothing is downloaded, no text leaves the machine). It
 * answers ISO 639-1, the providers' codes; franc-min was measured and dropped (decision 0015: it
 * took short French for Portuguese and Russian for Bulgarian). The "small" table (about 45 MB of
 * heap) is loaded on the first call, so a process that never detects never pays for it.
 *
 * A text with fewer than MIN_DETECT_LETTERS letters once links, numbers and codes are left out is
 * undetermined: "ok", "thanks!" or "👍" says nothing reliable about a customer's language. A
 * Chinese, Japanese, Korean or Thai character counts as SCRIPT_LETTER_WEIGHT letters: four of them
 * ("谢谢帮助") say as much as a short Latin sentence, two ("你好") do not. ELD knows Malay but not
 * Indonesian: both are reported as `ms` (see the decision).
 */
import type { TranslationLanguage } from '@ws/contract';
import { productLanguageOf } from './language-codes.js';
import { protectSpans } from './protected-spans.js';

/** Letters (after protected spans are removed) below which a text is undetermined. */
export const MIN_DETECT_LETTERS = 10;
/** What one Han, kana, Hangul or Thai character counts for against MIN_DETECT_LETTERS. */
export const SCRIPT_LETTER_WEIGHT = 3;
const DENSE_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

export interface LanguageDetection {
  /** Undefined when undetermined or not one of the product's translation languages. */
  language: TranslationLanguage | undefined;
  /** ELD's answer, ISO 639-1 (`nl` for a language the product does not translate), or `und`. */
  detected: string;
  /** 0–1: how far ahead of the runner-up the best guess is. */
  confidence: number;
  /** ELD's own judgement, from its scores and the number of n-grams it saw. */
  reliable: boolean;
}

const UNDETERMINED: LanguageDetection = { language: undefined, detected: 'und', confidence: 0, reliable: false };

type Eld = typeof import('eld/small')['eld'];
let detector: Promise<Eld> | undefined;
const loadDetector = () => {
  detector ??= import('eld/small').then((module) => module.eld);
  return detector;
};

/** The text without links, numbers and codes, and how many letters it has left (dense scripts weighted). */
function wordsOf(text: string): { words: string; letters: number } {
  const words = protectSpans(text)
    .parts.filter((part) => !part.protected)
    .map((part) => part.text)
    .join(' ');
  let letters = 0;
  for (const letter of words.match(/\p{L}/gu) ?? []) letters += DENSE_SCRIPT.test(letter) ? SCRIPT_LETTER_WEIGHT : 1;
  return { words, letters };
}

/** The language of a customer's or an agent's text, decided on this machine. */
export async function detectLanguage(text: string): Promise<LanguageDetection> {
  const { words, letters } = wordsOf(text);
  if (letters < MIN_DETECT_LETTERS) return UNDETERMINED;
  const result = (await loadDetector()).detect(words);
  if (!result.language) return UNDETERMINED;
  const [best = 0, runnerUp = 0] = Object.values(result.getScores()).sort((a, b) => b - a);
  const confidence = best > 0 ? (best - runnerUp) / best : 0;
  return {
    language: productLanguageOf(result.language),
    detected: result.language,
    confidence: Number(confidence.toFixed(3)),
    reliable: result.isReliable(),
  };
}
