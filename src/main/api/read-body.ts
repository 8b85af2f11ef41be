// Reads a response body with a size cap, so a misbehaving or hostile server cannot make main hold
// an unbounded answer in memory. Bodies with a known small length take the fast path.

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The answer was larger than ${Math.round(limit / 1024)} KB`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * The body as text. With `truncate`, a longer body is cut at the cap (error bodies: only the start
 * matters); without it, a longer body is an error.
 */
export async function readCappedText(
  response: Response,
  maxBytes: number,
  truncate = false,
): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > 0 && declared <= maxBytes) return response.text();
  if (!response.body) return '';
  if (Number.isFinite(declared) && declared > maxBytes && !truncate) {
    await response.body.cancel().catch(() => undefined);
    throw new BodyTooLargeError(maxBytes);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      await reader.cancel().catch(() => undefined);
      if (!truncate) throw new BodyTooLargeError(maxBytes);
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  // fatal:false: a cut in the middle of a multi-byte character becomes one replacement character.
  return new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(chunks, size));
}
