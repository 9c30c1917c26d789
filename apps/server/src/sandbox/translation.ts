/**
 * The embedded translation provider: a LibreTranslate-compatible `/translate`, `/detect` and
 * `/languages` under `/libretranslate/` (SANDBOX_TRANSLATE_PATH). No translation model ships with
 * any npm package and nothing may be downloaded at run time, so the "translation" is an honest
 * deterministic pseudo-translation, `⟦es⟧ original text`: the product's real LibreTranslate client,
 * its cache and its metering run end to end, and the marker shows it was simulated. Markup (HTML
 * format with `translate="no"` spans) passes through untouched. Detection is real: the local
 * detector the product uses.
 */
import { TRANSLATION_LANGUAGES } from '@ws/contract';
import { detectLanguage } from '../platform/translation/detect-language.js';
import { SANDBOX_TRANSLATE_PATH } from '../platform/translation/translator-from-config.js';
import type { SandboxReply } from './http.js';
import type { TranslationRules } from './settings.js';

export const TRANSLATE_PREFIX = `${SANDBOX_TRANSLATE_PATH}/`;

/** Chinese as current LibreTranslate releases spell it; every other product code as it is. */
const libreCode = (code: string) => (code === 'zh' ? 'zh-Hans' : code === 'zh-TW' ? 'zh-Hant' : code);
const CODES = TRANSLATION_LANGUAGES.map(libreCode);
const KNOWN = new Set<string>(CODES);

/** What LibreTranslate's `/translate` answers for `text` into `target`, simulated. */
export const pseudoTranslation = (text: string, target: string) => `⟦${target}⟧ ${text}`;

const failure = (status: number, error: string): SandboxReply => ({ status, body: { error } });

/** LibreTranslate reads JSON or form fields; a repeated form `q` is a batch. */
function fieldsOf(contentType: string | undefined, raw: Buffer): Record<string, unknown> | undefined {
  const text = raw.toString('utf8');
  if ((contentType ?? '').includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    const q = form.getAll('q');
    return { ...Object.fromEntries(form), q: q.length > 1 ? q : q[0] };
  }
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

async function translate(fields: Record<string, unknown>): Promise<SandboxReply> {
  const { q, source = 'auto', target, format = 'text' } = fields;
  const texts = Array.isArray(q) ? q : [q];
  if (q === undefined || !texts.every((text) => typeof text === 'string'))
    return failure(400, 'Invalid request: missing q parameter');
  if (typeof target !== 'string' || !KNOWN.has(target)) return failure(400, `${String(target)} is not supported`);
  if (source !== 'auto' && (typeof source !== 'string' || !KNOWN.has(source))) {
    return failure(400, `${String(source)} is not supported`);
  }
  if (format !== 'text' && format !== 'html') return failure(400, `${String(format)} format is not supported`);
  const translated = (texts as string[]).map((text) => pseudoTranslation(text, target));
  if (source !== 'auto')
    return { status: 200, body: { translatedText: Array.isArray(q) ? translated : translated[0] } };
  const detected = await Promise.all((texts as string[]).map(detectOne));
  return {
    status: 200,
    body: Array.isArray(q)
      ? { translatedText: translated, detectedLanguage: detected }
      : { translatedText: translated[0], detectedLanguage: detected[0] },
  };
}

/** LibreTranslate's detection shape: a percentage, and a code (`und` when the text is too short to tell). */
async function detectOne(text: string): Promise<{ confidence: number; language: string }> {
  const found = await detectLanguage(text.replace(/<[^>]+>/g, ' '));
  return {
    confidence: Math.round(found.confidence * 100),
    language: found.language ? libreCode(found.language) : found.detected,
  };
}

/**
 * A `/libretranslate/...` request: `translate`, `detect` or `languages`, as LibreTranslate answers
 * them; with `translation.unavailable` set (`POST /_sandbox/config`), a translation is a 503.
 */
export async function routeTranslation(
  rules: TranslationRules,
  method: string,
  path: string,
  contentType: string | undefined,
  raw: Buffer,
): Promise<SandboxReply> {
  const call = path.slice(TRANSLATE_PREFIX.length);
  if (rules.unavailable && call === 'translate') return failure(503, 'Translation service unavailable (simulated)');
  if (method === 'GET' && call === 'languages') {
    return { status: 200, body: CODES.map((code) => ({ code, name: code, targets: CODES })) };
  }
  if (method !== 'POST' || (call !== 'translate' && call !== 'detect')) return failure(404, 'Not Found');
  const fields = fieldsOf(contentType, raw);
  if (!fields) return failure(400, 'Invalid request: the body is not JSON');
  if (call === 'translate') return translate(fields);
  if (typeof fields.q !== 'string') return failure(400, 'Invalid request: missing q parameter');
  return { status: 200, body: [await detectOne(fields.q)] };
}
