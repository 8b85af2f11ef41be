// Where a Today figure came from while the offline copy is made: the service's own filtered listings
// (said under the figure, and that it is provisional when the service sent records its filter should
// have left out), or, when the service was not asked or would not answer, why it waits for the copy.
import type { ServiceAnswer } from '../../../../shared/today';

/** The service's words under a figure it answered: where it came from, and whether it is provisional. */
export function FromService({ answer }: { answer: ServiceAnswer | undefined }) {
  if (answer?.state !== 'shown') return null;
  return (
    <>
      {/* Main asks the service only while a copy is kept and lacks the figure's records. */}
      <p className="muted today-source">From the service; the offline copy is still being made.</p>
      {answer.provisional ? (
        <p className="today-provisional">
          Provisional: the service sent records its filter should have left out. PropDesk counted them by its
          own rules; the offline copy will tell for certain.
        </p>
      ) : null}
    </>
  );
}

/** What a figure not known yet says of the service; null when it was never asked. */
export function serviceWaitWords(answer: ServiceAnswer | undefined): string | null {
  switch (answer?.state) {
    case undefined:
    case 'shown':
      return null;
    case 'asking':
      return 'Asking the service…';
    case 'refused':
      return `The service refused the filter PropDesk asked with (${answer.message ?? 'no reason given'}), so this waits for the offline copy.`;
    case 'failed':
      return `The service could not be asked (${answer.message ?? 'no reason given'}), so this waits for the offline copy.`;
    case 'unasked':
      return `This waits for the offline copy: ${answer.message ?? 'the service cannot be asked for it'}.`;
  }
}
