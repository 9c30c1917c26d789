import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { captchaDataUrl, crc32, renderCaptchaPng } from './captcha-image.js';

interface PngChunk {
  type: string;
  data: Buffer;
  storedCrc: number;
  computedCrc: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function readChunks(png: Buffer): PngChunk[] {
  const chunks: PngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const typeAndData = png.subarray(offset + 4, offset + 8 + length);
    chunks.push({
      type: typeAndData.subarray(0, 4).toString('ascii'),
      data: typeAndData.subarray(4),
      storedCrc: png.readUInt32BE(offset + 8 + length),
      computedCrc: crc32(typeAndData),
    });
    offset += 12 + length;
  }
  return chunks;
}

function decode(png: Buffer): { width: number; height: number; scanlines: Buffer } {
  const chunks = readChunks(png);
  const header = chunks.find((chunk) => chunk.type === 'IHDR');
  if (!header) throw new Error('missing IHDR');
  const idat = Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data));
  return {
    width: header.data.readUInt32BE(0),
    height: header.data.readUInt32BE(4),
    scanlines: inflateSync(idat),
  };
}

describe('crc32', () => {
  it('matches the well-known check value', () => {
    expect(crc32(Buffer.from('123456789', 'ascii'))).toBe(0xcbf43926);
    expect(crc32(Buffer.alloc(0))).toBe(0);
  });
});

describe('renderCaptchaPng', () => {
  it('starts with the PNG signature and an RGB 8-bit IHDR of about 120x40', () => {
    const png = renderCaptchaPng('7 + 5 = ?');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');

    const header = readChunks(png)[0];
    expect(header?.type).toBe('IHDR');
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect(width).toBeGreaterThanOrEqual(120);
    expect(width).toBeLessThanOrEqual(160);
    expect(height).toBe(40);
    expect(header?.data[8]).toBe(8);
    expect(header?.data[9]).toBe(2);
  });

  it('grows wider for longer text', () => {
    const short = decode(renderCaptchaPng('1 + 1 = ?'));
    const long = decode(renderCaptchaPng('12 + 34 - 56 = ?'));
    expect(long.width).toBeGreaterThan(short.width);
  });

  it('writes IHDR, IDAT, IEND with valid CRCs', () => {
    const chunks = readChunks(renderCaptchaPng('9 - 3 = ?'));
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    for (const chunk of chunks) {
      expect(chunk.computedCrc).toBe(chunk.storedCrc);
    }
  });

  it('inflates IDAT to exactly height * (1 + width * 3) bytes with filter 0 rows', () => {
    const { width, height, scanlines } = decode(renderCaptchaPng('0123456789+-=? '));
    const rowStride = 1 + width * 3;
    expect(scanlines.length).toBe(height * rowStride);
    for (let row = 0; row < height; row++) {
      expect(scanlines[row * rowStride]).toBe(0);
    }
  });

  it('draws the glyphs as dark pixels', () => {
    const { width, height, scanlines } = decode(renderCaptchaPng('7 + 5 = ?'));
    const rowStride = 1 + width * 3;
    let darkPixels = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const offset = y * rowStride + 1 + x * 3;
        const brightest = Math.max(scanlines[offset]!, scanlines[offset + 1]!, scanlines[offset + 2]!);
        if (brightest < 100) darkPixels++;
      }
    }
    // "7 + 5 = ?" has well over 60 inked font cells of 3x3 pixels each.
    expect(darkPixels).toBeGreaterThan(400);
  });

  it('renders a blank-ish image without dark pixels for spaces only', () => {
    const { width, height, scanlines } = decode(renderCaptchaPng('   '));
    const rowStride = 1 + width * 3;
    let darkPixels = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const offset = y * rowStride + 1 + x * 3;
        if (Math.max(scanlines[offset]!, scanlines[offset + 1]!, scanlines[offset + 2]!) < 100) darkPixels++;
      }
    }
    expect(darkPixels).toBe(0);
  });

  it('differs between two renders of the same text', () => {
    expect(renderCaptchaPng('7 + 5 = ?').equals(renderCaptchaPng('7 + 5 = ?'))).toBe(false);
  });

  it('throws an error naming an unsupported character', () => {
    expect(() => renderCaptchaPng('7 x 5 = ?')).toThrow(/"x"/);
    expect(() => renderCaptchaPng('A')).toThrow(/Unsupported captcha character/);
  });
});

describe('captchaDataUrl', () => {
  it('returns a base64 PNG data URL that decodes to a PNG', () => {
    const url = captchaDataUrl('3 + 4 = ?');
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(url.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  });
});
