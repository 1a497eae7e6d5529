/**
 * Authenticator: turns an Authorization header into a Principal, with no
 * framework dependency. Static tokens are checked first (constant time over
 * all of them), then JWTs when configured. Every failure is the same
 * UNAUTHENTICATED error; only its `reason` (for logs) differs. With auth off,
 * everyone is tenant `default` with all scopes (callers log that loudly).
 */
import type { AuthConfig } from '@discovery/config';
import { AuthError } from './auth.errors.js';
import { bearerToken } from './bearer.js';
import { JwtVerifier, looksLikeJwt, type JwtVerifierOptions } from './jwt.verifier.js';
import { DEFAULT_TENANT, SCOPES, authorize, type Principal, type Scope } from './principal.js';
import { StaticTokenVerifier, type StaticToken, type TimingSafeEqual } from './static-token.verifier.js';

export interface AuthenticatorOptions {
  /** false: no checks, every request is tenant `default` with all scopes. */
  readonly enabled: boolean;
  readonly tokens?: readonly StaticToken[];
  readonly jwt?: JwtVerifierOptions | undefined;
  /** Tests only: observe the constant-time comparison. */
  readonly timingSafeEqual?: TimingSafeEqual;
  /**
   * Accept a configuration with auth on and no credentials at all: every call with a token is
   * refused. For an API reached only in process (the discovery API behind `discovery-mcp --stdio`).
   */
  readonly allowNoCredentials?: boolean;
}

const ANONYMOUS: Principal = Object.freeze({ tenant: DEFAULT_TENANT, scopes: new Set(SCOPES), subject: 'anonymous' });

export class Authenticator {
  private readonly statics: StaticTokenVerifier;
  private readonly jwt: JwtVerifier | undefined;

  constructor(private readonly options: AuthenticatorOptions) {
    this.statics = new StaticTokenVerifier(options.tokens ?? [], options.timingSafeEqual);
    this.jwt = options.jwt === undefined ? undefined : new JwtVerifier(options.jwt);
    if (options.enabled && this.statics.size === 0 && this.jwt === undefined && !options.allowNoCredentials) {
      throw new TypeError('auth is enabled but no static tokens and no JWT verification are configured');
    }
  }

  /** From the `auth` section of the indexer or serve configuration. */
  static fromConfig(config: AuthConfig, options: { allowNoCredentials?: boolean } = {}): Authenticator {
    return new Authenticator({ enabled: config.enabled, tokens: config.tokens, jwt: config.jwt, ...options });
  }

  get enabled(): boolean {
    return this.options.enabled;
  }

  /** The caller's principal; AuthError UNAUTHENTICATED for a missing, malformed, unknown or expired token. */
  async authenticate(authorizationHeader: string | undefined | null): Promise<Principal> {
    if (!this.options.enabled) return ANONYMOUS;
    const token = bearerToken(authorizationHeader);
    if (token === undefined) throw AuthError.unauthenticated('missing');
    if (token === null) throw AuthError.unauthenticated('malformed');
    const principal = this.statics.verify(token);
    if (principal !== undefined) return principal;
    if (this.jwt !== undefined && looksLikeJwt(token)) return this.jwt.verify(token);
    throw AuthError.unauthenticated('unknown_token');
  }

  /** Throws AuthError PERMISSION_DENIED unless the principal holds `scope`. */
  authorize(principal: Principal, scope: Scope): void {
    authorize(principal, scope);
  }
}
