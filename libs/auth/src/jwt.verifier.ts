/**
 * JwtVerifier: verifies JWT bearer tokens with jose, signed either with an
 * HS256 secret or with a key from a JWKS URL (asymmetric algorithms only, so a
 * public key can never be used as an HMAC secret). `exp` is required and the
 * lifetime is capped (`exp` - `iat`, or `exp` - now without `iat`); `iss` and
 * `aud` are checked when configured (config requires `aud` with a JWKS URL).
 * The tenant comes from a configurable claim, scopes from `scope`
 * (space-separated) or `scp` (string or array); a token with neither (or a
 * null one) is read-only.
 */
import { TENANT_PATTERN } from '@discovery/config';
import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify, type JWTPayload } from 'jose';
import { AuthError } from './auth.errors.js';
import { isScope, type Principal, type Scope } from './principal.js';

export interface JwtVerifierOptions {
  /** HS256 key (at least 32 characters). */
  readonly secret?: string | undefined;
  readonly jwksUrl?: string | undefined;
  readonly issuer?: string | undefined;
  readonly audience?: readonly string[] | undefined;
  /** Claim holding the tenant id (default `tenant`). */
  readonly tenantClaim?: string | undefined;
  /** Allowed clock skew in seconds (default 30). */
  readonly clockToleranceSeconds?: number;
  /** Timeout of a JWKS fetch in milliseconds (default 5000). */
  readonly jwksTimeoutMs?: number;
  /** Longest lifetime accepted, in seconds (default 24 h): `exp` - `iat`, or `exp` - now without `iat`. */
  readonly maxLifetimeSeconds?: number;
}

/** Default of {@link JwtVerifierOptions.maxLifetimeSeconds}: one day. */
export const DEFAULT_JWT_MAX_LIFETIME_SECONDS = 24 * 3600;

/** What a token without a scope claim may do: read, nothing more. */
const DEFAULT_SCOPES: readonly Scope[] = ['read'];

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** True when the token has the three-part compact JWS shape. */
export function looksLikeJwt(token: string): boolean {
  return JWT_SHAPE.test(token);
}

function scopesOf(payload: JWTPayload): Set<Scope> {
  const raw = payload['scope'] ?? payload['scp'];
  if (raw === undefined || raw === null) return new Set(DEFAULT_SCOPES);
  const words = typeof raw === 'string' ? raw.split(' ') : Array.isArray(raw) ? raw.filter((s) => typeof s === 'string') : [];
  return new Set(words.filter(isScope));
}

function failureOf(error: unknown): AuthError {
  if (error instanceof errors.JWTExpired) return AuthError.unauthenticated('expired');
  if (error instanceof errors.JWTClaimValidationFailed) return AuthError.unauthenticated('jwt_claims');
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) {
    return AuthError.unauthenticated('jwks_unavailable');
  }
  // jose signals a failed JWKS fetch (non-200, unparsable body) with the generic JOSEError itself;
  // anything not from jose comes from the fetch (network failure).
  if (!(error instanceof errors.JOSEError) || error.constructor === errors.JOSEError) {
    return AuthError.unauthenticated('jwks_unavailable');
  }
  return AuthError.unauthenticated('invalid_jwt');
}

export class JwtVerifier {
  private readonly secret: Uint8Array | undefined;
  private readonly jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  private readonly tenantClaim: string;

  constructor(private readonly options: JwtVerifierOptions) {
    if (options.secret === undefined && options.jwksUrl === undefined) {
      throw new TypeError('JwtVerifier needs a secret or a JWKS URL');
    }
    this.secret = options.secret === undefined ? undefined : new TextEncoder().encode(options.secret);
    this.jwks = options.jwksUrl === undefined ? undefined : createRemoteJWKSet(new URL(options.jwksUrl), { timeoutDuration: options.jwksTimeoutMs ?? 5_000 });
    this.tenantClaim = options.tenantClaim ?? 'tenant';
  }

  /** The principal of a valid JWT; AuthError UNAUTHENTICATED otherwise. */
  async verify(token: string): Promise<Principal> {
    let alg: string | undefined;
    try {
      alg = decodeProtectedHeader(token).alg;
    } catch {
      throw AuthError.unauthenticated('malformed');
    }
    const payload = await this.verified(token, alg);
    this.checkLifetime(payload);
    const tenant = payload[this.tenantClaim];
    if (typeof tenant !== 'string' || !TENANT_PATTERN.test(tenant)) throw AuthError.unauthenticated('jwt_claims');
    const subject = typeof payload.sub === 'string' ? `jwt:${payload.sub.slice(0, 128)}` : 'jwt';
    return Object.freeze({ tenant, scopes: scopesOf(payload), subject });
  }

  /** A token valid for longer than the cap is refused, however it was signed (a stolen one would live for ever). */
  private checkLifetime(payload: JWTPayload): void {
    const max = this.options.maxLifetimeSeconds ?? DEFAULT_JWT_MAX_LIFETIME_SECONDS;
    const tolerance = this.options.clockToleranceSeconds ?? 30;
    const exp = payload.exp as number;
    const start = typeof payload.iat === 'number' ? payload.iat : Math.floor(Date.now() / 1000) - tolerance;
    if (exp - start > max + tolerance) throw AuthError.unauthenticated('jwt_lifetime');
  }

  private async verified(token: string, alg: string | undefined): Promise<JWTPayload> {
    const checks = {
      requiredClaims: ['exp'],
      clockTolerance: this.options.clockToleranceSeconds ?? 30,
      ...(this.options.issuer === undefined ? {} : { issuer: this.options.issuer }),
      ...(this.options.audience === undefined ? {} : { audience: [...this.options.audience] }),
    };
    try {
      if (alg === 'HS256' && this.secret !== undefined) {
        return (await jwtVerify(token, this.secret, { ...checks, algorithms: ['HS256'] })).payload;
      }
      if (alg !== undefined && ASYMMETRIC.includes(alg) && this.jwks !== undefined) {
        return (await jwtVerify(token, this.jwks, { ...checks, algorithms: ASYMMETRIC })).payload;
      }
    } catch (error) {
      throw failureOf(error);
    }
    throw AuthError.unauthenticated('invalid_jwt');
  }
}
