/**
 * TenantLimiter: fair share of the expensive calls per tenant (issue 23
 * finding 9). Each tenant may have at most `limit` calls of one kind running
 * at once in this process; one more is refused at once with
 * `resource_exhausted` naming the limit's variable, so one tenant looping
 * slices or generations cannot queue the others behind it.
 */
import { DiscoveryError, DiscoveryErrorCode } from './discovery.errors.js';

export interface TenantLimit {
  /** Calls one tenant may have running at once. */
  limit: number;
  /** What the calls are, for the message (`GetSchemaSlice calls`). */
  what: string;
  /** The configuration variable of the limit. */
  variable: string;
}

export class TenantLimiter {
  private readonly running = new Map<string, number>();
  /** Calls refused since start (metrics, tests). */
  refused = 0;

  constructor(private readonly limit: TenantLimit) {}

  /** Runs `work` for `tenant` within its share; refuses at once when the tenant is at its limit. */
  async run<T>(tenant: string, work: () => Promise<T>): Promise<T> {
    const now = this.running.get(tenant) ?? 0;
    if (now >= this.limit.limit) {
      this.refused += 1;
      throw new DiscoveryError(
        DiscoveryErrorCode.ResourceExhausted,
        `${now} ${this.limit.what} of this tenant are running, the most one tenant may have at once (${this.limit.variable}=${this.limit.limit}); retry when one has finished`,
      );
    }
    this.running.set(tenant, now + 1);
    try {
      return await work();
    } finally {
      const left = (this.running.get(tenant) ?? 1) - 1;
      if (left === 0) this.running.delete(tenant);
      else this.running.set(tenant, left);
    }
  }
}
