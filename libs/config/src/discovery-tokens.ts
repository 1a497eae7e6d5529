/**
 * The DISCOVERY_TOKENS format: comma- or newline-separated entries
 * `tenant:sha256:<64 hex>` or `tenant:sha256:<64 hex>:read+write+generate`.
 * The hex is the SHA-256 of the bearer token (`discovery token` prints it);
 * plain tokens are never configured. Scopes default to all three. Errors name
 * the entry by position and never echo it (it may be a pasted secret).
 */
import { InvalidValue } from './value-parsers.js';

export const TOKEN_SCOPES = ['read', 'write', 'generate'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** One configured static token: who it belongs to, the SHA-256 hex of the token, what it may do. */
export interface StaticTokenEntry {
  readonly tenant: string;
  readonly sha256: string;
  readonly scopes: readonly TokenScope[];
}

/** Tenant ids: a letter or digit, then letters, digits, `.`, `_` or `-`; at most 64 characters. */
export const TENANT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const HEX64 = /^[0-9a-f]{64}$/;
const FORMAT = 'tenant:sha256:<64 lowercase hex>[:read+write+generate]';

function parseScopes(text: string | undefined, position: number): TokenScope[] {
  if (text === undefined) return [...TOKEN_SCOPES];
  const scopes = text.split('+').map((scope) => scope.trim());
  const unknown = scopes.filter((scope) => !(TOKEN_SCOPES as readonly string[]).includes(scope));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new InvalidValue(`entry ${position}: scopes must be read, write and/or generate joined by +`);
  }
  return [...new Set(scopes as TokenScope[])];
}

function parseEntry(entry: string, position: number): StaticTokenEntry {
  const parts = entry.split(':');
  const [tenant, algorithm, hex, scopes, ...rest] = parts;
  if (tenant === undefined || algorithm !== 'sha256' || hex === undefined || rest.length > 0) {
    throw new InvalidValue(`entry ${position} is not ${FORMAT} (configure the hash printed by \`discovery token\`, never the token)`);
  }
  if (!TENANT_PATTERN.test(tenant)) {
    throw new InvalidValue(`entry ${position}: tenant must be 1-64 letters, digits, '.', '_' or '-'`);
  }
  if (!HEX64.test(hex)) {
    throw new InvalidValue(`entry ${position}: the hash must be 64 lowercase hex characters (SHA-256)`);
  }
  return { tenant, sha256: hex, scopes: parseScopes(scopes, position) };
}

/** Parses DISCOVERY_TOKENS; throws InvalidValue naming the first bad entry. */
export function parseDiscoveryTokens(raw: string): StaticTokenEntry[] {
  const entries = raw
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '' && !entry.startsWith('#'));
  if (entries.length === 0) throw new InvalidValue(`expected at least one entry ${FORMAT}`);
  const parsed = entries.map((entry, index) => parseEntry(entry, index + 1));
  const seen = new Map<string, number>();
  parsed.forEach((entry, index) => {
    const first = seen.get(entry.sha256);
    if (first !== undefined) {
      throw new InvalidValue(`entries ${first} and ${index + 1} have the same token hash`);
    }
    seen.set(entry.sha256, index + 1);
  });
  return parsed;
}
