// Reads whatever error body a service sends (the format is not specified): {error:{code,message}},
// {code,message}, {errors:[…]}, application/problem+json, OAuth-style {error, error_description} or
// plain text. HTML is never passed through, control characters are stripped and lengths are capped.
import { redactText, redactValue } from '../log/redact';

export interface ErrorBodyInfo {
  code?: string;
  message?: string;
  details?: Record<string, unknown>;
}

export const MAX_SERVER_MESSAGE = 300;
const MAX_DETAILS_JSON = 4096;

// C0/C1 controls, zero-width and bidirectional overrides: they can hide or reorder text on screen.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g;
const TAG = /<\/?[a-z!?][^>]*>?/gi;

export function looksLikeHtml(text: string): boolean {
  return /<\s*(!doctype|html|head|body|script|style|div|p|h[1-6]|title|span|a|br|table|iframe|img)\b/i.test(
    text,
  );
}

/** One line of plain text fit to show a user, or undefined when nothing useful is left. */
export function cleanServerText(value: unknown, secrets: readonly string[] = []): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (looksLikeHtml(value)) return undefined;
  let text = value.replace(TAG, ' ').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  text = redactText(text, secrets);
  if (!/[\p{L}\p{N}]/u.test(text)) return undefined;
  if (text.length > MAX_SERVER_MESSAGE) text = `${text.slice(0, MAX_SERVER_MESSAGE - 1).trimEnd()}…`;
  return text;
}

function cleanCode(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/.test(value) ? value : undefined;
}

function cleanDetails(value: unknown, secrets: readonly string[]): Record<string, unknown> | undefined {
  if (value === undefined || value === null) return undefined;
  const redacted = redactValue(value, secrets);
  const sanitise = (v: unknown, depth: number): unknown => {
    if (typeof v === 'string') return cleanServerText(v) ?? '';
    if (Array.isArray(v)) return depth > 4 ? [] : v.slice(0, 20).map((x) => sanitise(x, depth + 1));
    if (v && typeof v === 'object') {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v).slice(0, 30)) {
        const key = cleanCode(k);
        if (key) out[key] = sanitise(x, depth + 1);
      }
      return out;
    }
    return v;
  };
  const safe = sanitise(redacted, 0);
  const wrapped = safe && typeof safe === 'object' && !Array.isArray(safe) ? safe : { value: safe };
  return JSON.stringify(wrapped).length <= MAX_DETAILS_JSON
    ? (wrapped as Record<string, unknown>)
    : undefined;
}

function fromItems(items: unknown[], secrets: readonly string[]): string | undefined {
  const parts = items
    .slice(0, 3)
    .map((item) => {
      if (typeof item === 'string') return cleanServerText(item, secrets);
      if (item && typeof item === 'object') {
        const o = item as Record<string, unknown>;
        const text = cleanServerText(o.message ?? o.detail ?? o.title ?? o.msg, secrets);
        const where = cleanServerText(
          typeof o.field === 'string' ? o.field : Array.isArray(o.path) ? o.path.join('.') : o.pointer,
          secrets,
        );
        return text && where && !text.includes(where) ? `${where}: ${text}` : text;
      }
      return undefined;
    })
    .filter((t): t is string => !!t);
  return parts.length ? cleanServerText(parts.join('; '), secrets) : undefined;
}

function fromObject(body: Record<string, unknown>, secrets: readonly string[]): ErrorBodyInfo {
  const info: ErrorBodyInfo = {};
  const err = body.error;
  if (err && typeof err === 'object' && !Array.isArray(err)) {
    const e = err as Record<string, unknown>;
    info.code = cleanCode(e.code ?? e.type);
    info.message = cleanServerText(e.message ?? e.detail ?? e.title, secrets);
    info.details = cleanDetails(e.details, secrets);
    if (!info.message && Array.isArray(e.errors)) info.message = fromItems(e.errors, secrets);
  } else if (typeof err === 'string') {
    info.code = cleanCode(err);
    info.message =
      cleanServerText(body.error_description ?? body.message ?? body.detail, secrets) ??
      (info.code ? undefined : cleanServerText(err, secrets));
  }
  info.code ??= cleanCode(body.code);
  info.message ??= cleanServerText(body.message ?? body.detail ?? body.title ?? body.description, secrets);
  if (!info.message && Array.isArray(body.errors)) info.message = fromItems(body.errors, secrets);
  if (!info.code && typeof body.type === 'string' && body.type !== 'about:blank') {
    // Problem details: the last segment of the type URI is the closest thing to a code.
    info.code = cleanCode(body.type.split(/[/#]/).filter(Boolean).pop());
  }
  info.details ??= cleanDetails(body.details, secrets);
  return info;
}

/** Never throws: whatever the body, the worst outcome is "nothing usable" and the status wording. */
export function parseErrorBody(
  contentType: string | null,
  text: string,
  secrets: readonly string[] = [],
): ErrorBodyInfo {
  try {
    const type = (contentType ?? '').toLowerCase();
    if (type.includes('html') || looksLikeHtml(text.slice(0, 2048))) return {};
    const trimmed = text.trim();
    if (!trimmed) return {};
    if (type.includes('json') || /^[[{]/.test(trimmed)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        parsed = undefined;
      }
      if (Array.isArray(parsed)) return { message: fromItems(parsed, secrets) };
      if (parsed && typeof parsed === 'object')
        return dropEmpty(fromObject(parsed as Record<string, unknown>, secrets));
      if (typeof parsed === 'string') return dropEmpty({ message: cleanServerText(parsed, secrets) });
      if (parsed !== undefined) return {};
    }
    return dropEmpty({ message: cleanServerText(trimmed, secrets) });
  } catch {
    return {};
  }
}

function dropEmpty(info: ErrorBodyInfo): ErrorBodyInfo {
  const out: ErrorBodyInfo = {};
  if (info.code) out.code = info.code;
  if (info.message) out.message = info.message;
  if (info.details && Object.keys(info.details).length) out.details = info.details;
  return out;
}
