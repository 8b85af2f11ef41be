// Answers a read with an ETag, and "304 Not Modified" with no body when the caller already holds
// that version (If-None-Match): what some services do and service-api.md does not promise. Only
// with the sandbox's --etags, which the app's own demo never passes; counted, so tests can tell how
// many reads cost no body.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJsonText } from './respond';

export class ConditionalAnswers {
  private unchanged = 0;

  /** How many reads were answered 304. */
  get unchangedCount(): number {
    return this.unchanged;
  }

  send(req: IncomingMessage, res: ServerResponse, value: unknown): void {
    const body = JSON.stringify(value);
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    if (heldVersions(req).includes(etag)) {
      this.unchanged += 1;
      res.writeHead(304, { ETag: etag, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    sendJsonText(res, 200, body, { ETag: etag });
  }
}

/** The versions If-None-Match names (weak ones compare as strong: a read has no byte ranges). */
function heldVersions(req: IncomingMessage): string[] {
  const header = req.headers['if-none-match'];
  if (!header) return [];
  return header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
}
