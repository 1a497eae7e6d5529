import { parseDiscoveryTokens } from '@discovery/config';
import { describe, expect, it } from '@jest/globals';
import { bearerToken } from './bearer.js';
import { generateToken, hashToken, tokenEntry } from './token-hash.js';

describe('token material', () => {
  it('generates sd_ + 32 random bytes in base64url', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => generateToken()));
    expect(tokens.size).toBe(50);
    for (const token of tokens) {
      expect(token).toMatch(/^sd_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token.slice(3), 'base64url')).toHaveLength(32);
      expect(bearerToken(`Bearer ${token}`)).toBe(token);
    }
  });

  it('hashes with SHA-256 to lowercase hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('prints a DISCOVERY_TOKENS entry that the config parser reads back', () => {
    const token = generateToken();
    expect(tokenEntry('acme', token)).toBe(`acme:sha256:${hashToken(token)}`);
    expect(parseDiscoveryTokens(`${tokenEntry('acme', token)},${tokenEntry('beta', 'other-token', ['generate', 'read'])}`)).toEqual([
      { tenant: 'acme', sha256: hashToken(token), scopes: ['read', 'write', 'generate'] },
      { tenant: 'beta', sha256: hashToken('other-token'), scopes: ['read', 'generate'] },
    ]);
  });
});
