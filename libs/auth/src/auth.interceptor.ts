/**
 * Connect server interceptor: authenticates every call, checks the scope its
 * method needs, and puts the Principal in the call's context values
 * (`principalKey`). Failures become ConnectError unauthenticated /
 * permission_denied with fixed messages; a method with no known scope is
 * refused (fail closed).
 */
import { Code, ConnectError, createContextKey, type ContextValues, type Interceptor } from '@connectrpc/connect';
import { AuthError, AuthErrorCode } from './auth.errors.js';
import type { Authenticator } from './authenticator.js';
import { authorize, type Principal, type Scope } from './principal.js';

/** Context key of the authenticated caller; read it with principalOf(context.values). */
export const principalKey = createContextKey<Principal | undefined>(undefined, { description: 'authenticated principal' });

/** What a method is: `parent.typeName` is the proto service (`yoko.v1.YokoService`), `name` the method. */
export interface MethodRef {
  readonly name: string;
  readonly parent: { readonly typeName: string };
}

export type ScopeForMethod = (method: MethodRef) => Scope | undefined;

export interface AuthInterceptorOptions {
  /** Called for every refused call (log `error.reason` and `method`, never the header). */
  readonly onDenied?: (error: AuthError, method: MethodRef) => void;
}

/** Scopes of the discovery API: reads need `read`, EnsureIndex/DeleteIndex `write`, GenerateQuery `generate`. */
export const yokoMethodScopes: Readonly<Record<string, Scope>> = Object.freeze({
  EnsureIndex: 'write',
  DeleteIndex: 'write',
  GetIndex: 'read',
  ListIndexes: 'read',
  SearchSchema: 'read',
  GetSymbols: 'read',
  GenerateQuery: 'generate',
});

/** ScopeForMethod for `yoko.v1.YokoService`; undefined (refused) for anything else. */
export function yokoScopeForMethod(method: MethodRef): Scope | undefined {
  if (method.parent.typeName !== 'yoko.v1.YokoService') return undefined;
  return Object.hasOwn(yokoMethodScopes, method.name) ? yokoMethodScopes[method.name] : undefined;
}

/** Scopes of our own `discovery.v1.DiscoveryService` (served beside yoko.v1 with the same tokens): reads. */
export const discoveryMethodScopes: Readonly<Record<string, Scope>> = Object.freeze({
  GetSchemaSlice: 'read',
  GetDemand: 'read',
  ListIndexDetails: 'read',
  GetIndexDetails: 'read',
});

/** ScopeForMethod for both services on the API port (yoko.v1 and discovery.v1); undefined (refused) for anything else. */
export function apiScopeForMethod(method: MethodRef): Scope | undefined {
  if (method.parent.typeName === 'discovery.v1.DiscoveryService') {
    return Object.hasOwn(discoveryMethodScopes, method.name) ? discoveryMethodScopes[method.name] : undefined;
  }
  return yokoScopeForMethod(method);
}

/** Maps an AuthError to the Connect error the client sees. */
export function toConnectError(error: AuthError): ConnectError {
  const code = error.code === AuthErrorCode.PermissionDenied ? Code.PermissionDenied : Code.Unauthenticated;
  return new ConnectError(error.message, code);
}

/** The principal of a call to `method` with this Authorization header; throws AuthError when refused. */
export async function authorizeCall(
  authenticator: Authenticator,
  scopeForMethod: ScopeForMethod,
  authorization: string | null | undefined,
  method: MethodRef,
): Promise<Principal> {
  const principal = await authenticator.authenticate(authorization);
  authorizeScope(principal, scopeForMethod, method);
  return principal;
}

/** Throws AuthError PERMISSION_DENIED unless `principal` holds the scope `method` needs (none defined: refused). */
function authorizeScope(principal: Principal, scopeForMethod: ScopeForMethod, method: MethodRef): void {
  const scope = scopeForMethod(method);
  if (scope === undefined) throw AuthError.permissionDenied(`${method.name} (no scope is defined for it)`);
  authorize(principal, scope);
}

/**
 * A principal already in the call's context values was authenticated by the server before the
 * call reached its interceptors (the Connect handler's preflight checks the Authorization header
 * before reading the body, `authorizeCall`): it is used as it is, its scope checked again, and the
 * token is not verified a second time (a JWT's signature costs about 0.05-0.1 ms). Context values
 * are the server's own: nothing a caller sends becomes one.
 */
export function authInterceptor(authenticator: Authenticator, scopeForMethod: ScopeForMethod, options: AuthInterceptorOptions = {}): Interceptor {
  return (next) => async (request) => {
    try {
      const known = request.contextValues.get(principalKey);
      if (known !== undefined) authorizeScope(known, scopeForMethod, request.method);
      else request.contextValues.set(principalKey, await authorizeCall(authenticator, scopeForMethod, request.header.get('authorization'), request.method));
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      options.onDenied?.(error, request.method);
      throw toConnectError(error);
    }
    return next(request);
  };
}

/** The principal the interceptor stored; throws internal if the interceptor is not installed. */
export function principalOf(values: ContextValues): Principal {
  const principal = values.get(principalKey);
  if (principal === undefined) throw new ConnectError('no authenticated principal: authInterceptor is not installed', Code.Internal);
  return principal;
}
