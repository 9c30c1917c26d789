import { escapeForWebhookBody } from '../whatsapp/webhooks/signature.js';

/**
 * A growable byte buffer for building webhook bodies piece by piece. At tens of thousands of
 * statuses a second, writing each field straight into bytes, instead of building a string per
 * status, joining them and encoding the result, is most of what the garbage collector is spared.
 */
export class ByteWriter {
  private buffer: Buffer;
  length = 0;

  constructor(capacity = 4096) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  /** Text of code points below 256 only (ids, digits, fixed JSON): one byte per character. */
  latin1(text: string): void {
    const length = text.length;
    this.ensure(length);
    if (length > 48) {
      this.length += this.buffer.write(text, this.length, 'latin1');
      return;
    }
    // Short pieces are most of a status: a loop the JIT compiles beats a call into the runtime.
    const buffer = this.buffer;
    let at = this.length;
    for (let index = 0; index < length; index++) buffer[at++] = text.charCodeAt(index);
    this.length = at;
  }

  /**
   * JSON text with every non-ASCII character escaped as `\uXXXX`, as Meta sends webhooks: the
   * bytes are then the escaped form Meta signs, so any verifier of its documented scheme accepts them.
   */
  jsonEscaped(text: string): void {
    this.latin1(escapeForWebhookBody(text));
  }

  /** A whole non-negative number as decimal digits, without making a string of it. */
  digits(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) {
      this.latin1(String(value));
      return;
    }
    let width = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) width++;
    this.ensure(width);
    let at = this.length + width;
    let rest = value;
    do {
      this.buffer[--at] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
    this.length += width;
  }

  bytes(data: Uint8Array): void {
    this.ensure(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  /** Appends bytes `start` to `end` of another writer. */
  append(source: ByteWriter, start = 0, end = source.length): void {
    this.ensure(end - start);
    this.length += source.buffer.copy(this.buffer, this.length, start, end);
  }

  /** The bytes written so far (a view: later writes may change or move them). */
  view(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  toString(): string {
    return this.buffer.toString('utf8', 0, this.length);
  }

  /** Empties the writer; it keeps its capacity, up to `keep` bytes. */
  reset(keep = 1 << 20): void {
    this.length = 0;
    if (this.buffer.length > keep) this.buffer = Buffer.allocUnsafe(keep);
  }

  private ensure(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.buffer.length) return;
    let capacity = this.buffer.length * 2;
    while (capacity < needed) capacity *= 2;
    const grown = Buffer.allocUnsafe(capacity);
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}
