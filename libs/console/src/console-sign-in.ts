/**
 * The local user's way into the console of `serve` without a token prompt: serve prints the
 * console's URL with a one-time secret in its fragment (`#sign-in=<secret>`: a fragment never
 * reaches a server, a log or a Referer). The page sends it once to POST /console/session and gets
 * the API token serve made for local clients, which it keeps in the tab's sessionStorage only:
 * no cookie, so no other page (another local server's included) can act with it. The secret is
 * compared in constant time and works once; a new one is made when serve starts again.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export class ConsoleSignIn {
  private secretHash: Buffer | undefined;

  /** `token`: what a signed-in page sends as its bearer token (undefined: the API has no auth). */
  constructor(private readonly token: string | undefined) {
    this.secretHash = undefined;
  }

  /** Makes the one-time secret (replacing any unused one) and returns it. */
  issue(): string {
    const secret = randomBytes(32).toString('base64url');
    this.secretHash = sha256(secret);
    return secret;
  }

  /** The session for a secret, once: `{ token }` (empty without auth), or undefined when it does not match or was used. */
  redeem(secret: unknown): { token: string } | undefined {
    if (typeof secret !== 'string' || this.secretHash === undefined) return undefined;
    if (!timingSafeEqual(sha256(secret), this.secretHash)) return undefined;
    this.secretHash = undefined;
    return { token: this.token ?? '' };
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
