// The rent review's settings as the user edits them: the contract's defaults until the first edit
// (they arrive after the first paint), the problems the last Preview found, and the settings as a key,
// so a preview made with other settings can say it is out of date.
import { useState } from 'react';
import type { RentReviewQuery } from '../../../../shared/drafts';
import type { RentReviewFields } from './rent-review-fields';
import { buildQuery, initialForm } from './rent-review-query';
import type { FormProblems, RentReviewForm } from './rent-review-query';

export function useRentReviewForm(
  fields: RentReviewFields,
  /** Leases chosen elsewhere are reviewed whatever their status. */
  chosen: boolean,
  onPreview: (query: RentReviewQuery) => void,
) {
  const [edited, setEdited] = useState<RentReviewForm | null>(null);
  const [problems, setProblems] = useState<FormProblems>({});
  const form =
    edited ??
    initialForm({
      rentField: fields.defaultRentField,
      marketField: fields.marketFields[0]?.name,
      status: chosen ? '' : fields.defaultStatus,
    });
  const built = buildQuery(form);
  const preview = () => {
    if (!built.ok) {
      setProblems(built.problems);
      return;
    }
    setProblems({});
    onPreview(built.query);
  };
  return {
    form,
    problems,
    edit: setEdited,
    preview,
    settingsKey: built.ok ? JSON.stringify(built.query) : null,
  };
}
