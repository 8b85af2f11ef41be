// What a save from a button ended with, beside the button: the file written (SavedFileNote), or what
// went wrong. A cancelled save dialog says nothing.
import { errorMessage } from '../../lib/call';
import { SavedFileNote } from './saved-file-note';

/** A save's answer as main gives it (see savedAnswer in shared/ipc.ts). */
interface SaveAnswer {
  saved: boolean;
  savedId?: string | undefined;
  name?: string | undefined;
}

export function SaveOutcome<A extends SaveAnswer>({
  saving,
  what,
}: {
  saving: { data?: A | undefined; isError: boolean; error: unknown };
  /** What was saved, in words, from main's answer: "12 rows on 1 page". */
  what: (answer: A) => string;
}) {
  const saved = saving.data?.saved ? saving.data : undefined;
  return (
    <>
      {saved?.savedId && saved.name ? (
        <SavedFileNote savedId={saved.savedId} name={saved.name} what={what(saved)} />
      ) : null}
      {saving.isError ? (
        <span className="danger pf-action-note" role="alert">
          {errorMessage(saving.error)}
        </span>
      ) : null}
    </>
  );
}
