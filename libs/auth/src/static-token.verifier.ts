/**
 * StaticTokenVerifier: matches a presented token against the configured
 * SHA-256 hashes. The token is hashed, then compared with every configured
 * hash using crypto.timingSafeEqual, without stopping at a match, so the time
 * taken does not depend on which hash matched or how much of it did.
 */
import { createHash, timingSafeEqual as nodeTimingSafeEqual } from 'node:crypto';
import type { Principal, Scope } from './principal.js';

export interface StaticToken {
  readonly tenant: string;
  /** SHA-256 of the token, 64 lowercase hex. */
  readonly sha256: string;
  readonly scopes: readonly Scope[];
}

/** The comparison used; injectable only so tests can prove the constant-time path runs. */
export type TimingSafeEqual = (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => boolean;

interface Entry {
  readonly hash: Buffer;
  readonly principal: Principal;
}

export class StaticTokenVerifier {
  private readonly entries: readonly Entry[];

  constructor(
    tokens: readonly StaticToken[],
    private readonly timingSafeEqual: TimingSafeEqual = nodeTimingSafeEqual,
  ) {
    this.entries = tokens.map((token) => {
      if (!/^[0-9a-f]{64}$/.test(token.sha256)) {
        throw new TypeError(`static token of tenant ${token.tenant}: sha256 must be 64 lowercase hex characters`);
      }
      return {
        hash: Buffer.from(token.sha256, 'hex'),
        principal: Object.freeze({
          tenant: token.tenant,
          scopes: new Set(token.scopes),
          subject: `token:${token.sha256.slice(0, 12)}`,
        }),
      };
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /** The principal of the matching token, or undefined. Always compares against every entry. */
  verify(token: string): Principal | undefined {
    const presented = createHash('sha256').update(token, 'utf8').digest();
    let match: Principal | undefined;
    for (const entry of this.entries) {
      const equal = this.timingSafeEqual(presented, entry.hash);
      match = equal && match === undefined ? entry.principal : match;
    }
    return match;
  }
}
