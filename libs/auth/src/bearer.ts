/**
 * Extracts the token from an `Authorization: Bearer <token>` header value
 * (RFC 6750 b64token syntax, scheme case-insensitive).
 */

const BEARER = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;
const MAX_HEADER = 8192;

/** The token, `undefined` when the header is absent, `null` when it is not a well-formed bearer header. */
export function bearerToken(header: string | undefined | null): string | undefined | null {
  if (header === undefined || header === null || header.trim() === '') return undefined;
  if (header.length > MAX_HEADER) return null;
  return BEARER.exec(header)?.[1] ?? null;
}
