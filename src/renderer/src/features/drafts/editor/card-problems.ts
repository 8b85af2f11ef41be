// Which problems a change's card shows, and when. They come from three places: the form's own check
// as the user types, main's check of the saved draft, and the service's reasons for a refused
// submission. The form's check speaks first; nothing is held against a field (or a card) the user
// has not been at yet, and main's check is set aside while an edit is still being saved, since it
// judged the values from before that edit.
import type { FieldDescriptor } from '../../../../../shared/contract';
import type { BuiltFields, FieldVerdict } from './field-values';
import type { ChangeProblems } from './problem-map';

export interface CardChecks {
  built: BuiltFields;
  verdict: FieldVerdict;
  /** Main's check. */
  problems: ChangeProblems;
  /** The service's reasons from a refused submission. */
  refusal: ChangeProblems;
  /** Fields the user has been at (or main holds a value for). */
  touched: ReadonlySet<string>;
  /** The user has been in the card and left it. */
  visited: boolean;
  /** An edit of the change is still being saved. */
  busy: boolean;
}

/** The problems of the change as a whole, each once. */
export function generalProblems(c: CardChecks): string[] {
  // A fresh card (nothing suggested yet, not visited) is not yet wrong: "Change at least one field"
  // and main's same complaint wait until the user has been at it.
  const fresh = !c.visited && c.touched.size === 0;
  return [
    ...new Set([
      ...(fresh ? [] : c.verdict.general),
      ...(c.busy || fresh ? [] : c.problems.general),
      ...c.refusal.general,
    ]),
  ];
}

/** What a field's row says by its input: a problem, or else a quieter hint. */
export function fieldNote(
  d: FieldDescriptor,
  c: CardChecks,
): { message: string | undefined; hint: string | undefined } {
  const value = c.built.fields[d.name];
  const local = c.built.inputErrors[d.name] ?? c.verdict.byField[d.name];
  const missing = c.built.inputErrors[d.name] === undefined && c.verdict.missing.has(d.name);
  const shownLocal = missing && !c.touched.has(d.name) ? undefined : local;
  const remote = c.busy ? undefined : c.problems.byField[d.name]?.[0];
  // A field nobody has filled in yet is not an error until the user gets to it.
  const pristine = value === undefined && !c.touched.has(d.name);
  const message = shownLocal ?? c.refusal.byField[d.name]?.[0] ?? (pristine ? undefined : remote);
  const hint = (missing || remote) && !message ? (d.required ? 'Required' : remote) : undefined;
  return { message, hint };
}
