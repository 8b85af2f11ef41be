// Stable React keys for the rows of a virtual list. A row that stays on screen keeps its key, and a
// row coming into view takes the key of one that left, so React moves and refills the existing
// elements instead of building new ones and throwing the old away on every frame of a scroll; that
// garbage, not the drawing, is what made the collector pause the screen.
export class RowSlots {
  private slotOf = new Map<number, number>();

  /** One key per index, in the same order; no two indices of one call share a key. */
  keysFor(indices: readonly number[]): number[] {
    const taken = new Set<number>();
    for (const index of indices) {
      const slot = this.slotOf.get(index);
      if (slot !== undefined) taken.add(slot);
    }
    // Slots of rows that left are handed out lowest first, so the keys stay a small, steady set.
    let nextFree = 0;
    const takeFree = () => {
      while (taken.has(nextFree)) nextFree++;
      taken.add(nextFree);
      return nextFree;
    };
    const next = new Map<number, number>();
    const keys = indices.map((index) => {
      const slot = this.slotOf.get(index) ?? takeFree();
      next.set(index, slot);
      return slot;
    });
    this.slotOf = next;
    return keys;
  }
}
