import { createHash } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { parseDiscoveryTokens } from './discovery-tokens.js';
import { parseIntrospectHeaders } from './introspect-headers.js';
import { parseMcpAuthTokens } from './mcp-auth-tokens.js';
import { InvalidValue } from './value-parsers.js';

const hash = (token: string): string => createHash('sha256').update(token).digest('hex');
const A = hash('sd_tenant-a-token');
const B = hash('sd_tenant-b-token');

describe('parseDiscoveryTokens', () => {
  it('reads comma- and newline-separated entries, scopes default to all', () => {
    expect(parseDiscoveryTokens(`acme:sha256:${A}, globex:sha256:${B}:read+generate\n# comment\n`)).toEqual([
      { tenant: 'acme', sha256: A, scopes: ['read', 'write', 'generate'] },
      { tenant: 'globex', sha256: B, scopes: ['read', 'generate'] },
    ]);
  });

  it.each([
    ['a plain token', 'sd_tenant-a-token', 'entry 1 is not tenant:sha256:'],
    ['no algorithm', `acme:${A}`, 'entry 1 is not'],
    ['another algorithm', `acme:md5:${A}`, 'entry 1 is not'],
    ['uppercase hex', `acme:sha256:${A.toUpperCase()}`, 'entry 1: the hash must be 64 lowercase hex'],
    ['short hex', `acme:sha256:${A.slice(2)}`, 'entry 1: the hash must be 64'],
    ['bad tenant', `ac me:sha256:${A}`, 'entry 1: tenant must be'],
    ['unknown scope', `acme:sha256:${A}:read+admin`, 'entry 1: scopes must be read, write and/or generate'],
    ['empty scope', `acme:sha256:${A}:`, 'entry 1: scopes must be'],
    ['too many parts', `acme:sha256:${A}:read:x`, 'entry 1 is not'],
    ['the second entry', `acme:sha256:${A},oops`, 'entry 2 is not'],
    ['a duplicate hash', `acme:sha256:${A}\nglobex:sha256:${A}`, 'entries 1 and 2 have the same token hash'],
    ['nothing', ' , ', 'expected at least one entry'],
  ])('rejects %s', (_case, raw, message) => {
    expect(() => parseDiscoveryTokens(raw)).toThrow(InvalidValue);
    expect(() => parseDiscoveryTokens(raw)).toThrow(message);
  });

  it('never echoes an entry in its error (it may be a pasted token)', () => {
    const error = captured(() => parseDiscoveryTokens('acme:sd_SECRETSECRETSECRET'));
    expect(error.message).not.toContain('SECRET');
  });
});

describe('parseMcpAuthTokens', () => {
  it('keeps hashes and hashes plain tokens', () => {
    expect(parseMcpAuthTokens(`sha256:${A}, a-plain-client-token-1234`)).toEqual([A, hash('a-plain-client-token-1234')]);
  });

  it.each([
    ['a short plain token', 'short', 'entry 1: a plain token must be at least 16'],
    ['a bad hash', 'sha256:abc', 'entry 1: sha256: must be followed by 64'],
    ['nothing', ',', 'expected at least one'],
  ])('rejects %s', (_case, raw, message) => {
    expect(() => parseMcpAuthTokens(raw)).toThrow(message);
  });
});

describe('parseIntrospectHeaders', () => {
  it('reads a JSON object or Name: value lines', () => {
    expect(parseIntrospectHeaders('{"Authorization":"Bearer x","X-Api":"1"}')).toEqual({ Authorization: 'Bearer x', 'X-Api': '1' });
    expect(parseIntrospectHeaders('Authorization: Bearer a:b\n\nX-Api:  1 ')).toEqual({ Authorization: 'Bearer a:b', 'X-Api': '1' });
  });

  it.each([
    ['broken JSON', '{"a":', 'the JSON does not parse'],
    ['a JSON array', '["a"]', 'expected a JSON object of strings'],
    ['a non-string value', '{"X-Count": 1}', 'the value of header X-Count must be a string'],
    ['a bad header name', '{"Bad Name": "v"}', 'is not a valid header name'],
    ['a line without colon', 'Authorization Bearer x', 'line 1 is not `Name: value`'],
  ])('rejects %s without echoing values', (_case, raw, message) => {
    const error = captured(() => parseIntrospectHeaders(raw));
    expect(error.message).toContain(message);
    expect(error.message).not.toContain('Bearer');
  });
});

function captured(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}
