// The drafts screen. Drafting is not part of this version yet, and the screen says so plainly.
import { FilePen } from 'lucide-react';

export function DraftsView() {
  return (
    <>
      <header className="toolbar">
        <h1>Drafts</h1>
      </header>
      <div className="empty">
        <FilePen size={28} aria-hidden />
        <h2>Drafting is not available in this version</h2>
        <p>
          You can browse your records and follow suggestions already made. Drafting batches of suggested
          changes comes in a later version.
        </p>
      </div>
    </>
  );
}
