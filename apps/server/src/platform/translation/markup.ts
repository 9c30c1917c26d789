/**
 * How protected spans travel to a provider, and how they are taken back:
 * - `html`: `<span translate="no" class="notranslate">…</span>` in HTML mode, the two markers
 *   LibreTranslate (translate-html), Google (format=html / text/html) and Azure (textType=html)
 *   document; the rest of the text is escaped and line breaks sent as `<br>`;
 * - `xml`: DeepL's `tag_handling=xml` with `ignore_tags=x`: `<x>…</x>` comes back verbatim;
 * - `placeholder`: plain text with `{{0}}`, `{{1}}`, … for providers without markup (Tencent,
 *   whose API says HTML may fail), each put back by its number.
 * Texts without protected spans go as plain text in every mode. Taking a reply back
 * fails when a protected span is missing: the caller gets an error, never a changed code.
 */
import type { ProtectedText } from './protected-spans.js';

export type MarkupStyle = 'html' | 'xml' | 'placeholder';

export class LostSpanError extends Error {
  constructor(readonly span: string) {
    super(`a protected part did not come back: ${span}`);
  }
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
/** Entities a provider's HTML or XML reply may hold (Google writes `&#39;` for an apostrophe). */
export const unescapeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });

/** Whether a text must go with markup (plain text otherwise, where line breaks need nothing). */
export function needsMarkup(text: ProtectedText, _style: MarkupStyle): boolean {
  return text.spans.length > 0;
}

/** The text as sent: markup only where `needsMarkup` says so. */
export function encodeForProvider(text: ProtectedText, style: MarkupStyle): string {
  if (!needsMarkup(text, style)) return text.original;
  let index = 0;
  return text.parts
    .map((part) => {
      if (!part.protected)
        return style === 'html' ? escapeXml(part.text).replace(/\n/g, '<br>') : plainPart(part.text, style);
      if (style === 'html') return `<span translate="no" class="notranslate">${escapeXml(part.text)}</span>`;
      if (style === 'xml') return `<x>${escapeXml(part.text)}</x>`;
      const placeholder = `{{${index}}}`;
      index += 1;
      return placeholder;
    })
    .join('');
}

const plainPart = (text: string, style: MarkupStyle) => (style === 'xml' ? escapeXml(text) : text);

/** A kept span as a provider may give it back: either marker, attributes in any order or quoting. */
const HTML_SPAN =
  /<span\b[^>]*\b(?:translate\s*=\s*["']?no\b["']?|class\s*=\s*["'][^"']*\bnotranslate\b[^"']*["'])[^>]*>([\s\S]*?)<\/span>/gi;
const XML_SPAN = /<x>([\s\S]*?)<\/x>/g;
const PLACEHOLDER_BACK = /\{\{\s*(\d+)\s*\}\}/g;

/** The provider's reply as plain text with the protected spans put back; throws LostSpanError. */
export function decodeFromProvider(reply: string, text: ProtectedText, style: MarkupStyle): string {
  if (!needsMarkup(text, style)) return reply;
  let decoded: string;
  if (style === 'placeholder') {
    decoded = reply.replace(PLACEHOLDER_BACK, (whole, index: string) => text.spans[Number(index)] ?? whole);
  } else {
    const span = style === 'html' ? HTML_SPAN : XML_SPAN;
    decoded = '';
    let last = 0;
    for (const match of reply.matchAll(span)) {
      decoded += markupToText(reply.slice(last, match.index), style) + unescapeEntities(match[1] ?? '');
      last = match.index + match[0].length;
    }
    decoded += markupToText(reply.slice(last), style);
  }
  for (const expected of text.spans) {
    if (!decoded.includes(expected)) throw new LostSpanError(expected);
  }
  return decoded;
}

/** Outside the protected spans: line breaks back, tags a provider added (Google's dir styles) dropped, entities read. */
function markupToText(segment: string, style: MarkupStyle): string {
  const withBreaks = style === 'html' ? segment.replace(/<br\s*\/?>/gi, '\n') : segment;
  return unescapeEntities(withBreaks.replace(/<[^>]+>/g, ''));
}
