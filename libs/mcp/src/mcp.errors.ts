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
