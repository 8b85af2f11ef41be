// Record IDs: prefix + base32 of a keyed 48-bit permutation of (organisation number, index).
// A permutation (Feistel network) rather than a hash makes IDs look random yet never collide,
// across organisations too, and lets a restart rebuild exactly the same IDs from the seed.
import { hashString } from './prng';

const ALPHABET = 'abcdefghjkmnpqrstvwxyz0123456789';
const HALF = 0xffffff;

function round(value: number, key: number): number {
  let x = Math.imul(value ^ key, 0x45d9f3b);
  x = Math.imul(x ^ (x >>> 16), 0x45d9f3b);
  return (x ^ (x >>> 13)) & HALF;
}

const keyCache = new Map<string, number[]>();

export function recordId(prefix: string, seed: number, orgNumber: number, index: number): string {
  const cacheKey = `${seed}:${prefix}`;
  let keys = keyCache.get(cacheKey);
  if (!keys) {
    keys = [1, 2, 3, 4].map((r) => hashString(`${cacheKey}:${r}`));
    keyCache.set(cacheKey, keys);
  }
  // 8 bits of organisation number and 40 bits of index make the 48-bit plaintext.
  let left = ((orgNumber & 0xff) << 16) | Math.floor(index / 0x1000000);
  let right = index & HALF;
  for (const key of keys) {
    const next = left ^ round(right, key);
    left = right;
    right = next;
  }
  let out = '';
  let hi = left;
  let lo = right;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[lo & 31]! + out;
    lo = (lo >>> 5) | ((hi & 31) << 19);
    hi >>>= 5;
  }
  return prefix + out;
}
