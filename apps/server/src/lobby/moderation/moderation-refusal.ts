/** Why an operator's action was refused (PROTOCOL §8.8): the HTTP status and code the moderation API answers. */
export class ModerationRefusal extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code: 'invalid_payload' | 'not_found' | 'not_actable',
    message: string,
  ) {
    super(message);
    this.name = 'ModerationRefusal';
  }
}
