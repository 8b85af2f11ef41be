// main's labels.resolve as the renderer's tests meet it at the bridge: names from a table, keyed
// "collection/id"; a reference the table has no name for is left out of the answer, as main does
// for a record that is gone.
import { vi } from 'vitest';
import type { LabelRef } from '../../../../src/shared/label-refs';

export function labelAnswers(names: Readonly<Record<string, string>>) {
  return vi.fn(async ({ refs }: { refs: LabelRef[] }) => {
    const labels: Record<string, string> = {};
    for (const r of refs) {
      const name = names[`${r.collection}/${r.id}`];
      if (name) labels[`${r.collection}/${r.id}`] = name;
    }
    return { ok: true, data: { labels, source: 'cache' } };
  });
}
