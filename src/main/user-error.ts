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
