// Error codes the service names (the service's documentation, "Errors"); others are "not shown" and are read
// from whatever the service sends.
export const SERVICE_ERROR_CODES = ['not_found', 'invalid_request', 'idempotency_conflict'] as const;
export type ServiceErrorCode = (typeof SERVICE_ERROR_CODES)[number];

export const IDEMPOTENCY_CONFLICT_STATUS = 409;
export const SUGGESTION_CREATED_STATUS = 201;
