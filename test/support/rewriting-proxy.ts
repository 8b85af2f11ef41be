// A small HTTP service in front of a sandbox: it passes every request on and may rewrite the JSON of
// an answer on its way back, to stand for a service that answers the same contract with less in it
// (one that never says which record an approved suggestion created, for instance), hold an answer
// back until the test lets it go (a rewrite that resolves later), or answer a request itself (a
// service that limits one kind of request). It records every request it was sent and the status it
// answered with, so a test counts what reached the service.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the proxy answers by itself instead of passing a request on. */
export interface ProxyAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** One request the proxy was sent, and what it answered. */
export interface ProxyArrival {
  method: string;
  /** Path and query, as sent. */
  path: string;
  at: number;
  status?: number;
}

export interface RewritingProxy {
  baseUrl: string;
  /** Every request, in the order it arrived. */
  arrivals: ProxyArrival[];
  close(): Promise<void>;
}

/**
 * `rewrite` gets the request's path and the answer's parsed JSON, and returns (or resolves to) what is
 * sent instead; `answer`, when it gives an answer for a request, is sent instead of passing it on.
 */
export async function startRewritingProxy(
  target: string,
  rewrite: (path: string, body: unknown) => unknown,
  answer: (method: string, path: string) => ProxyAnswer | undefined = () => undefined,
): Promise<RewritingProxy> {
  const arrivals: ProxyArrival[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    const arrival: ProxyArrival = { method: req.method ?? 'GET', path: req.url ?? '/', at: Date.now() };
    arrivals.push(arrival);
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const own = answer(arrival.method, arrival.path);
      if (own) {
        arrival.status = own.status;
        res
          .writeHead(own.status, { 'Content-Type': 'application/json', ...own.headers })
          .end(own.body === undefined ? '' : JSON.stringify(own.body));
        return;
      }
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
          headers.set(name, value);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      void fetch(`${target}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, body })
        .then(async (passed) => {
          let text = await passed.text();
          if (passed.headers.get('content-type')?.includes('json') && text) {
            text = JSON.stringify(await rewrite(req.url ?? '/', JSON.parse(text) as unknown));
          }
          const out: Record<string, string> = {};
          passed.headers.forEach((value, name) => {
            if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
              out[name] = value;
          });
          arrival.status = passed.status;
          res.writeHead(passed.status, out).end(text);
        })
        .catch(() => {
          arrival.status = 502;
          res.writeHead(502).end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    arrivals,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
