// The one error of contract compilation: the service's openapi.json can't be used, and why, in words
// that can be shown to the user ("The service's contract …").
export class ContractError extends Error {
  constructor(
    message: string,
    readonly where?: string,
  ) {
    super(where ? `${message} (at ${where})` : message);
    this.name = 'ContractError';
  }
}
