// Waits until every read a screen started through React Query has been answered, so a count of
// bridge calls taken afterwards includes any second read a render or an event would have made.
import type { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

export function readsAnswered(client: QueryClient): Promise<void> {
  return waitFor(() => expect(client.isFetching()).toBe(0));
}
