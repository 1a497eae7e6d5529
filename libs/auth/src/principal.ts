/**
 * Principal: who is calling (tenant, subject) and what they may do (scopes).
 * authorize() is the single permission check.
 */
import { AuthError } from './auth.errors.js';

export const SCOPES = ['read', 'write', 'generate'] as const;
export type Scope = (typeof SCOPES)[number];

export interface Principal {
  /** The tenant whose indexes the caller sees. */
  readonly tenant: string;
  readonly scopes: ReadonlySet<Scope>;
  /** For logs: `token:<hash prefix>`, the JWT `sub`, or `anonymous` when auth is off. */
  readonly subject: string;
}

/** The tenant every request belongs to when auth is off. */
export const DEFAULT_TENANT = 'default';

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/** Throws AuthError PERMISSION_DENIED unless the principal holds `scope`. */
export function authorize(principal: Principal, scope: Scope): void {
  if (!principal.scopes.has(scope)) throw AuthError.permissionDenied(scope);
}
