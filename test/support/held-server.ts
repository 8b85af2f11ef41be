// A small HTTP service on 127.0.0.1 for tests of how PropDesk sends requests: it records every request
// in the order it arrived (path, key, body) and holds it until the test answers, unless an automatic
// answer is given. So a test can count what reached the service, in what order, how many at once, and
// whether a request was abandoned by PropDesk before its answer.
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HeldRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  /** The Authorization header as it arrived. */
  authorization: string | undefined;
  body: string;
  /** How many requests were open at the service when this one arrived (itself included). */
  openOnArrival: number;
  answered: boolean;
  /** PropDesk closed the request before it was answered (an abort). */
  abandoned: boolean;
  answer(status: number, body?: unknown, headers?: Record<string, string>): void;
}

export interface AutoAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface HeldServer {
  baseUrl: string;
  /** Every request, in the order it arrived. */
  arrivals: HeldRequest[];
  /** Requests neither answered nor abandoned, oldest first. */
  held(): HeldRequest[];
  /** The most requests open at once so far (or since `resetPeak`). */
  peak(): number;
  resetPeak(): void;
  /** An answer for requests that arrive from now on; undefined: hold them. */
  autoAnswer(answer: ((request: HeldRequest) => AutoAnswer | undefined) | undefined): void;
  close(): Promise<void>;
}

/** A record the way the service documents one: an envelope around an object with an ID. */
export function recordAnswer(request: HeldRequest): AutoAnswer {
  const id = decodeURIComponent(request.path.split('?')[0]!.split('/').at(-1) ?? '');
  return { status: 200, body: { data: { id, path: request.path } } };
}

export async function startHeldServer(): Promise<HeldServer> {
  const arrivals: HeldRequest[] = [];
  let open = 0;
  let peak = 0;
  let auto: ((request: HeldRequest) => AutoAnswer | undefined) | undefined;

  const handle = (req: IncomingMessage, res: ServerResponse, body: string) => {
    open += 1;
    peak = Math.max(peak, open);
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      open -= 1;
      return true;
    };
    const request: HeldRequest = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      authorization: req.headers.authorization,
      body,
      openOnArrival: open,
      answered: false,
      abandoned: false,
      answer(status, answerBody, headers = {}) {
        if (!settle()) return;
        request.answered = true;
        const text = answerBody === undefined ? '' : JSON.stringify(answerBody);
        res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        res.end(text);
      },
    };
    res.on('close', () => {
      if (settle()) request.abandoned = true;
    });
    arrivals.push(request);
    const automatic = auto?.(request);
    if (automatic) request.answer(automatic.status, automatic.body, automatic.headers);
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    arrivals,
    held: () => arrivals.filter((r) => !r.answered && !r.abandoned),
    peak: () => peak,
    resetPeak: () => void (peak = open),
    autoAnswer: (answer) => void (auto = answer),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
