/**
 * Mutation policy: operations that change data are returned only when the
 * operator allows them (GENERATE_ALLOW_MUTATIONS). The flag comes from
 * configuration alone: no prompt or schema text reaches this decision.
 */
import type { OperationType } from './contract/generate-job.js';

export interface MutationPolicy {
  readonly allowMutations: boolean;
}

/** Undefined when `operationType` is allowed, else the unsatisfied reason to report. */
export function refusalFor(operationType: OperationType, policy: MutationPolicy, description: string): string | undefined {
  if (operationType !== 'mutation' || policy.allowMutations) return undefined;
  const what = description.trim() === '' ? 'a change to data' : `"${description.trim()}"`;
  return `Changing data is not allowed on this service: generating mutations is off, the default (the operator turns it on with GENERATE_ALLOW_MUTATIONS=true), so ${what} cannot be generated.`;
}
