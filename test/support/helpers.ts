// Shared helpers of the sandbox tests: a started sandbox with its keys by name, and small fetch
// wrappers that return status, headers, raw text and parsed JSON.
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox';

// Answers are JSON inspected field by field in assertions; a loose type keeps tests readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Started extends Sandbox {
  key(name: string): string;
  org(name: string): string;
}

export async function start(options: SandboxOptions = {}): Promise<Started> {
  const sandbox = await startSandbox({ port: 0, ...options });
  const find = (name: string) => {
    const k = sandbox.keys.find((x) => x.name === name);
    if (!k) throw new Error(`no key ${name}`);
    return k;
  };
  return Object.assign(sandbox, {
    key: (n: string) => find(n).key,
    org: (n: string) => find(n).organisation,
  });
}

export interface Answer<T = Json> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

export async function call<T = Json>(
  base: string,
  path: string,
  init: RequestInit & { key?: string } = {},
): Promise<Answer<T>> {
  const headers = new Headers(init.headers);
  if (init.key) headers.set('Authorization', `Bearer ${init.key}`);
  const res = await fetch(`${base}${path}`, { ...init, headers, redirect: 'manual' });
  const text = await res.text();
  let json: Json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

let counter = 0;
export function postProposals(
  base: string,
  key: string,
  body: unknown,
  idempotencyKey = `test-${Date.now()}-${++counter}`,
): Promise<Answer> {
  return call(base, '/api/v1/proposals', {
    method: 'POST',
    key,
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** Follows nextCursor to the end, optionally doing something between pages. */
export async function readAll(
  base: string,
  key: string,
  path: string,
  between?: (page: number) => Promise<void> | void,
): Promise<Json[]> {
  const out: Json[] = [];
  let cursor: string | null = null;
  for (let page = 0; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const r: Answer = await call(base, cursor ? `${path}${sep}cursor=${encodeURIComponent(cursor)}` : path, {
      key,
    });
    if (r.status !== 200) throw new Error(`${r.status} ${r.text}`);
    out.push(...r.json.data);
    if (!r.json.hasMore) {
      if (r.json.nextCursor !== null) throw new Error('last page has a cursor');
      return out;
    }
    cursor = r.json.nextCursor;
    await between?.(page);
  }
}
