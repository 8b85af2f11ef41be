// Flags on a suggestion have no documented shape: any JSON may arrive. This turns each one into a
// short readable line (its message where it has one, else its code in words) plus the remaining
// details, never raw JSON soup nor a machine code.
// A number under a field's name (a flag's "monthly_rent": 2895) reads as that field does elsewhere,
// so an amount is written in the one money format.
import { nameWords } from '../../../../shared/contract';
export interface FlagView {
  text: string;
  tone: 'warning' | 'info';
  /** Other parts of the flag, "name: value", in the order they came. */
  details: string[];
}

const MESSAGE_KEYS = ['message', 'text', 'description', 'detail', 'title', 'reason', 'label', 'summary'];
const TONE_KEYS = ['severity', 'level', 'type', 'kind'];
const WARNING = /warn|error|high|critical|danger|severe|block/i;
const MAX_TEXT = 300;

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** A flag's key or code in words ("no_change", "riskLevel"): not a field, so no field's short forms. */
function humanKey(key: string): string {
  const words = nameWords(key).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** How a number named by a key reads (a field's format where the key names a field). */
export type NumberText = (key: string | null, value: number) => string;

/** Numbers as they came, for flags read without a contract. */
export const plainNumbers: NumberText = (_key, value) => String(value);

export function flagValueText(value: unknown, numbers: NumberText, key: string | null = null): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return clip(value);
  if (typeof value === 'number') return numbers(key, value);
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return clip(value.map((v) => flagValueText(v, numbers, key)).join(', '));
  try {
    return clip(
      Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${humanKey(k)}: ${flagValueText(v, numbers, k)}`)
        .join('; '),
    );
  } catch {
    return 'Unreadable detail';
  }
}

export function describeFlag(flag: unknown, numbers: NumberText): FlagView {
  if (flag === null || flag === undefined) return { text: 'Flag with no details', tone: 'info', details: [] };
  if (typeof flag !== 'object' || Array.isArray(flag)) {
    const text = flagValueText(flag, numbers);
    return {
      text: text || 'Flag with no details',
      tone: WARNING.test(text) ? 'warning' : 'info',
      details: [],
    };
  }
  const entries = Object.entries(flag as Record<string, unknown>);
  const messageKey = MESSAGE_KEYS.find((k) =>
    entries.some(([key, v]) => key === k && typeof v === 'string' && v),
  );
  const toneKey = TONE_KEYS.find((k) => entries.some(([key, v]) => key === k && typeof v === 'string'));
  const toneValue = toneKey ? String((flag as Record<string, unknown>)[toneKey]) : '';
  const codeValue =
    typeof (flag as { code?: unknown }).code === 'string' ? String((flag as { code: string }).code) : '';
  const rest = entries.filter(([k]) => k !== messageKey && k !== toneKey && !(messageKey && k === 'code'));
  const text = messageKey
    ? clip(String((flag as Record<string, unknown>)[messageKey]))
    : codeValue
      ? humanKey(codeValue)
      : rest.length
        ? flagValueText(Object.fromEntries(rest), numbers)
        : 'Flag with no details';
  // A flag's code is for machines ("emergency_priority"): with a message it says nothing more, and
  // without one it is the text, in words.
  const details = messageKey
    ? rest.map(([k, v]) => `${humanKey(k)}: ${flagValueText(v, numbers, k)}`)
    : codeValue
      ? rest.filter(([k]) => k !== 'code').map(([k, v]) => `${humanKey(k)}: ${flagValueText(v, numbers, k)}`)
      : [];
  return { text, tone: WARNING.test(toneValue) || WARNING.test(codeValue) ? 'warning' : 'info', details };
}
