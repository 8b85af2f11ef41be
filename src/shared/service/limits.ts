// Fixed numbers of the service's interface (the service's documentation, "Limits" and "Versioning").
export const API_PREFIX = '/api/v1';
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const MIN_CHANGES_PER_BATCH = 1;
export const MAX_CHANGES_PER_BATCH = 200;
