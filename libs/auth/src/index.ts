/**
 * @discovery/auth: bearer token and JWT verification into a tenant Principal
 * (framework-free core) plus a Connect interceptor and the bridge's token check.
 */
export { AuthError, AuthErrorCode, UNAUTHENTICATED_MESSAGE, type AuthFailureReason } from './auth.errors.js';
export { DEFAULT_TENANT, SCOPES, authorize, isScope, type Principal, type Scope } from './principal.js';
export { Authenticator, type AuthenticatorOptions } from './authenticator.js';
export { StaticTokenVerifier, type StaticToken, type TimingSafeEqual } from './static-token.verifier.js';
export { JwtVerifier, looksLikeJwt, type JwtVerifierOptions } from './jwt.verifier.js';
export { bearerToken } from './bearer.js';
export { bearerTokenMatches } from './bearer-token-matches.js';
export { TOKEN_PREFIX, generateToken, hashToken, tokenEntry } from './token-hash.js';
export {
  authInterceptor,
  authorizeCall,
  principalKey,
  principalOf,
  toConnectError,
  yokoMethodScopes,
  discoveryMethodScopes,
  apiScopeForMethod,
  yokoScopeForMethod,
  type AuthInterceptorOptions,
  type MethodRef,
  type ScopeForMethod,
} from './auth.interceptor.js';
