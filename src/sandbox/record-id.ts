// Record IDs: prefix + base32 of a keyed 48-bit permutation of (organisation number, index).
// A permutation (Feistel network) rather than a hash makes IDs look random yet never collide,
// across organisations too, lets a restart rebuild exactly the same IDs from the seed, and lets a
// single read find a record by inverting the ID instead of keeping a large ID index in memory.
import { hashString } from './prng';

const ALPHABET = 'abcdefghjkmnpqrstvwxyz0123456789';
const HALF = 0xffffff;
const CHARS = 10;

function round(value: number, key: number): number {
  let x = Math.imul(value ^ key, 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 13)) & HALF;
}

const keyCache = new Map<string, number[]>();

function keysFor(prefix: string, seed: number): number[] {
  const cacheKey = `${seed}:${prefix}`;
  let keys = keyCache.get(cacheKey);
  if (!keys) {
    keys = [1, 2, 3, 4].map((r) => hashString(`${cacheKey}:${r}`));
    keyCache.set(cacheKey, keys);
  }
  return keys;
}

export function recordId(prefix: string, seed: number, orgNumber: number, index: number): string {
  const keys = keysFor(prefix, seed);
  // 8 bits of organisation number and 40 bits of index make the 48-bit plaintext.
  let left = ((orgNumber & 0xff) << 16) | Math.floor(index / 0x1000000);
  let right = index & HALF;
  for (const key of keys) {
    const next = left ^ round(right, key);
    left = right;
    right = next;
  }
  let out = '';
  for (let i = 0; i < CHARS; i++) {
    out = ALPHABET[right & 31]! + out;
    right = (right >>> 5) | ((left & 31) << 19);
    left >>>= 5;
  }
  return prefix + out;
}

/** The (organisation number, index) an ID was made from, or undefined for anything not made here. */
export function decodeRecordId(
  prefix: string,
  seed: number,
  id: string,
): { orgNumber: number; index: number } | undefined {
  if (!id.startsWith(prefix) || id.length !== prefix.length + CHARS) return undefined;
  let left = 0;
  let right = 0;
  for (let i = prefix.length; i < id.length; i++) {
    const v = ALPHABET.indexOf(id[i]!);
    if (v < 0) return undefined;
    left = ((left << 5) | (right >>> 19)) & 0x3ffffff;
    right = ((right << 5) | v) & HALF;
  }
  if (left > HALF) return undefined;
  const keys = keysFor(prefix, seed);
  for (let r = keys.length - 1; r >= 0; r--) {
    const prevLeft = right ^ round(left, keys[r]!);
    right = left;
    left = prevLeft;
  }
  return { orgNumber: left >>> 16, index: (left & 0xffff) * 0x1000000 + right };
}
