// A small HTTP service in front of a sandbox: it passes every request on and may rewrite the JSON of
// an answer on its way back, to stand for a service that answers the same contract with less in it
// (one that never says which record an approved suggestion created, for instance), or hold an answer
// back until the test lets it go (a rewrite that resolves later).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RewritingProxy {
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * `rewrite` gets the request's path and the answer's parsed JSON, and returns (or resolves to) what is
 * sent instead.
 */
export async function startRewritingProxy(
  target: string,
  rewrite: (path: string, body: unknown) => unknown,
): Promise<RewritingProxy> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
          headers.set(name, value);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      void fetch(`${target}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, body })
        .then(async (answer) => {
          let text = await answer.text();
          if (answer.headers.get('content-type')?.includes('json') && text) {
            text = JSON.stringify(await rewrite(req.url ?? '/', JSON.parse(text) as unknown));
          }
          const out: Record<string, string> = {};
          answer.headers.forEach((value, name) => {
            if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
              out[name] = value;
          });
          res.writeHead(answer.status, out).end(text);
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
