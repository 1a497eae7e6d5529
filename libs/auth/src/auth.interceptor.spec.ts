import { describe, expect, it } from '@jest/globals';
import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { YokoService } from '@discovery/proto';
import type { AuthError } from './auth.errors.js';
import { apiScopeForMethod, authInterceptor, principalKey, principalOf, yokoScopeForMethod, type MethodRef } from './auth.interceptor.js';
import { Authenticator } from './authenticator.js';
import { generateToken, hashToken } from './token-hash.js';

const FULL = generateToken();
const READ_ONLY = generateToken();
const authenticator = new Authenticator({
  enabled: true,
  tokens: [
    { tenant: 'acme', sha256: hashToken(FULL), scopes: ['read', 'write', 'generate'] },
    { tenant: 'globex', sha256: hashToken(READ_ONLY), scopes: ['read'] },
  ],
});

function clientFor(auth: Authenticator, denied: Array<[string, string]> = []) {
  const transport = createRouterTransport(
    (router) => {
      router.service(YokoService, {
        listIndexes: (_request, context) => ({ indexes: [{ indexId: `tenant=${principalOf(context.values).tenant}` }] }),
        ensureIndex: (_request, context) => ({ index: { indexId: `writer=${principalOf(context.values).subject}` } }),
      });
    },
    {
      router: {
        interceptors: [
          authInterceptor(auth, yokoScopeForMethod, {
            onDenied: (error: AuthError, method: MethodRef) => denied.push([method.name, error.reason]),
          }),
        ],
      },
    },
  );
  return createClient(YokoService, transport);
}

async function codeOf(call: Promise<unknown>): Promise<[Code, string]> {
  try {
    await call;
  } catch (error) {
    const connectError = ConnectError.from(error);
    return [connectError.code, connectError.rawMessage];
  }
  throw new Error('expected the call to fail');
}

