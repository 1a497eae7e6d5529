/**
 * The one error class of the MCP bridge library. Its `code` names the situation of docs/wire.md §2;
 * the tool layer turns it into the exact text (see tool-texts.ts). `detail` is one short,
 * secret-free sentence that may follow the fixed text.
 */

export const ToolFailureCode = {
  /** First build of the index still in flight, no servable index adopted yet. */
  Building: 'building',
  /** The service answered `not_found`; the schema was sent again. */
  Expired: 'expired',
  /** The service answered `failed_precondition`, or no servable index exists for another reason. */
  NotReady: 'not_ready',
  /** `unauthenticated` / `permission_denied`. */
  Misconfigured: 'misconfigured',
  /** Bad tool input or `invalid_argument`. */
  InvalidRequest: 'invalid_request',
  /** The service cannot be reached. */
  Unreachable: 'unreachable',
  /** Any other failure. */
  Internal: 'internal',
} as const;
export type ToolFailureCode = (typeof ToolFailureCode)[keyof typeof ToolFailureCode];

export class ToolFailure extends Error {
  constructor(
    readonly code: ToolFailureCode,
    readonly detail?: string,
    options?: { cause?: unknown },
  ) {
    super(detail ? `${code}: ${detail}` : code, options);
    this.name = 'ToolFailure';
  }
}

/** Why an operation could not be saved as a tool file (operation-save.ts). */
export const OperationFileErrorCode = {
  /** The document does not parse, or is not one operation. */
  InvalidDocument: 'invalid_document',
  /** The operation's name cannot be a file name. */
  InvalidName: 'invalid_name',
  /** The schema rejects the operation (or it would not be served: a subscription). */
  NotServable: 'not_servable',
  /** A file of that name exists and overwriting was not asked for. */
  Exists: 'exists',
  /** The folder or file could not be written. */
  WriteFailed: 'write_failed',
} as const;
export type OperationFileErrorCode = (typeof OperationFileErrorCode)[keyof typeof OperationFileErrorCode];

export class OperationFileError extends Error {
  constructor(
    readonly code: OperationFileErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OperationFileError';
  }
}
