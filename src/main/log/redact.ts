// Redaction for everything main writes down or shows: removes Authorization values, bearer tokens,
// API-key-shaped strings, credentials in URLs, client secrets, cookies and every secret registered at
// runtime (as written and URL-encoded), from text and from structured values.

const registered = new Set<string>();

/** Remembers a secret (an API key read from the keychain, a generated demo key) so no log shows it. */
export function registerSecret(value: string | undefined | null): void {
  // Very short values would redact ordinary words; real keys are never that short.
  if (typeof value === 'string' && value.length >= 6) registered.add(value);
}

export function forgetSecret(value: string): void {
  registered.delete(value);
}

/** For tests: start from no registered secrets. */
export function clearRegisteredSecrets(): void {
  registered.clear();
}

export const REDACTED = '[redacted]';

// Header-style "Authorization: <anything up to end of line or quote>", also as JSON "authorization":"…".
const AUTH_HEADER = /(\bauthorization\b["']?\s*[:=]\s*["']?)([^"'\r\n,}]+)/gi;
// A key given by name, as a header line ("x-api-key: …", "api-token: …") or a parameter ("key=…",
// "?api_key=…"): the value up to the next space, quote or separator. One pass, no nested repetition.
const NAMED_KEY =
  /((?:\b|(?<=%[0-9a-f]{2}))(?:x-api-key|api[-_]?key|apikey|api[-_]?token|access[-_]?token|refresh[-_]?token|auth[-_]?token|client[-_]?secret|key|token|secret|password|passwd)\b["']?\s*(?:[:=]|%3[ad])\s*["']?)([^\s"'&,;}]+)/gi;
// A cookie header's whole value, every name=value in it (they are separated by "; ").
const COOKIE = /(\b(?:set-)?cookie\b["']?\s*[:=]\s*["']?)([^"'\r\n}]+)/gi;
// The user name and password of a URL ("https://user:secret@host"), encoded or not.
const URL_CREDENTIALS = /(\b[a-z][a-z0-9+.-]*(?::|%3a)(?:\/\/|%2f%2f))[^\s/@"'<>]+(?:@|%40)/gi;
const BEARER = /\b(bearer|basic|token)(\s+)[A-Za-z0-9._~+/=-]{4,}/gi;
// PropDesk and sandbox keys look like pdk_<base62>; other services use similar prefixes.
const PREFIXED_KEY = /\b(?:pdk|sk|pk|rk|api|key)_(?:live_|test_)?[A-Za-z0-9_-]{8,}/g;
// Generic keys: long runs mixing upper case, lower case and digits. Lower-case hex (hashes, UUIDs) and
// words are left alone so logs stay readable.
const LONG_TOKEN = /[A-Za-z0-9_\-+/=]{24,}/g;
const KEY_NAMES =
  /^(authorization|api[-_]?key|x-api-key|apikey|password|secret|token|access[-_]?token|refresh[-_]?token|client[-_]?secret|(set-)?cookie)$/i;

/** A secret as written, and as it reads once URL-encoded (once or twice) in a query or a path. */
function writtenForms(secret: string): string[] {
  const once = encodeURIComponent(secret);
  return [secret, once, encodeURIComponent(once), once.replace(/%20/g, '+')];
}

function looksLikeKey(token: string): boolean {
  return /[a-z]/.test(token) && /[A-Z]/.test(token) && /\d/.test(token);
}

/** Removes secrets and key-shaped strings from one piece of text. */
export function redactText(text: string, extraSecrets: readonly string[] = []): string {
  let out = text;
  const secrets = [...registered, ...extraSecrets.filter((s) => s && s.length >= 6)]
    .flatMap(writtenForms)
    .sort((a, b) => b.length - a.length);
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  out = out.replace(URL_CREDENTIALS, (_m, scheme: string) => `${scheme}${REDACTED}@`);
  out = out.replace(COOKIE, (_m, head: string) => `${head}${REDACTED}`);
  out = out.replace(AUTH_HEADER, (_m, head: string) => `${head}${REDACTED}`);
  out = out.replace(NAMED_KEY, (_m, head: string) => `${head}${REDACTED}`);
  out = out.replace(BEARER, (_m, scheme: string, space: string) => `${scheme}${space}${REDACTED}`);
  out = out.replace(PREFIXED_KEY, REDACTED);
  out = out.replace(LONG_TOKEN, (token) => (looksLikeKey(token) ? REDACTED : token));
  return out;
}

/**
 * A redacted, JSON-safe copy of any value: strings are redacted, values under key-like property names
 * are dropped, errors become {name, message, code, stack}, and depth and size are bounded.
 */
export function redactValue(value: unknown, extraSecrets: readonly string[] = [], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, extraSecrets);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (depth >= 6) return '[…]';
  if (value instanceof Error) {
    const err = value as Error & { code?: unknown; cause?: unknown };
    return {
      name: err.name,
      message: redactText(err.message, extraSecrets),
      ...(typeof err.code === 'string' || typeof err.code === 'number' ? { code: err.code } : {}),
      ...(err.stack ? { stack: redactText(err.stack, extraSecrets) } : {}),
      ...(err.cause !== undefined ? { cause: redactValue(err.cause, extraSecrets, depth + 1) } : {}),
    };
  }
  if (Array.isArray(value)) {
    return value.slice(0, 100).map((v) => redactValue(v, extraSecrets, depth + 1));
  }
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Headers) return redactValue(Object.fromEntries(value.entries()), extraSecrets, depth);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>).slice(0, 200)) {
    out[key] = KEY_NAMES.test(key) ? REDACTED : redactValue(v, extraSecrets, depth + 1);
  }
  return out;
}
