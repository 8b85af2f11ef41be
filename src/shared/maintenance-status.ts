// Which maintenance requests are still open work: any status but one that reads as finished, in the
// words property systems commonly use (and a request with no status). The contract fixes no enum.
import { textValue } from './record-values';

const CLOSED_STATUS = /^(completed?|cancel+ed|closed|resolved|done)$/i;

/** Said beside every figure that counts open work, so the rule is never a surprise. */
export const OPEN_WORK_NOTE =
  'Open work: every request whose status is not completed, cancelled, closed, resolved or done.';

export function isOpenRequest(request: Readonly<Record<string, unknown>>): boolean {
  const status = textValue(request.status);
  return !(status && CLOSED_STATUS.test(status));
}
