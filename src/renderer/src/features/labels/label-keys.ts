// Query keys of reference labels, in one place: every label answer lives under LABELS_KEY, so a
// connection switch or a new offline copy drops or refreshes them all at once.
import type { Collection } from '../../../../shared/service';

export const LABELS_KEY = ['labels'] as const;

/** The cached label of one referenced record. */
export const labelQueryKey = (collection: Collection, id: string) => [...LABELS_KEY, collection, id] as const;