describe('authInterceptor', () => {
  it('puts the principal in the context for the handler', async () => {
    const client = clientFor(authenticator);
    const headers = { authorization: `Bearer ${FULL}` };
    expect((await client.listIndexes({}, { headers })).indexes[0]?.indexId).toBe('tenant=acme');
    expect((await client.ensureIndex({ sdl: 'type Query { a: Int }' }, { headers })).index?.indexId).toBe(`writer=token:${hashToken(FULL).slice(0, 12)}`);
  });

  it('answers unauthenticated for a missing or wrong token, with one message', async () => {
    const denied: Array<[string, string]> = [];
    const client = clientFor(authenticator, denied);
    expect(await codeOf(client.listIndexes({}))).toEqual([Code.Unauthenticated, 'missing or invalid bearer token']);
    expect(await codeOf(client.listIndexes({}, { headers: { authorization: `Bearer ${generateToken()}` } }))).toEqual([
      Code.Unauthenticated,
      'missing or invalid bearer token',
    ]);
    expect(denied).toEqual([
      ['ListIndexes', 'missing'],
      ['ListIndexes', 'unknown_token'],
    ]);
  });

  it('answers permission_denied when the token lacks the method scope', async () => {
    const client = clientFor(authenticator);
    const headers = { authorization: `Bearer ${READ_ONLY}` };
    expect((await client.listIndexes({}, { headers })).indexes[0]?.indexId).toBe('tenant=globex');
    const [code] = await codeOf(client.ensureIndex({ sdl: 'type Query { a: Int }' }, { headers }));
    expect(code).toBe(Code.PermissionDenied);
    const [generateCode] = await codeOf(client.generateQuery({ indexId: 'x', prompt: 'p' }, { headers }));
    expect(generateCode).toBe(Code.PermissionDenied);
  });

  it('lets everyone in as tenant default when auth is off', async () => {
    const client = clientFor(new Authenticator({ enabled: false }));
    expect((await client.listIndexes({})).indexes[0]?.indexId).toBe('tenant=default');
  });

  it('refuses methods without a known scope (fail closed)', async () => {
    expect(yokoScopeForMethod({ name: 'ListIndexes', parent: { typeName: 'yoko.v1.YokoService' } })).toBe('read');
    expect(yokoScopeForMethod({ name: 'DeleteIndex', parent: { typeName: 'yoko.v1.YokoService' } })).toBe('write');
    expect(yokoScopeForMethod({ name: 'GenerateQuery', parent: { typeName: 'yoko.v1.YokoService' } })).toBe('generate');
    expect(yokoScopeForMethod({ name: 'toString', parent: { typeName: 'yoko.v1.YokoService' } })).toBeUndefined();
    expect(yokoScopeForMethod({ name: 'ListIndexes', parent: { typeName: 'other.v1.Service' } })).toBeUndefined();
    expect(yokoScopeForMethod({ name: 'GetSchemaSlice', parent: { typeName: 'discovery.v1.DiscoveryService' } })).toBeUndefined();
    expect(apiScopeForMethod({ name: 'GetSchemaSlice', parent: { typeName: 'discovery.v1.DiscoveryService' } })).toBe('read');
    expect(apiScopeForMethod({ name: 'GenerateQuery', parent: { typeName: 'yoko.v1.YokoService' } })).toBe('generate');
    expect(apiScopeForMethod({ name: 'EnsureIndex', parent: { typeName: 'discovery.v1.DiscoveryService' } })).toBeUndefined();
    const transport = createRouterTransport((router) => router.service(YokoService, { listIndexes: () => ({ indexes: [] }) }), {
      router: { interceptors: [authInterceptor(authenticator, () => undefined)] },
    });
    const client = createClient(YokoService, transport);
    const [code] = await codeOf(client.listIndexes({}, { headers: { authorization: `Bearer ${FULL}` } }));
    expect(code).toBe(Code.PermissionDenied);
  });

  it('reports a missing interceptor as an internal error', async () => {
    const transport = createRouterTransport((router) =>
      router.service(YokoService, { listIndexes: (_request, context) => ({ indexes: [{ indexId: principalOf(context.values).tenant }] }) }),
    );
    const [code] = await codeOf(createClient(YokoService, transport).listIndexes({}));
    expect(code).toBe(Code.Internal);
  });
  it('uses a principal the server put in the context without verifying the token again, its scope still checked', async () => {
    let verified = 0;
    const counting = new Authenticator({ enabled: true, tokens: [{ tenant: 'acme', sha256: hashToken(FULL), scopes: ['read', 'write'] }] });
    const authenticate = counting.authenticate.bind(counting);
    counting.authenticate = (header) => {
      verified += 1;
      return authenticate(header);
    };
    const reader = { tenant: 'initech', scopes: new Set(['read'] as const), subject: 'preflight' };
    const transport = createRouterTransport(
      (router) =>
        router.service(YokoService, {
          listIndexes: (_request, context) => ({ indexes: [{ indexId: principalOf(context.values).tenant }] }),
          ensureIndex: () => ({}),
        }),
      {
        router: {
          interceptors: [
            (next) => (request) => next({ ...request, contextValues: request.contextValues.set(principalKey, reader) }),
            authInterceptor(counting, yokoScopeForMethod),
          ],
        },
      },
    );
    const client = createClient(YokoService, transport);
    expect((await client.listIndexes({})).indexes[0]?.indexId).toBe('initech');
    expect(await codeOf(client.ensureIndex({ sdl: 'type Query { a: Int }' }, { headers: { authorization: `Bearer ${FULL}` } }))).toEqual([
      Code.PermissionDenied,
      expect.any(String),
    ]);
    expect(verified).toBe(0);
    expect((await clientFor(counting).listIndexes({}, { headers: { authorization: `Bearer ${FULL}` } })).indexes[0]?.indexId).toBe('tenant=acme');
    expect(verified).toBe(1);
  });
});
