// Plain text from a service's error body, fit to show a user: HTML is never passed through, control
// characters are stripped and lengths are capped.
import { redactText } from '../../log/redact';

export const MAX_SERVER_MESSAGE = 300;

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
