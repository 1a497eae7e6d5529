/**
 * MCP_AUTH_TOKENS: the bearer tokens MCP clients must send to the bridge,
 * comma- or newline-separated; each entry is `sha256:<64 hex>` (the hash of a
 * token) or a plain token, which is hashed at once so only hashes are kept.
 */
import { createHash } from 'node:crypto';
import { InvalidValue, splitList } from './value-parsers.js';

const HASHED = /^sha256:([0-9a-f]{64})$/;
const TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;

/** Returns the SHA-256 hex of every configured token. */
export function parseMcpAuthTokens(raw: string): string[] {
  const entries = splitList(raw);
  if (entries.length === 0) throw new InvalidValue('expected at least one token or sha256:<64 hex> entry');
  return entries.map((entry, index) => {
    const hashed = HASHED.exec(entry)?.[1];
    if (hashed !== undefined) return hashed;
    if (entry.startsWith('sha256:')) {
      throw new InvalidValue(`entry ${index + 1}: sha256: must be followed by 64 lowercase hex characters`);
    }
    if (!TOKEN.test(entry) || entry.length < 16) {
      throw new InvalidValue(`entry ${index + 1}: a plain token must be at least 16 characters of A-Z a-z 0-9 - . _ ~ + /`);
    }
    return createHash('sha256').update(entry, 'utf8').digest('hex');
  });
}
