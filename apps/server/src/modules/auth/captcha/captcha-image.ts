import { randomInt } from 'node:crypto';
import { deflateSync } from 'node:zlib';

// Renders maths-captcha text (e.g. "7 + 5 = ?") as a small noisy RGB PNG.
// Dependency-free on purpose: a tiny bitmap font plus a hand-rolled PNG encoder.

const GLYPH_WIDTH = 5;
const GLYPH_HEIGHT = 7;
const GLYPH_SCALE = 3;
const GLYPH_ADVANCE = (GLYPH_WIDTH + 1) * GLYPH_SCALE;
// Spaces are narrower than glyphs so "7 + 5 = ?" stays close to 120px wide.
const SPACE_ADVANCE = 3 * GLYPH_SCALE;
const MIN_WIDTH = 120;
const IMAGE_HEIGHT = 40;
const HORIZONTAL_PADDING = 6;
const MAX_VERTICAL_JITTER = 4;
const NOISE_LINE_COUNT = 3;
const NOISE_DOTS_PER_100_PIXELS = 6;

// 5x7 glyphs, '#' marks an inked cell.
const FONT: Readonly<Record<string, readonly string[]>> = {
  '0': [' ### ', '#   #', '#  ##', '# # #', '##  #', '#   #', ' ### '],
  '1': ['  #  ', ' ##  ', '  #  ', '  #  ', '  #  ', '  #  ', ' ### '],
  '2': [' ### ', '#   #', '    #', '   # ', '  #  ', ' #   ', '#####'],
  '3': ['#####', '   # ', '  #  ', '   # ', '    #', '#   #', ' ### '],
  '4': ['   # ', '  ## ', ' # # ', '#  # ', '#####', '   # ', '   # '],
  '5': ['#####', '#    ', '#### ', '    #', '    #', '#   #', ' ### '],
  '6': ['  ## ', ' #   ', '#    ', '#### ', '#   #', '#   #', ' ### '],
  '7': ['#####', '    #', '   # ', '  #  ', ' #   ', ' #   ', ' #   '],
  '8': [' ### ', '#   #', '#   #', ' ### ', '#   #', '#   #', ' ### '],
  '9': [' ### ', '#   #', '#   #', ' ####', '    #', '   # ', ' ##  '],
  '+': ['     ', '  #  ', '  #  ', '#####', '  #  ', '  #  ', '     '],
  '-': ['     ', '     ', '     ', '#####', '     ', '     ', '     '],
  '=': ['     ', '     ', '#####', '     ', '#####', '     ', '     '],
  '?': [' ### ', '#   #', '    #', '   # ', '  #  ', '     ', '  #  '],
  ' ': ['     ', '     ', '     ', '     ', '     ', '     ', '     '],
};

type Rgb = readonly [number, number, number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Standard CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320) as required by PNG.
const CRC_TABLE: Uint32Array = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let bit = 0; bit < 8; bit++) {
      c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    }
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** RGB canvas stored directly as PNG scanlines (each row prefixed by filter byte 0). */
class Canvas {
  readonly scanlines: Buffer;
  private readonly rowStride: number;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.rowStride = 1 + width * 3;
    this.scanlines = Buffer.alloc(this.rowStride * height);
  }

  setPixel(x: number, y: number, [r, g, b]: Rgb): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const offset = y * this.rowStride + 1 + x * 3;
    this.scanlines[offset] = r;
    this.scanlines[offset + 1] = g;
    this.scanlines[offset + 2] = b;
  }

  fillRect(x: number, y: number, w: number, h: number, colour: Rgb): void {
    for (let dy = 0; dy < h; dy++) {
      for (let dx = 0; dx < w; dx++) this.setPixel(x + dx, y + dy, colour);
    }
  }

  // Bresenham line; good enough for thin noise strokes.
  drawLine(x0: number, y0: number, x1: number, y1: number, colour: Rgb): void {
    const dx = Math.abs(x1 - x0);
    const dy = -Math.abs(y1 - y0);
    const stepX = x0 < x1 ? 1 : -1;
    const stepY = y0 < y1 ? 1 : -1;
    let error = dx + dy;
    let x = x0;
    let y = y0;
    for (;;) {
      this.setPixel(x, y, colour);
      if (x === x1 && y === y1) return;
      const doubled = 2 * error;
      if (doubled >= dy) {
        error += dy;
        x += stepX;
      }
      if (doubled <= dx) {
        error += dx;
        y += stepY;
      }
    }
  }
}

