/**
 * The small HTML pages of `/l/{slug}`, rendered on the server: the desktop bridge (a QR code of the
 * WhatsApp link and a button), the preview page bots and link previews get (the link's name, no
 * redirect), nobody available, and an unknown link. In Chinese or English after Accept-Language.
 */
import { loadQrCode } from '../../../platform/lazy-libraries.js';

export type PageLanguage = 'zh' | 'en';

export const pageLanguageOf = (header: string | string[] | undefined): PageLanguage =>
  typeof header === 'string' && /^\s*zh/i.test(header) ? 'zh' : 'en';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const TEXTS = {
  zh: {
    chat: '在 WhatsApp 上聊天',
    scan: '用手机扫描二维码，在 WhatsApp 中打开对话；或在本机打开 WhatsApp：',
    open: '打开 WhatsApp',
    preview: '点击链接，在 WhatsApp 上与我们聊天。',
    busy: '暂时没有可用的客服',
    busyText: '现在没有可接待的号码（不在工作时间或已满额），请稍后再试。',
    notFound: '链接不存在',
    notFoundText: '该链接不存在或已停用。',
  },
  en: {
    chat: 'Chat on WhatsApp',
    scan: 'Scan the QR code with your phone to open the chat in WhatsApp, or open WhatsApp on this computer:',
    open: 'Open WhatsApp',
    preview: 'Follow the link to chat with us on WhatsApp.',
    busy: 'Nobody is available right now',
    busyText: 'No number can take a new chat now (outside working hours or full for today). Please try again later.',
    notFound: 'Link not found',
    notFoundText: 'This link does not exist or is no longer active.',
  },
} as const;

function page(language: PageLanguage, title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="${language === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>${head}
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;text-align:center;color:#1f2329}
.qr svg{width:240px;height:240px}.button{display:inline-block;margin-top:1rem;padding:.7rem 1.4rem;border-radius:6px;background:#25d366;color:#fff;text-decoration:none;font-weight:600}</style>
</head><body>${body}</body></html>`;
}

/** The desktop bridge: the QR code of the WhatsApp link (the same link the button opens). */
export async function bridgePage(language: PageLanguage, name: string, waUrl: string): Promise<string> {
  const texts = TEXTS[language];
  const qr = await (await loadQrCode()).toString(waUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return page(
    language,
    `${name} · ${texts.chat}`,
    `<h1>${escapeHtml(name)}</h1><p>${texts.scan}</p><div class="qr" data-testid="link-qr">${qr}</div>
<a class="button" data-testid="link-open" href="${escapeHtml(waUrl)}">${texts.open}</a>`,
  );
}

/** What bots and link previews get: the link's name and a line, never a redirect. */
export function previewPage(language: PageLanguage, name: string): string {
  const texts = TEXTS[language];
  const title = `${name} · ${texts.chat}`;
  return page(
    language,
    title,
    `<h1>${escapeHtml(name)}</h1><p>${texts.preview}</p>`,
    `<meta property="og:title" content="${escapeHtml(title)}"><meta property="og:description" content="${texts.preview}">`,
  );
}

export function busyPage(language: PageLanguage, name: string): string {
  const texts = TEXTS[language];
  return page(language, texts.busy, `<h1>${escapeHtml(name)}</h1><h2>${texts.busy}</h2><p>${texts.busyText}</p>`);
}

export function notFoundPage(language: PageLanguage): string {
  const texts = TEXTS[language];
  return page(language, texts.notFound, `<h1>${texts.notFound}</h1><p>${texts.notFoundText}</p>`);
}
