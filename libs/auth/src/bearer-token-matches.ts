/**
 * bearerTokenMatches: the MCP bridge's check of its own clients' tokens
 * (MCP_AUTH_TOKENS, configured as SHA-256 hashes). Hashes the presented token
 * and compares it with every hash in constant time, never stopping early.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { bearerToken } from './bearer.js';

/** True when `header` is `Bearer <token>` and SHA-256(token) is one of `sha256Hashes` (lowercase hex). */
export function bearerTokenMatches(header: string | undefined | null, sha256Hashes: readonly string[]): boolean {
  const token = bearerToken(header);
  const presented = createHash('sha256')
    .update(typeof token === 'string' ? token : '', 'utf8')
    .digest();
  let found = false;
  for (const hex of sha256Hashes) {
    const expected = Buffer.from(hex, 'hex');
    const equal = expected.length === presented.length && timingSafeEqual(presented, expected);
    found = equal || found;
  }
  return typeof token === 'string' && found;
}
