/**
 * Domain errors of the discovery service. Each code maps to one Connect code
 * at the edge (see connect/error-mapping.ts); messages are safe to show.
 */
export const DiscoveryErrorCode = {
  InvalidArgument: 'INVALID_ARGUMENT',
  NotFound: 'NOT_FOUND',
  FailedPrecondition: 'FAILED_PRECONDITION',
  Unimplemented: 'UNIMPLEMENTED',
  Unavailable: 'UNAVAILABLE',
  ResourceExhausted: 'RESOURCE_EXHAUSTED',
  DeadlineExceeded: 'DEADLINE_EXCEEDED',
} as const;
export type DiscoveryErrorCode = (typeof DiscoveryErrorCode)[keyof typeof DiscoveryErrorCode];

export class DiscoveryError extends Error {
  override name = 'DiscoveryError';
  constructor(
    readonly code: DiscoveryErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  static notFound(indexId: string): DiscoveryError {
    return new DiscoveryError(DiscoveryErrorCode.NotFound, `index ${indexId} not found`);
  }

  static invalid(message: string): DiscoveryError {
    return new DiscoveryError(DiscoveryErrorCode.InvalidArgument, message);
  }
}
