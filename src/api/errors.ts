/** Typed errors the services throw; `app.ts` turns them into HTTP answers in one place. */
export class HttpError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export class BadRequest extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export class Unauthorized extends HttpError {
  constructor(message = "Unauthenticated.") {
    super(401, message);
  }
}

export class Forbidden extends HttpError {
  constructor(message: string) {
    super(403, message);
  }
}

export class NotFound extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}

export class Conflict extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

/** Was here and is gone for good (an archived product). */
export class Gone extends HttpError {
  constructor(message: string) {
    super(410, message);
  }
}

export class UnsupportedMediaType extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}

export class TooManyRequests extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The database could not answer in time (down, restarting, or held by a lock): try again shortly. */
export class ServiceUnavailable extends HttpError {
  readonly retryAfterSeconds = 5;
  constructor(cause: unknown) {
    super(503, "Service temporarily unavailable. Please try again in a moment.");
    this.cause = cause;
  }
}

export type FieldErrors = Record<string, string[]>;

export class ValidationFailed extends HttpError {
  readonly errors: FieldErrors;
  constructor(errors: FieldErrors, message?: string) {
    super(422, message ?? firstMessage(errors) ?? "The given data was invalid.");
    this.errors = errors;
  }

  static field(field: string, message: string): ValidationFailed {
    return new ValidationFailed({ [field]: [message] });
  }
}

function firstMessage(errors: FieldErrors): string | undefined {
  for (const messages of Object.values(errors)) if (messages[0]) return messages[0];
  return undefined;
}
