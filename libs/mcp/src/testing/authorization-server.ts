/**
 * A small OAuth 2.1 authorization server for tests of /mcp's authorization: its RFC 8414 metadata
 * (with `jwks_uri`) and its JWKS over HTTP on 127.0.0.1, and ES256 access tokens signed with its key
 * (or a stranger's) for any claims a test wants: valid, expired, for another audience, without a scope.
 */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestAuthorizationServer {
  issuer: string;
  jwksUrl: string;
  /** How often the JWKS and the metadata were fetched. */
  fetches: { jwks: number; metadata: number };
  /** An access token: `exp` in 5 minutes unless given; `signedBy: 'stranger'` signs with a key outside the JWKS. */
  token(claims: JWTPayload & { scope?: string }, options?: { signedBy?: 'issuer' | 'stranger' }): Promise<string>;
  close(): Promise<void>;
}

export async function startAuthorizationServer(): Promise<TestAuthorizationServer> {
  const pair = await generateKeyPair('ES256');
  const stranger: CryptoKey = (await generateKeyPair('ES256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  const fetches = { jwks: 0, metadata: 0 };
  let issuer = '';
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/jwks.json') {
      fetches.jwks += 1;
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    }
    if (path === '/.well-known/oauth-authorization-server') {
      fetches.metadata += 1;
      const metadata = {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks.json`,
        response_types_supported: ['code'],
        code_challenge_methods_supported: ['S256'],
      };
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadata));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    jwksUrl: `${issuer}/jwks.json`,
    fetches,
    token: (claims, options = {}) =>
      new SignJWT({ iss: issuer, sub: 'user-1', exp: Math.floor(Date.now() / 1000) + 300, ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .sign(options.signedBy === 'stranger' ? stranger : pair.privateKey),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
