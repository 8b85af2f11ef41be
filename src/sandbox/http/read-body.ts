// Reads a request body up to a size limit, so a huge upload cannot exhaust the sandbox's memory.
import type { IncomingMessage } from 'node:http';
import { ApiError } from './api-error';

export const MAX_BODY_BYTES = 1_000_000;

export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new ApiError(413, 'payload_too_large', `The request body is larger than ${limit} bytes.`));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
