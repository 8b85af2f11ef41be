// Opaque, tamper-evident page cursors: HMAC-signed, bound to listing (collection), organisation and
// filters, and carrying the insertion sequence of the last record served (keyset paging).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { invalid } from './http/api-error';

export interface CursorBinding {
  listing: string;
  organisation: string;
  filters: Record<string, string>;
}

const VERSION = 'c1';

function filterDigest(filters: Record<string, string>): string {
  const canonical = Object.keys(filters)
    .sort()
    .map((k) => `${k}=${filters[k]}`)
    .join('&');
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 16);
}

export class CursorCodec {
  constructor(private readonly secret: Buffer) {}

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  encode(binding: CursorBinding, afterSeq: number): string {
    const payload = Buffer.from(
      JSON.stringify({
        l: binding.listing,
        o: binding.organisation,
        f: filterDigest(binding.filters),
        a: afterSeq,
      }),
    ).toString('base64url');
    return `${VERSION}.${payload}.${this.sign(payload)}`;
  }

  /** The sequence to continue after; any cursor not made here for exactly this listing is refused. */
  decode(cursor: string, binding: CursorBinding): number {
    const bad = (why: string) =>
      invalid(`The cursor is not valid: ${why}. Start again without a cursor.`, { parameter: 'cursor' });
    const parts = cursor.split('.');
    if (parts.length !== 3 || parts[0] !== VERSION) throw bad('it is malformed');
    const [, payload, signature] = parts as [string, string, string];
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw bad('it was altered or not issued by this service');
    let data: unknown;
    try {
      data = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw bad('it is malformed');
    }
    const d = data as { l?: unknown; o?: unknown; f?: unknown; a?: unknown };
    if (typeof d.a !== 'number' || !Number.isInteger(d.a) || d.a < 0) throw bad('it is malformed');
    if (d.l !== binding.listing || d.o !== binding.organisation)
      throw bad('it belongs to a different listing');
    if (d.f !== filterDigest(binding.filters)) throw bad('it was issued for different filters');
    return d.a;
  }
}
