/**
 * Domain errors: what went wrong, in the language of the product. Services, policies and routers throw them;
 * they know nothing of HTTP. The one error middleware (src/http/errorHandler.ts) maps each class to a status:
 * ValidationError 400 (with per-field messages), UnauthorizedError 401, ForbiddenError 403, NotFoundError 404,
 * ConflictError 409, PreconditionFailedError 412, PayloadTooLargeError 413, UnsupportedMediaTypeError 415,
 * TooManyRequestsError 429, BadGatewayError 502, ServiceUnavailableError 503, GatewayTimeoutError 504.
 * Unique-key violations from the database become a ConflictError there too (src/db/constraints.ts).
 */
export class DomainError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** Input broke a rule. `fields` carries each field's first message, shown beside the form's inputs. */
export class ValidationError extends DomainError {
  constructor(
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Nobody is signed in, or the credentials are wrong. */
export class UnauthorizedError extends DomainError {
  constructor(message = 'Authentication required') {
    super(message);
  }
}

/**
 * Signed in, but the change needs a recent proof of who holds the session (docs/api.md "Step-up"): 401 with
 * `reauthenticationRequired: true`, and `secondFactorRequired` when the proof must carry a code too.
 */
export class ReauthenticationRequiredError extends UnauthorizedError {
  readonly reauthenticationRequired = true;
  constructor(
    readonly secondFactorRequired: boolean,
    message = 'Please confirm it’s you: enter your password to continue.',
    /** A wrong password or code given as the proof, by field. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** Signed in, but this viewer may not do this. */
export class ForbiddenError extends DomainError {
  constructor(message = "You don't have permission to access this page.") {
    super(message);
  }
}

/** No such thing — or one this viewer may not know exists. */
export class NotFoundError extends DomainError {
  constructor(message = 'Not found') {
    super(message);
  }
}

/** The request contradicts what is stored (a taken e-mail, a duplicate link). */
export class ConflictError extends DomainError {
  constructor(
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** The client wrote against a version that is no longer current (If-Match): nothing was changed. */
export class PreconditionFailedError extends DomainError {}

/** The body is not of a type this route takes (an upload that is not a JPEG, PNG or WebP image). */
export class UnsupportedMediaTypeError extends DomainError {}

export class PayloadTooLargeError extends DomainError {
  constructor(message = 'Request body is too large') {
    super(message);
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(
    public readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please try again later.',
  ) {
    super(message);
  }
}

/** A dependency (the database) is down; the client may retry after `retryAfterSeconds`. */
export class ServiceUnavailableError extends DomainError {
  constructor(
    message = 'The service is temporarily unavailable. Please try again in a moment.',
    public readonly retryAfterSeconds = 5,
  ) {
    super(message);
  }
}

/** A service we depend on (the AI model server) answered with an error or with something unusable. */
export class BadGatewayError extends DomainError {}

/** A service we depend on (the AI model server) did not answer in time. */
export class GatewayTimeoutError extends DomainError {}