function randomColour(min: number, max: number): Rgb {
  return [randomInt(min, max + 1), randomInt(min, max + 1), randomInt(min, max + 1)];
}

function glyphFor(character: string): readonly string[] {
  const glyph = FONT[character];
  if (!glyph) throw new Error(`Unsupported captcha character: ${JSON.stringify(character)}`);
  return glyph;
}

function advanceFor(character: string): number {
  return character === ' ' ? SPACE_ADVANCE : GLYPH_ADVANCE;
}

function drawGlyph(canvas: Canvas, glyph: readonly string[], left: number, top: number, colour: Rgb): void {
  glyph.forEach((row, rowIndex) => {
    for (let column = 0; column < row.length; column++) {
      if (row[column] !== '#') continue;
      canvas.fillRect(left + column * GLYPH_SCALE, top + rowIndex * GLYPH_SCALE, GLYPH_SCALE, GLYPH_SCALE, colour);
    }
  });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData), 0);
  return Buffer.concat([length, typeAndData, crc]);
}

function encodePng(canvas: Canvas): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(canvas.width, 0);
  header.writeUInt32BE(canvas.height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: truecolour RGB
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method: adaptive (every row uses filter 0)
  header[12] = 0; // no interlace
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(canvas.scanlines)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export function renderCaptchaPng(text: string): Buffer {
  // Resolve every glyph first so an unsupported character fails before any drawing.
  const characters = [...text];
  const glyphs = characters.map(glyphFor);
  const textWidth = characters.reduce((sum, character) => sum + advanceFor(character), 0);
  const width = Math.max(MIN_WIDTH, textWidth + 2 * HORIZONTAL_PADDING);
  const canvas = new Canvas(width, IMAGE_HEIGHT);

  // Light tint keeps contrast high while making each image's background unique.
  canvas.fillRect(0, 0, width, IMAGE_HEIGHT, randomColour(225, 255));

  const dotCount = Math.round((width * IMAGE_HEIGHT * NOISE_DOTS_PER_100_PIXELS) / 100);
  for (let i = 0; i < dotCount; i++) {
    canvas.setPixel(randomInt(width), randomInt(IMAGE_HEIGHT), randomColour(110, 210));
  }

  const glyphPixelHeight = GLYPH_HEIGHT * GLYPH_SCALE;
  const baseTop = Math.floor((IMAGE_HEIGHT - glyphPixelHeight) / 2);
  let left = Math.floor((width - textWidth) / 2);
  glyphs.forEach((glyph, index) => {
    const top = baseTop + randomInt(-MAX_VERTICAL_JITTER, MAX_VERTICAL_JITTER + 1);
    drawGlyph(canvas, glyph, left, top, randomColour(0, 90));
    left += advanceFor(characters[index] as string);
  });

  // Thin mid-tone lines drawn over the text: they cross the glyphs without hiding them.
  for (let i = 0; i < NOISE_LINE_COUNT; i++) {
    canvas.drawLine(
      randomInt(0, Math.floor(width / 4)),
      randomInt(IMAGE_HEIGHT),
      randomInt(Math.floor((width * 3) / 4), width),
      randomInt(IMAGE_HEIGHT),
      randomColour(100, 170),
    );
  }

  return encodePng(canvas);
}

export function captchaDataUrl(text: string): string {
  return `data:image/png;base64,${renderCaptchaPng(text).toString('base64')}`;
}
