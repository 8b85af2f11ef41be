// The service's reasons for refusing a request, one per place it names ("changes.2.fields.end_date"),
// read from every error-body shape the client reads (error-body.ts). They are kept apart from the
// body's other details, which are capped as a whole: a refusal of a 200-change batch names many places,
// and each reason must reach the change and field it is about. Only the fixed places where services
// put such lists are looked at, never the body at large, so a detail like {"requiredScope": "…"} is
// not read as a field.
import { cleanServerText } from './error-body-text';

export interface ServiceReason {
  /** Dotted and with indices as segments: "changes.2.fields.end_date"; "" for the request as a whole. */
  path: string;
  message: string;
}

export const MAX_REASONS = 200;
const MAX_PATH = 200;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const MESSAGE_KEYS = ['message', 'detail', 'msg', 'reason', 'title', 'description', 'defaultMessage'];
const PATH_KEYS = [
  'path',
  'field',
  'pointer',
  'loc',
  'name',
  'param',
  'property',
  'propertyPath',
  'location',
];
/** Keys under which a body lists its reasons, as an array of items or a map of path to message(s). */
const LIST_KEYS = [
  'errors',
  'issues',
  'problems',
  'violations',
  'invalid-params',
  'invalid_params',
  'fieldErrors',
  'field_errors',
];

/**
 * "/changes/0/fields/x", "body.changes[0].fields.x", ["body", "changes", 0, "fields", "x"] and
 * "$.changes[0].fields.x" all become "changes.0.fields.x"; undefined for anything unlike a path.
 */
export function normalisePath(value: unknown): string | undefined {
  let text: string;
  if (Array.isArray(value)) {
    if (!value.every((p) => typeof p === 'string' || typeof p === 'number')) return undefined;
    text = value.join('.');
  } else if (typeof value === 'string') text = value;
  else return undefined;
  const path = text
    .trim()
    .replace(/^#?\/|^\$\.?/, '')
    .replace(/\[(\w+)\]/g, '.$1')
    .replace(/\//g, '.')
    .replace(/^(body|request)(\.|$)/, '')
    .replace(/^\.+|\.+$/g, '');
  return path.length <= MAX_PATH && /^[\w.-]*$/.test(path) ? path : undefined;
}

function messageOf(item: Json, secrets: readonly string[]): string | undefined {
  for (const key of MESSAGE_KEYS) {
    const text = cleanServerText(item[key], secrets);
    if (text) return text;
  }
  return undefined;
}

function pathOf(item: Json): string {
  for (const key of PATH_KEYS) {
    const path = normalisePath(item[key]);
    if (path !== undefined) return path;
  }
  // JSON:API puts it under source: {pointer} or {parameter}.
  if (isObject(item.source)) return normalisePath(item.source.pointer ?? item.source.parameter) ?? '';
  return '';
}

function fromItems(items: unknown[], secrets: readonly string[]): ServiceReason[] {
  const out: ServiceReason[] = [];
  for (const item of items.slice(0, MAX_REASONS)) {
    if (typeof item === 'string') {
      const message = cleanServerText(item, secrets);
      if (message) out.push({ path: '', message });
    } else if (isObject(item)) {
      const message = messageOf(item, secrets);
      if (message) out.push({ path: pathOf(item), message });
    }
  }
  return out;
}

/** {"changes[0].fields.x": ["must be …"]} or {"changes.0.fields.x": "must be …"}. */
function fromMap(map: Json, secrets: readonly string[]): ServiceReason[] {
  const out: ServiceReason[] = [];
  for (const [key, value] of Object.entries(map).slice(0, MAX_REASONS)) {
    const path = normalisePath(key);
    if (path === undefined) continue;
    const messages = Array.isArray(value) ? value.slice(0, 5) : [value];
    for (const m of messages) {
      const message = isObject(m) ? messageOf(m, secrets) : cleanServerText(m, secrets);
      if (message) out.push({ path, message });
    }
  }
  return out;
}

function fromList(value: unknown, secrets: readonly string[]): ServiceReason[] {
  if (Array.isArray(value)) return fromItems(value, secrets);
  if (isObject(value)) return fromMap(value, secrets);
  return [];
}

/** The containers a body may hold its reasons in: itself, its error object and their details. */
function containers(body: Json): Json[] {
  const out: Json[] = [body];
  if (isObject(body.error)) out.push(body.error);
  for (const holder of [...out]) if (isObject(holder.details)) out.push(holder.details);
  return out;
}

/** Every reason the body gives with the place it names; [] when it gives none in a known place. */
export function reasonsOf(body: unknown, secrets: readonly string[] = []): ServiceReason[] {
  if (Array.isArray(body)) return fromItems(body, secrets);
  if (!isObject(body)) return [];
  const found: ServiceReason[] = [];
  for (const holder of containers(body)) {
    for (const key of LIST_KEYS) found.push(...fromList(holder[key], secrets));
    // {details: [...]} and pydantic's {detail: [{loc, msg}]}: lists of items under a generic name.
    for (const key of ['details', 'detail'])
      if (Array.isArray(holder[key])) found.push(...fromItems(holder[key] as unknown[], secrets));
  }
  const seen = new Set<string>();
  return found
    .filter((r) => {
      const key = `${r.path}\u0000${r.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, MAX_REASONS);
}
