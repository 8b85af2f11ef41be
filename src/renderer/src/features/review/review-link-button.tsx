// "Open review page": sends main the batch's ID (never a URL); main checks the stored address and
// opens it in the browser. An address on an origin not yet trusted for this connection is shown to
// the user first, and opened only if they confirm.
import { AlertDialog } from 'radix-ui';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { errorMessage, unwrap } from '../../lib/call';

export function ReviewLinkButton({
  batchId,
  label,
  primary = false,
}: {
  batchId: string;
  label: string;
  /** The main action where it stands (right after submitting); a plain button in lists. */
  primary?: boolean;
}) {
  const [confirmOrigin, setConfirmOrigin] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);

  async function open(trustOrigin?: string) {
    setProblem(null);
    setOpened(false);
    try {
      const result = await unwrap(
        window.propdesk.review.open({ batchId, ...(trustOrigin ? { trustOrigin } : {}) }),
      );
      if (result.outcome === 'confirm') setConfirmOrigin(result.origin);
      else setOpened(true);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <>
      <button
        type="button"
        className={primary ? 'btn primary' : 'btn'}
        title="Opens this batch in the service's web app, in your browser, where a person approves or dismisses it"
        aria-label={`Open review page for ${label}`}
        onClick={() => void open()}
      >
        <ExternalLink size={14} aria-hidden /> Open review page
      </button>
      {opened ? (
        <span className="muted" role="status">
          Opened in your browser
        </span>
      ) : null}
      {problem ? (
        <div className="alert tracker-inline-alert" role="alert">
          {problem}
        </div>
      ) : null}
      <AlertDialog.Root
        open={confirmOrigin !== null}
        onOpenChange={(o) => (o ? null : setConfirmOrigin(null))}
      >
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="overlay" />
          <AlertDialog.Content className="dialog">
            <AlertDialog.Title>Open a review page on {confirmOrigin}?</AlertDialog.Title>
            <AlertDialog.Description>
              The service gave a review address on <strong>{confirmOrigin}</strong>, which is not this
              connection’s own address. If you recognise it as your service’s web app, PropDesk opens it in
              your browser and trusts it for this connection from now on.
            </AlertDialog.Description>
            <div className="form-actions">
              <AlertDialog.Cancel asChild>
                <button type="button" className="btn">
                  Don’t open
                </button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <button
                  type="button"
                  className="btn primary"
                  onClick={() => {
                    const origin = confirmOrigin;
                    setConfirmOrigin(null);
                    if (origin) void open(origin);
                  }}
                >
                  Trust and open
                </button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  );
}
