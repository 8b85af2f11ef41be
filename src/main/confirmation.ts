// A yes-or-no question main asks the user in a message box of its own, over the app's window. The
// renderer can neither answer it nor skip it, so what it guards (trusting a review origin, sending
// queued submissions to another server) cannot be decided by a page that misbehaves.

export interface Confirmation {
  title: string;
  /** The question itself, in one sentence. */
  message: string;
  /** What happens either way. */
  detail: string;
  /** The button that agrees, named for the action ("Trust and open"). */
  confirm: string;
  /** The button that declines; also what Escape or closing the box answers. */
  cancel: string;
}

/** Resolves true only when the user chose the confirm button. */
export type ConfirmWithUser = (question: Confirmation) => Promise<boolean>;
