const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 62 * 4 = 248: bytes at or above it are drawn again, so every character is equally likely. */
const UNBIASED_LIMIT = 248;

export const RANDOM_ID_LENGTH = 22;

/** A random id of 22 letters and digits (about 131 bits), for client-generated ids. */
export function randomId(length = RANDOM_ID_LENGTH): string {
  let id = '';
  const bytes = new Uint8Array(length * 2);
  while (id.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT) id += ALPHABET[byte % ALPHABET.length];
      if (id.length === length) break;
    }
  }
  return id;
}
