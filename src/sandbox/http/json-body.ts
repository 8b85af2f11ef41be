// Reading a JSON request body: the media type it must be sent with, and the body parsed, each refused
// in words (415, 400) when wrong. The suggestion endpoint and the colleague read bodies alike.
import type { IncomingMessage } from 'node:http';
import { ApiError, invalid } from './api-error';

/** Throws 415 unless the request says it sends JSON; `what` names what it sends ("the suggestion"). */
export function requireJson(req: IncomingMessage, what: string): void {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json')
    throw new ApiError(
      415,
      'unsupported_media_type',
      `Send ${what} as JSON with "Content-Type: application/json".`,
    );
}

export function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalid('The body is not valid JSON.');
  }
}

export const isJsonObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
