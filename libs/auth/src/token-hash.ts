/**
 * Token material: generateToken() for the CLI's `token` command, hashToken()
 * (the SHA-256 hex stored in DISCOVERY_TOKENS) and tokenEntry() to print a
 * ready-to-paste DISCOVERY_TOKENS entry.
 */
import { createHash, randomBytes } from 'node:crypto';
import { SCOPES, type Scope } from './principal.js';

export const TOKEN_PREFIX = 'sd_';

/** A new random token: `sd_` + 32 random bytes in base64url (43 characters). */
export function generateToken(prefix: string = TOKEN_PREFIX): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}

/** SHA-256 of the token's UTF-8 bytes, lowercase hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** `tenant:sha256:<hex>` (plus `:scopes` unless all three) for DISCOVERY_TOKENS. */
export function tokenEntry(tenant: string, token: string, scopes: readonly Scope[] = SCOPES): string {
  const unique = SCOPES.filter((scope) => scopes.includes(scope));
  const suffix = unique.length === SCOPES.length ? '' : `:${unique.join('+')}`;
  return `${tenant}:sha256:${hashToken(token)}${suffix}`;
}
