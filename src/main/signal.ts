// A typed, synchronous publish point that a service exposes. Reactions of one service to another are
// subscribed after every service exists (app/reactions.ts), never passed in as constructor
// callbacks, so the services can be built in dependency order with no forward references.
export type Listener<T> = (value: T) => void;

export class Signal<T> {
  private readonly listeners = new Set<Listener<T>>();

  /** Adds a listener; the returned function removes it. */
  subscribe(listener: Listener<T>): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Calls every listener in order. Listeners guard themselves (see reactions.ts): a throw reaches the emitter. */
  emit(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
}
