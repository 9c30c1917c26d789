/**
 * Seeded pseudo-random numbers. Every simulated customer owns one stream whose start is derived
 * from the sandbox seed and the customer's wa_id, so the same seed and the same sends give the
 * same outcomes, whatever the order in which customers are messaged. The state is one 32-bit
 * integer, which is what the state file keeps.
 */

/** 32-bit FNV-1a hash of a string. */
export function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The first state of the stream for `key` under `seed`. */
export function streamSeed(seed: number, key: string): number {
  return hash32(`${seed}:${key}`);
}

/** A mulberry32 stream: `next()` is a float in [0, 1); `state` can be saved and restored. */
export class Prng {
  constructor(public state: number) {}

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let value = this.state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}
