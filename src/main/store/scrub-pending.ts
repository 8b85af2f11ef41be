// The settings key the schema's triggers set when something is deleted (schema version 9): deleted
// data waits to be scrubbed from the database file.
export const SCRUB_PENDING = 'scrubPending';
