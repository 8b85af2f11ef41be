// The app side of the channel to the test host: Node's IPC channel of this child process. Requests
// carry an id and wait for their reply; events are one-way. Without the channel the stand-in cannot
// work, and says so at once instead of hanging.
import type { AppRequest, Envelope, HostAnswer, HostEvent, HostRequest, StandInConfig } from './protocol';

type AppRequestHandler = (request: AppRequest) => Promise<unknown>;

let nextId = 1;
const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
let handler: AppRequestHandler | undefined;

function send(message: Envelope<HostRequest | HostEvent | AppRequest>): void {
  if (!process.send)
    throw new Error('The Electron stand-in runs only as a child of the test host (no IPC channel).');
  process.send(message);
}

process.on('message', (raw: Envelope<AppRequest>) => {
  if (raw.type === 'reply') {
    const pending = waiting.get(raw.id);
    waiting.delete(raw.id);
    if (raw.ok) pending?.resolve(raw.value);
    else pending?.reject(new Error(raw.message));
  } else if (raw.type === 'request') {
    const answer = handler ? handler(raw.body) : Promise.reject(new Error('The app is not ready'));
    answer.then(
      (value) => send({ type: 'reply', id: raw.id, ok: true, value }),
      (error: unknown) =>
        send({
          type: 'reply',
          id: raw.id,
          ok: false,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  }
});

/** The channel keeps the process alive only while something waits on it. */
function holdOpen(): void {
  process.channel?.ref();
}

export function askHost<R extends HostRequest>(request: R): Promise<HostAnswer<R['kind']>> {
  const id = nextId++;
  holdOpen();
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    send({ type: 'request', id, body: request });
  });
}

export function tellHost(event: HostEvent): void {
  send({ type: 'event', body: event });
}

export function onHostRequest(answer: AppRequestHandler): void {
  handler = answer;
}

export function standInConfig(): StandInConfig {
  const raw = process.env.PROPDESK_STAND_IN;
  if (!raw) throw new Error('PROPDESK_STAND_IN is not set: the test host configures the Electron stand-in.');
  return JSON.parse(raw) as StandInConfig;
}
