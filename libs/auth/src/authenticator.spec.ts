import { timingSafeEqual } from 'node:crypto';
import { describe, expect, it, jest } from '@jest/globals';
import { AuthError, UNAUTHENTICATED_MESSAGE } from './auth.errors.js';
import { Authenticator } from './authenticator.js';
import { bearerTokenMatches } from './bearer-token-matches.js';
import type { TimingSafeEqual } from './static-token.verifier.js';
import { generateToken, hashToken } from './token-hash.js';

const ACME = generateToken();
const GLOBEX = generateToken();
const READER = generateToken();
const tokens = [
  { tenant: 'acme', sha256: hashToken(ACME), scopes: ['read', 'write', 'generate'] as const },
  { tenant: 'globex', sha256: hashToken(GLOBEX), scopes: ['read', 'write', 'generate'] as const },
  { tenant: 'acme', sha256: hashToken(READER), scopes: ['read'] as const },
];
const authenticator = new Authenticator({ enabled: true, tokens });

async function failure(header: string | undefined): Promise<AuthError> {
  try {
    await authenticator.authenticate(header);
  } catch (error) {
    if (error instanceof AuthError) return error;
    throw error;
  }
  throw new Error('expected an AuthError');
}

describe('Authenticator with static tokens', () => {
  it('maps a token to its tenant, scopes and a non-secret subject', async () => {
    const principal = await authenticator.authenticate(`Bearer ${ACME}`);
    expect(principal.tenant).toBe('acme');
    expect([...principal.scopes]).toEqual(['read', 'write', 'generate']);
    expect(principal.subject).toBe(`token:${hashToken(ACME).slice(0, 12)}`);
    expect(principal.subject).not.toContain(ACME);
    expect((await authenticator.authenticate(`bearer   ${GLOBEX}`)).tenant).toBe('globex');
  });

  it.each([
    ['no header', undefined, 'missing'],
    ['an empty header', '  ', 'missing'],
    ['another scheme', `Basic ${ACME}`, 'malformed'],
    ['a bare scheme', 'Bearer', 'malformed'],
    ['two tokens', `Bearer ${ACME} ${GLOBEX}`, 'malformed'],
    ['a token with a bad character', `Bearer ${ACME}!`, 'malformed'],
    ['an unknown token', `Bearer ${generateToken()}`, 'unknown_token'],
    ['the hash instead of the token', `Bearer ${hashToken(ACME)}`, 'unknown_token'],
    ['a prefix of a token', `Bearer ${ACME.slice(0, -1)}`, 'unknown_token'],
    ['a JWT-shaped token without JWT config', 'Bearer aaa.bbb.ccc', 'unknown_token'],
  ])('refuses %s with the same message', async (_case, header, reason) => {
    const error = await failure(header);
    expect(error.code).toBe('UNAUTHENTICATED');
    expect(error.message).toBe(UNAUTHENTICATED_MESSAGE);
    expect(error.reason).toBe(reason);
  });

  it('denies a scope the token lacks', async () => {
    const reader = await authenticator.authenticate(`Bearer ${READER}`);
    expect(() => authenticator.authorize(reader, 'read')).not.toThrow();
    let denied: unknown;
    try {
      authenticator.authorize(reader, 'write');
    } catch (error) {
      denied = error;
    }
    expect(denied).toBeInstanceOf(AuthError);
    expect((denied as AuthError).code).toBe('PERMISSION_DENIED');
  });

  it('compares against every configured hash in constant time, even after a match', async () => {
    const calls: Array<[number, number]> = [];
    const spy = jest.fn<TimingSafeEqual>((a, b) => {
      calls.push([a.byteLength, b.byteLength]);
      return timingSafeEqual(a, b);
    });
    const observed = new Authenticator({ enabled: true, tokens, timingSafeEqual: spy });
    await observed.authenticate(`Bearer ${ACME}`);
    expect(calls).toEqual([
      [32, 32],
      [32, 32],
      [32, 32],
    ]);
    await expect(observed.authenticate(`Bearer ${generateToken()}`)).rejects.toThrow(AuthError);
    expect(spy).toHaveBeenCalledTimes(6);
  });

  it('serves everyone as tenant default with all scopes when auth is off', async () => {
    const open = new Authenticator({ enabled: false });
    const principal = await open.authenticate(undefined);
    expect(principal).toEqual({ tenant: 'default', scopes: new Set(['read', 'write', 'generate']), subject: 'anonymous' });
    expect(open.enabled).toBe(false);
  });

  it('refuses to start enabled with nothing to verify against, or with a malformed hash', () => {
    expect(() => new Authenticator({ enabled: true })).toThrow('no static tokens and no JWT verification');
    expect(() => new Authenticator({ enabled: true, tokens: [{ tenant: 'a', sha256: 'xyz', scopes: ['read'] }] })).toThrow('sha256 must be 64 lowercase hex');
  });

  it('builds from the configuration section', async () => {
    const fromConfig = Authenticator.fromConfig({ enabled: true, tokens, jwt: undefined });
    expect((await fromConfig.authenticate(`Bearer ${READER}`)).scopes).toEqual(new Set(['read']));
  });
});

describe('bearerTokenMatches', () => {
  const hashes = [hashToken(ACME), hashToken(GLOBEX)];
  it.each([
    [`Bearer ${GLOBEX}`, true],
    [`Bearer ${READER}`, false],
    [`Basic ${ACME}`, false],
    [undefined, false],
    ['Bearer ', false],
  ])('%s -> %s', (header, expected) => {
    expect(bearerTokenMatches(header, hashes)).toBe(expected);
  });

  it('matches nothing when no hashes are configured', () => {
    expect(bearerTokenMatches(`Bearer ${ACME}`, [])).toBe(false);
  });
});
