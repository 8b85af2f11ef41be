// The props of a RecordGrid that a test of choosing or sorting rows does not look at: no page to open,
// no more rows to fetch, labels still loading (each ID names its own row), amounts in dollars.
import { vi } from 'vitest';

export function quietGridProps() {
  return {
    onOpenPage: vi.fn(),
    onClose: vi.fn(),
    onNeedMore: vi.fn(),
    onShown: vi.fn(),
    currency: 'USD',
    labels: (_c: unknown, id: string) => ({ state: 'loading' as const, id, text: id, title: id }),
  };
}
