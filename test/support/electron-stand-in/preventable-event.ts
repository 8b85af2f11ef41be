// The event object Electron passes to listeners that may refuse what is about to happen.
export class PreventableEvent {
  defaultPrevented = false;

  constructor(readonly url?: string) {}

  preventDefault(): void {
    this.defaultPrevented = true;
  }
}
