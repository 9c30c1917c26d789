/** Small files of each kind an agent may send, real enough for a content check (their signatures) and the sandbox. */
import { loadExcelJs } from '../../platform/lazy-libraries.js';
import { renderCaptchaPng } from '../auth/captcha/captcha-image.js';

const bytes = (...parts: (string | number[] | Buffer)[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

/** A workbook as Excel writes it (a zip whose parts name its type). */
async function workbook(): Promise<Buffer> {
  const book = new (await loadExcelJs()).Workbook();
  book.addWorksheet('Precios').addRow(['Producto', 'Precio']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A WebP's extended header (VP8X) saying its canvas size and whether it is animated, padded to `bytesCount`. */
export function webp(width: number, height: number, { animated = false, bytesCount = 64 } = {}): Buffer {
  const size = (value: number) => [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff];
  const head = bytes(
    'RIFF',
    [0, 0, 0, 0],
    'WEBPVP8X',
    [10, 0, 0, 0],
    [animated ? 0x02 : 0, 0, 0, 0],
    size(width - 1),
    size(height - 1),
  );
  head.writeUInt32LE(Math.max(bytesCount, head.length) - 8, 4);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytesCount - head.length))]);
}

export interface MediaSample {
  kind: 'image' | 'audio' | 'video' | 'document' | 'sticker';
  fileName: string;
  type: string;
  content: Buffer;
}

export async function mediaSamples(): Promise<MediaSample[]> {
  return [
    { kind: 'image', fileName: 'menu.png', type: 'image/png', content: renderCaptchaPng('1 + 2 = ?') },
    {
      kind: 'audio',
      fileName: 'voice.ogg',
      type: 'audio/ogg',
      content: bytes('OggS', Buffer.alloc(24), 'OpusHead', Buffer.alloc(64)),
    },
    {
      kind: 'audio',
      fileName: 'song.mp3',
      type: 'audio/mpeg',
      content: bytes([0xff, 0xfb, 0x90, 0x64], Buffer.alloc(400)),
    },
    {
      kind: 'video',
      fileName: 'clip.mp4',
      type: 'video/mp4',
      content: bytes([0, 0, 0, 0x18], 'ftypmp42', Buffer.alloc(64)),
    },
    { kind: 'document', fileName: 'factura.pdf', type: 'application/pdf', content: bytes('%PDF-1.4\n%%EOF\n') },
    {
      kind: 'document',
      fileName: 'precios.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content: await workbook(),
    },
    {
      kind: 'document',
      fileName: 'notas.txt',
      type: 'text/plain',
      content: Buffer.from('Hola, aquí tiene los horarios.\n'),
    },
    { kind: 'sticker', fileName: 'gracias.webp', type: 'image/webp', content: webp(512, 512) },
  ];
}

/** More bytes of a kind's signature than its limit allows. */
export const oversizedVideo = (bytesCount: number) => bytes([0, 0, 0, 0x18], 'ftypmp42', Buffer.alloc(bytesCount));
