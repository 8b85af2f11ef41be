// Reads whatever error body a service sends (the format is not specified): {error:{code,message}},
// {code,message}, {errors:[…]}, application/problem+json, OAuth-style {error, error_description} or
// plain text. HTML is never passed through, control characters are stripped and lengths are capped.
import { redactValue } from '../../log/redact';
import { cleanServerText, looksLikeHtml } from './error-body-text';
import { reasonsOf } from './error-reasons';
import type { ServiceReason } from './error-reasons';

const MAX_DETAILS_JSON = 4096;

export interface ErrorBodyInfo {
  code?: string;
  message?: string;
  details?: Record<string, unknown>;
  /** The reasons it gives per place in the request, kept whole (the details are capped as a whole). */
  reasons?: ServiceReason[];
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
  // Pydantic-style {detail: [{loc, msg}]}.
  if (!info.message && Array.isArray(body.detail)) info.message = fromItems(body.detail, secrets);
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
      if (Array.isArray(parsed))
        return dropEmpty({ message: fromItems(parsed, secrets), reasons: reasonsOf(parsed, secrets) });
      if (parsed && typeof parsed === 'object')
        return dropEmpty({
          ...fromObject(parsed as Record<string, unknown>, secrets),
          reasons: reasonsOf(parsed, secrets),
        });
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
  if (info.reasons?.length) out.reasons = info.reasons;
  return out;
}
