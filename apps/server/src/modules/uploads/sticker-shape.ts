import { promises as fs } from 'node:fs';
import { STICKER_PIXELS, STICKER_STILL_MAX_BYTES } from '@ws/contract';
import { AppError, errors } from '../../platform/http/errors.js';

interface WebpShape {
  width: number;
  height: number;
  animated: boolean;
}

const HEAD_BYTES = 30;

/**
 * A WebP's size in pixels and whether it is animated, from its first chunk: VP8X (extended: a
 * flags byte, then the canvas's width and height less one, 24 bits each), VP8L (lossless: 14-bit
 * width and height less one after the signature byte) or VP8 (lossy: 14-bit width and height
 * after the key frame's start code). Undefined for anything else.
 */
export function webpShape(head: Buffer): WebpShape | undefined {
  if (head.length < HEAD_BYTES || head.toString('latin1', 0, 4) !== 'RIFF' || head.toString('latin1', 8, 12) !== 'WEBP')
    return undefined;
  const chunk = head.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return {
      animated: (head.readUInt8(20) & 0x02) !== 0,
      width: head.readUIntLE(24, 3) + 1,
      height: head.readUIntLE(27, 3) + 1,
    };
  }
  if (chunk === 'VP8L' && head.readUInt8(20) === 0x2f) {
    const bits = head.readUInt32LE(21);
    return { animated: false, width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8 ' && head.readUIntBE(23, 3) === 0x9d012a) {
    return { animated: false, width: head.readUInt16LE(26) & 0x3fff, height: head.readUInt16LE(28) & 0x3fff };
  }
  return undefined;
}

/**
 * What WhatsApp asks of a sticker beyond its type: 512×512 pixels, and at most 100 KB unless it is
 * animated (the kind's 500 KB then). `field` names the request's field in the error.
 */
export async function checkSticker(file: string, size: number, field: string): Promise<void> {
  const handle = await fs.open(file, 'r');
  const head = Buffer.alloc(HEAD_BYTES);
  try {
    await handle.read(head, 0, HEAD_BYTES, 0);
  } finally {
    await handle.close();
  }
  const shape = webpShape(head);
  if (!shape || shape.width !== STICKER_PIXELS || shape.height !== STICKER_PIXELS) {
    const found = shape ? `${shape.width}×${shape.height}` : '?';
    throw errors.invalid(
      field,
      `贴纸须为 ${STICKER_PIXELS}×${STICKER_PIXELS} 像素的 WebP（此文件为 ${found}）`,
      `a sticker must be a ${STICKER_PIXELS}×${STICKER_PIXELS} WebP (this one is ${found})`,
    );
  }
  if (!shape.animated && size > STICKER_STILL_MAX_BYTES) {
    const kb = STICKER_STILL_MAX_BYTES / 1024;
    throw new AppError('tooLarge', {
      zh: `${field}: 静态贴纸不能超过 ${kb} KB`,
      en: `${field}: a still sticker may be at most ${kb} KB`,
    });
  }
}
