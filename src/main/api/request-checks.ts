// Checks of what the caller asks for, against what the service's documentation fixes, before any request is
// sent: the base address, the collection, filter names and value kinds, page size and cursor.
import { MAX_PAGE_SIZE, filterKind, isCollection } from '../../shared/service';
import type { Collection } from '../../shared/service';
import { serviceAddressProblem } from '../../shared/service-address';
import { ApiError } from './errors/api-error';

export type FilterValue = string | boolean;

export function parseBaseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ApiError(
      'invalid_input',
      'The service address is not a web address. It should look like https://pm.example.com.',
    );
  }
  // The client is the last stop before the key leaves: the address rule is checked here as well.
  const problem = serviceAddressProblem(value);
  if (problem) throw new ApiError('invalid_input', problem);
  if (url.search || url.hash) {
    throw new ApiError('invalid_input', 'The service address must not contain ? or # parts.');
  }
  return url;
}

export function checkCollection(collection: Collection): void {
  if (!isCollection(collection))
    throw new ApiError('invalid_input', `The service has no collection called “${String(collection)}”.`);
}

export function checkFilter(collection: Collection, name: string, value: FilterValue): string {
  const kind = filterKind(collection, name);
  if (!kind) {
    throw new ApiError('invalid_input', `${collection} can't be filtered by “${name}”.`, {
      details: { filter: name },
    });
  }
  const text = typeof value === 'boolean' ? String(value) : value;
  if (typeof text !== 'string' || !text.trim()) {
    throw new ApiError('invalid_input', `The filter “${name}” needs a value.`, { details: { filter: name } });
  }
  if (kind.kind === 'boolean' && text !== 'true' && text !== 'false') {
    throw new ApiError('invalid_input', `The filter “${name}” takes true or false.`, {
      details: { filter: name },
    });
  }
  if (kind.kind === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    throw new ApiError('invalid_input', `The filter “${name}” takes a date like 2025-01-31.`, {
      details: { filter: name },
    });
  }
  return text;
}

export function addPaging(params: URLSearchParams, query: { cursor?: string; limit?: number }): void {
  if (query.limit !== undefined) {
    if (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > MAX_PAGE_SIZE) {
      throw new ApiError('invalid_input', `A page holds 1 to ${MAX_PAGE_SIZE} records.`);
    }
    params.set('limit', String(query.limit));
  }
  if (query.cursor !== undefined) {
    if (!query.cursor)
      throw new ApiError('invalid_input', 'The list position is empty; reload the list from the start.');
    params.set('cursor', query.cursor);
  }
}
