// The parts every form of a field is made of, on a change's card and in a one-field table's row alike:
// the undo that keeps the current value, and the note under the input (its problem, else its hint).
import { Undo2 } from 'lucide-react';

/** Drops the suggested value of an update: the field keeps its current one. */
export function KeepCurrentButton({ what, onKeep }: { what: string; onKeep: () => void }) {
  return (
    <button type="button" className="btn icon" aria-label={`Keep the current ${what}`} onClick={onKeep}>
      <Undo2 size={13} aria-hidden />
    </button>
  );
}

/**
 * What is wrong with a field's value, else a hint about it, under the input (`id` is what the input's
 * aria-describedby names). With neither, nothing, or an empty cell where a grid keeps the place.
 */
export function FieldNote({
  id,
  problem,
  hint,
  keepPlace = false,
}: {
  id: string;
  problem: string | undefined;
  hint?: string | undefined;
  keepPlace?: boolean;
}) {
  if (problem)
    return (
      <span id={id} className="field-error">
        {problem}
      </span>
    );
  if (hint)
    return (
      <span id={id} className="field-hint">
        {hint}
      </span>
    );
  return keepPlace ? <span /> : null;
}
