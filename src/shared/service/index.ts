// What the service's documentation fixes, in one import for every process.
export * from './collections';
export * from './envelopes';
export * from './errors';
export * from './limits';
export * from './proposals';
export * from './scopes';
export * from './resource-words';
