import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { AuthError } from './auth.errors.js';
import { Authenticator } from './authenticator.js';

const SECRET = 'an-hs256-secret-of-at-least-32-characters';
const now = (): number => Math.floor(Date.now() / 1000);

function hs256(payload: JWTPayload, secret = SECRET): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
}

let server: Server;
let jwksUrl: string;
let signingKey: CryptoKey;
let strangerKey: CryptoKey;
let jwksRequests = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('ES256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  server = createServer((request, response) => {
    jwksRequests += 1;
    if (request.url !== '/jwks.json') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

function es256(payload: JWTPayload, key: CryptoKey = signingKey, kid = 'k1'): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid }).sign(key);
}

async function reasonOf(authenticator: Authenticator, token: string): Promise<string> {
  try {
    await authenticator.authenticate(`Bearer ${token}`);
  } catch (error) {
    if (error instanceof AuthError && error.code === 'UNAUTHENTICATED') {
      expect(error.message).toBe('missing or invalid bearer token');
      return error.reason;
    }
    throw error;
  }
  throw new Error('expected UNAUTHENTICATED');
}

describe('JWT with an HS256 secret', () => {
  const auth = new Authenticator({
    enabled: true,
    jwt: { secret: SECRET, issuer: 'https://idp.example', audience: ['discovery'], tenantClaim: 'org' },
  });
  const valid = { org: 'acme', sub: 'router-1', iss: 'https://idp.example', aud: 'discovery', exp: now() + 300 };

  it('accepts a valid token: tenant from the configured claim, scopes from scope', async () => {
    const principal = await auth.authenticate(`Bearer ${await hs256({ ...valid, scope: 'read generate openid' })}`);
    expect(principal).toEqual({ tenant: 'acme', scopes: new Set(['read', 'generate']), subject: 'jwt:router-1' });
  });

  it('reads scp as an array; a token without a scope claim (or a null one) is read-only', async () => {
    expect((await auth.authenticate(`Bearer ${await hs256({ ...valid, scp: ['write'] })}`)).scopes).toEqual(new Set(['write']));
    expect((await auth.authenticate(`Bearer ${await hs256(valid)}`)).scopes).toEqual(new Set(['read']));
    expect((await auth.authenticate(`Bearer ${await hs256({ ...valid, scope: null })}`)).scopes).toEqual(new Set(['read']));
    expect((await auth.authenticate(`Bearer ${await hs256({ ...valid, scp: null })}`)).scopes).toEqual(new Set(['read']));
  });

  it('caps the lifetime: exp - iat, or exp - now without iat, over the limit is refused', async () => {
    const capped = new Authenticator({ enabled: true, jwt: { secret: SECRET, tenantClaim: 'org', maxLifetimeSeconds: 3600 } });
    const base = { org: 'acme', scope: 'read' };
    const t = now();
    expect(await reasonOf(capped, await hs256({ ...base, iat: t, exp: 99_999_999_999 }))).toBe('jwt_lifetime');
    expect(await reasonOf(capped, await hs256({ ...base, iat: t, exp: t + 7200 }))).toBe('jwt_lifetime');
    expect(await reasonOf(capped, await hs256({ ...base, exp: t + 7200 }))).toBe('jwt_lifetime');
    expect(await reasonOf(capped, await hs256({ ...base, iat: t - 10 * 3600, exp: t + 300 }))).toBe('jwt_lifetime');
    expect((await capped.authenticate(`Bearer ${await hs256({ ...base, iat: t, exp: t + 3600 })}`)).tenant).toBe('acme');
    expect((await capped.authenticate(`Bearer ${await hs256({ ...base, exp: t + 3000 })}`)).tenant).toBe('acme');
    // The default cap is a day.
    expect(await reasonOf(auth, await hs256({ ...valid, iat: t, exp: t + 2 * 86_400 }))).toBe('jwt_lifetime');
    expect((await auth.authenticate(`Bearer ${await hs256({ ...valid, iat: t, exp: t + 86_000 })}`)).tenant).toBe('acme');
  });

  it.each([
    ['expired', { ...valid, exp: now() - 120 }, SECRET, 'expired'],
    ['without exp', { ...valid, exp: undefined }, SECRET, 'jwt_claims'],
    ['signed with another secret', valid, 'another-secret-that-is-also-32-chars-long', 'invalid_jwt'],
    ['from another issuer', { ...valid, iss: 'https://evil.example' }, SECRET, 'jwt_claims'],
    ['for another audience', { ...valid, aud: 'billing' }, SECRET, 'jwt_claims'],
    ['without the tenant claim', { ...valid, org: undefined }, SECRET, 'jwt_claims'],
    ['with a malformed tenant', { ...valid, org: '../other' }, SECRET, 'jwt_claims'],
  ])('refuses a token %s', async (_case, payload, secret, reason) => {
    expect(await reasonOf(auth, await hs256(payload as JWTPayload, secret))).toBe(reason);
  });

  it('refuses unsigned (alg none) and garbled tokens', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = Buffer.from(JSON.stringify(valid)).toString('base64url');
    expect(await reasonOf(auth, `${header}.${body}.`)).toBe('invalid_jwt');
    expect(await reasonOf(auth, 'abc.def.ghi')).toBe('malformed');
  });

  it('refuses an asymmetric token when only a secret is configured', async () => {
    expect(await reasonOf(auth, await es256(valid))).toBe('invalid_jwt');
  });
});

