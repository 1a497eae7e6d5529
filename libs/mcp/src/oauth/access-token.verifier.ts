/**
 * Verifies the bearer tokens MCP clients send to /mcp (docs/wire.md §6): a static token of
 * MCP_AUTH_TOKENS (SHA-256 compared in constant time; it may do everything), or a JWT access token
 * of MCP_OAUTH_ISSUER checked with jose against the issuer's JWKS (MCP_OAUTH_JWKS_URL, or the
 * `jwks_uri` of its metadata, found with the MCP SDK's discovery): signature, `iss`, `aud` = this
 * endpoint's URL (MCP_OAUTH_AUDIENCE), `exp`. Scopes come from `scope` (space-separated) or `scp`.
 * Implements the SDK's OAuthTokenVerifier, so the SDK's bearer middleware can use it. Failures name a
 * reason; the token itself is never logged nor put in an error.
 */
import { bearerTokenMatches } from '@discovery/auth';
import type { OAuthTokenVerifier } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { InvalidTokenError, ServerError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { discoverAuthorizationServerMetadata } from '@modelcontextprotocol/sdk/client/auth.js';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { silentLogger, type BridgeLogger } from '../logger.js';

export interface AccessTokenVerifierOptions {
  /** SHA-256 hex of the static tokens (MCP_AUTH_TOKENS). */
  staticTokenHashes: readonly string[];
  /** Every scope a static token is given (it may do everything). */
  allScopes: readonly string[];
  oauth?: { issuer: string; jwksUrl?: string | undefined; audience: string };
  /** Allowed clock skew (default 30 s). */
  clockToleranceSeconds?: number;
  logger?: BridgeLogger;
}

const ASYMMETRIC = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA', 'Ed25519'];
/** A static token is valid for the request at hand; requireBearerAuth wants an expiry. */
const STATIC_VALIDITY_SECONDS = 60;

export class AccessTokenVerifier implements OAuthTokenVerifier {
  private jwks?: Promise<ReturnType<typeof createRemoteJWKSet>>;
  private readonly logger: BridgeLogger;

  constructor(private readonly options: AccessTokenVerifierOptions) {
    this.logger = options.logger ?? silentLogger;
  }

  async verifyAccessToken(token: string): Promise<AuthInfo> {
    const hashes = this.options.staticTokenHashes;
    if (hashes.length > 0 && bearerTokenMatches(`Bearer ${token}`, hashes)) {
      return {
        token,
        clientId: 'static',
        scopes: [...this.options.allScopes],
        expiresAt: Math.floor(Date.now() / 1000) + STATIC_VALIDITY_SECONDS,
        extra: { kind: 'static' },
      };
    }
    const oauth = this.options.oauth;
    if (!oauth) throw new InvalidTokenError('Unknown token');
    const payload = await this.verifyJwt(token, oauth);
    const subject = typeof payload.sub === 'string' ? payload.sub : undefined;
    const client = [payload['client_id'], payload['azp'], payload.sub].find((value): value is string => typeof value === 'string');
    return {
      token,
      clientId: (client ?? 'unknown').slice(0, 200),
      scopes: scopesOf(payload),
      expiresAt: payload.exp as number,
      resource: new URL(oauth.audience),
      extra: { kind: 'jwt', ...(subject ? { subject: subject.slice(0, 200) } : {}) },
    };
  }

  private async verifyJwt(token: string, oauth: NonNullable<AccessTokenVerifierOptions['oauth']>): Promise<JWTPayload> {
    const keys = await this.keys(oauth);
    const trimmed = oauth.audience.replace(/\/+$/, '');
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: oauth.issuer,
        audience: [trimmed, `${trimmed}/`],
        algorithms: ASYMMETRIC,
        requiredClaims: ['exp'],
        clockTolerance: this.options.clockToleranceSeconds ?? 30,
      });
      return payload;
    } catch (error) {
      throw this.failure(error);
    }
  }

  private failure(error: unknown): Error {
    if (error instanceof errors.JWTExpired) return new InvalidTokenError('Token has expired');
    if (error instanceof errors.JWTClaimValidationFailed) {
      this.logger.debug({ claim: error.claim, reason: error.reason }, 'access token refused');
      return new InvalidTokenError(`Token ${error.claim === 'aud' ? 'was not issued for this resource' : `claim ${error.claim} is not valid`}`);
    }
    if (error instanceof errors.JOSEError && error.constructor !== errors.JOSEError) return new InvalidTokenError('Token is not a valid access token');
    this.logger.warn({ error: (error as Error).name }, 'the JWKS of the authorization server cannot be fetched');
    return new ServerError('The keys of the authorization server cannot be fetched');
  }

  /** The issuer's key set: the configured URL, or its metadata's `jwks_uri` (found once, again after a failure). */
  private keys(oauth: NonNullable<AccessTokenVerifierOptions['oauth']>): Promise<ReturnType<typeof createRemoteJWKSet>> {
    this.jwks ??= this.jwksUrl(oauth).then((url) => createRemoteJWKSet(new URL(url), { timeoutDuration: 5_000 }));
    return this.jwks.catch((error: unknown) => {
      this.jwks = undefined;
      this.logger.warn({ issuer: oauth.issuer, error: (error as Error).message }, 'the authorization server metadata cannot be read');
      throw new ServerError('The authorization server metadata cannot be read');
    });
  }

  private async jwksUrl(oauth: NonNullable<AccessTokenVerifierOptions['oauth']>): Promise<string> {
    if (oauth.jwksUrl) return oauth.jwksUrl;
    const metadata = await discoverAuthorizationServerMetadata(oauth.issuer);
    if (!metadata) throw new Error('no RFC 8414 or OpenID metadata found');
    if (metadata.issuer !== oauth.issuer) throw new Error('the metadata names another issuer');
    const jwksUri = (metadata as { jwks_uri?: unknown }).jwks_uri;
    if (typeof jwksUri !== 'string') throw new Error('the metadata has no jwks_uri');
    return jwksUri;
  }
}

/** `scope` (space-separated) or `scp` (a string or an array). */
function scopesOf(payload: JWTPayload): string[] {
  const raw = payload['scope'] ?? payload['scp'];
  const list = typeof raw === 'string' ? raw.split(/\s+/) : Array.isArray(raw) ? raw.filter((s): s is string => typeof s === 'string') : [];
  return [...new Set(list.filter((scope) => scope !== ''))];
}
