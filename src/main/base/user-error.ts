// An error meant for the user as it is: a code the screen can act on and a plain-words message.
export class UserError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'UserError';
  }
}

/** The message of an error written for the user (the API client's or a UserError); undefined for others. */
export function userMessage(error: unknown): string | undefined {
  return error instanceof Error && (error.name === 'ApiError' || error.name === 'UserError')
    ? error.message
    : undefined;
}
