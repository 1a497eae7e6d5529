/**
 * AuthError: the only error auth throws. Clients see one fixed message per
 * code so that nothing reveals what was wrong with a token; `reason` says it
 * for the server's own logs (it never holds the token).
 */

export const AuthErrorCode = {
  Unauthenticated: 'UNAUTHENTICATED',
  PermissionDenied: 'PERMISSION_DENIED',
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

/** Why a request was refused, for logs and metrics only. */
export type AuthFailureReason =
  | 'missing'
  | 'malformed'
  | 'unknown_token'
  | 'expired'
  | 'invalid_jwt'
  | 'jwt_claims'
  | 'jwt_lifetime'
  | 'jwks_unavailable'
  | 'missing_scope';

export const UNAUTHENTICATED_MESSAGE = 'missing or invalid bearer token';

export class AuthError extends Error {
  private constructor(
    readonly code: AuthErrorCode,
    message: string,
    readonly reason: AuthFailureReason,
  ) {
    super(message);
    this.name = 'AuthError';
  }

  static unauthenticated(reason: Exclude<AuthFailureReason, 'missing_scope'>): AuthError {
    return new AuthError(AuthErrorCode.Unauthenticated, UNAUTHENTICATED_MESSAGE, reason);
  }

  static permissionDenied(scope: string): AuthError {
    return new AuthError(AuthErrorCode.PermissionDenied, `the token lacks the ${scope} permission`, 'missing_scope');
  }
}
