// Idempotency records of POST /api/v1/proposals, per organisation and Idempotency-Key: the
// fingerprint of the body and the exact bytes answered, kept for the sandbox's lifetime (and in the
// state file) so a retry gets the original answer byte for byte.
import { createHash } from 'node:crypto';

export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export interface IdempotencyRecord {
  organisation: string;
  key: string;
  fingerprint: string;
  status: number;
  body: string;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Same JSON value means same request, whatever the key order or whitespace. */
export function fingerprint(body: unknown): string {
  return createHash('sha256').update(canonical(body)).digest('hex');
}

export class IdempotencyBook {
  private readonly records = new Map<string, IdempotencyRecord>();

  constructor(initial: IdempotencyRecord[] = []) {
    for (const r of initial) this.records.set(`${r.organisation}\u0000${r.key}`, r);
  }

  find(organisation: string, key: string): IdempotencyRecord | undefined {
    return this.records.get(`${organisation}\u0000${key}`);
  }

  remember(record: IdempotencyRecord): void {
    this.records.set(`${record.organisation}\u0000${record.key}`, record);
  }

  all(): IdempotencyRecord[] {
    return [...this.records.values()];
  }
}
