/**
 * Parts of a message no provider may change: links, e-mail addresses, numbers and codes (order
 * numbers, tracking codes, times, prices) and `{{1}}`-style template placeholders. They are found
 * once, marked in the form the provider keeps (`markup.ts`), and checked after translation: a
 * provider that lost one fails the text rather than hand back a changed link or order number.
 */

export interface TextPart {
  text: string;
  protected: boolean;
}

/** A text split into what may be translated and what must come back unchanged. */
export interface ProtectedText {
  original: string;
  parts: TextPart[];
  /** The protected parts' texts, in order. */
  spans: string[];
}

const URL = String.raw`(?:https?:\/\/|www\.)[^\s<>"'，。！？、]+`;
const EMAIL = String.raw`[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}`;
const PLACEHOLDER = String.raw`\{\{\s*[\p{L}\p{N}_.]+\s*\}\}`;
/** International phone numbers: a plus and at least 7 digits, with spaces or dashes between. */
const PHONE = String.raw`\+\d[\d -]{5,}\d`;
/**
 * A word of Latin letters and digits, joined by - _ / . : # (ORD-2024-001, A1B2C3, 10:30,
 * 1,299.00, 2025/01/31). Only those with a digit are protected; Latin only, so a CJK word
 * written against a number (订单12345) keeps its word translatable.
 */
const TOKEN = '(?<![A-Za-z0-9])#?[A-Za-z0-9]+(?:[-_/.:,#][A-Za-z0-9]+)*(?![A-Za-z0-9])';

const PATTERN = new RegExp(`(${URL})|(${EMAIL})|(${PLACEHOLDER})|(${PHONE})|(${TOKEN})`, 'gu');
/** What ends a sentence rather than a link: left outside the protected link. */
const URL_TAIL = /[.,!?;:)\]}'"»」』]+$/u;

export function protectSpans(original: string): ProtectedText {
  const parts: TextPart[] = [];
  const spans: string[] = [];
  let last = 0;
  const push = (text: string, isProtected: boolean) => {
    if (!text) return;
    const previous = parts.at(-1);
    if (previous && previous.protected === isProtected && !isProtected) previous.text += text;
    else parts.push({ text, protected: isProtected });
    if (isProtected) spans.push(text);
  };
  for (const match of original.matchAll(PATTERN)) {
    let found = match[0];
    const start = match.index;
    if (match[5] !== undefined && !/\d/.test(found)) continue;
    if (match[1] !== undefined) found = found.replace(URL_TAIL, '');
    push(original.slice(last, start), false);
    push(found, true);
    last = start + found.length;
  }
  push(original.slice(last), false);
  return { original, parts, spans };
}

/** Unicode code points: how DeepL, Azure and Tencent count characters (a CJK character or an emoji is one). */
export const codePoints = (text: string): number => {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
};
