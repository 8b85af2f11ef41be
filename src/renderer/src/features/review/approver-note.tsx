// Who decides a suggestion, said where one is sent for review: the service lets a Property Manager,
// Landlord, Broker or Admin of the organisation approve in its web application, and the landlord
// reading this may well be one of them.
export const APPROVER_WORDS =
  'A Property Manager, Landlord, Broker or Admin of your organisation approves or dismisses suggestions in the service’s web application. If that is you, open the review page and decide there.';

export function ApproverNote() {
  return <p className="muted approver-note">{APPROVER_WORDS}</p>;
}