describe('JWT with a JWKS URL', () => {
  const valid = { tenant: 'globex', exp: now() + 300, sub: 'svc' };

  it('accepts a token signed by a key of the set, fetched from the URL', async () => {
    const auth = new Authenticator({ enabled: true, jwt: { jwksUrl } });
    const before = jwksRequests;
    expect((await auth.authenticate(`Bearer ${await es256(valid)}`)).tenant).toBe('globex');
    expect(jwksRequests).toBe(before + 1);
  });

  it('refuses a token signed by a key outside the set, an expired one, and an HS256 one', async () => {
    const auth = new Authenticator({ enabled: true, jwt: { jwksUrl } });
    expect(await reasonOf(auth, await es256(valid, strangerKey))).toBe('invalid_jwt');
    expect(await reasonOf(auth, await es256(valid, strangerKey, 'k2'))).toBe('invalid_jwt');
    expect(await reasonOf(auth, await es256({ ...valid, exp: now() - 120 }))).toBe('expired');
    expect(await reasonOf(auth, await hs256(valid))).toBe('invalid_jwt');
  });

  it('refuses (unauthenticated) when the JWKS cannot be fetched', async () => {
    const auth = new Authenticator({ enabled: true, jwt: { jwksUrl: jwksUrl.replace('/jwks.json', '/missing') } });
    expect(await reasonOf(auth, await es256(valid))).toBe('jwks_unavailable');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = new Authenticator({ enabled: true, jwt: { jwksUrl: `http://127.0.0.1:${port}/jwks.json` } });
    expect(await reasonOf(unreachable, await es256(valid))).toBe('jwks_unavailable');
  });

  it('still accepts static tokens next to JWTs', async () => {
    const { generateToken, hashToken } = await import('./token-hash.js');
    const token = generateToken();
    const auth = new Authenticator({
      enabled: true,
      tokens: [{ tenant: 'acme', sha256: hashToken(token), scopes: ['read'] }],
      jwt: { jwksUrl, secret: SECRET },
    });
    expect((await auth.authenticate(`Bearer ${token}`)).tenant).toBe('acme');
    expect((await auth.authenticate(`Bearer ${await hs256(valid)}`)).tenant).toBe('globex');
    expect((await auth.authenticate(`Bearer ${await es256(valid)}`)).tenant).toBe('globex');
  });
});
