import type sanitizeHtml from 'sanitize-html';
import { sanitizer } from '../../platform/lazy-libraries.js';

/**
 * What a notice's body may keep: simple formatting, lists, quotes, code and links. Everything
 * else goes: scripts and styles with their content, event handlers (`onerror`), every attribute
 * but a link's href, and URLs other than http(s) and mailto (no `javascript:` or `data:`). The
 * console renders the result as HTML, so this is the one place that makes it safe.
 */
const NOTICE_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'a',
  ],
  // target and rel are the transform's below (it runs before this filter and overrides the input's).
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link opens in a new tab and tells the target nothing about the console.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
};

/**
 * A notice body as safe HTML. Plain text (no tags) becomes paragraphs, one per blank-line
 * separated block, with its line breaks kept, so the textarea editor's output reads as typed.
 */
export function sanitizeNoticeBody(body: string): string {
  const html = /<[a-z!/]/i.test(body) ? body : plainTextAsHtml(body);
  return sanitizer()(html, NOTICE_HTML).trim();
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function plainTextAsHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** Whether sanitised HTML still says something (a body of only a script is empty after it). */
export const hasText = (html: string) => sanitizer()(html, { allowedTags: [], allowedAttributes: {} }).trim() !== '';
