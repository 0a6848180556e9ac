/**
 * Error classes that services and routers throw. One middleware (errorHandler) maps them to HTTP:
 * JSON `{error, fields?}` under /api, an HTML error page elsewhere. Nothing else rewrites errors.
 */
export class HttpError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends HttpError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, message, fields);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = "You don't have permission to access this page.") {
    super(403, message);
  }
}

export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, message, fields);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(message = 'Request body is too large') {
    super(413, message);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(
    public readonly retryAfterSeconds: number,
    message = 'Too many attempts. Please try again later.',
  ) {
    super(429, message);
  }
}
