/**
 * The job result of a generation the model endpoint ended: its kind in plain
 * words, the error code the discovery API answers with, and the
 * `discovery-reason` the CLI and the bridge phrase their own text from
 * (docs/models.md "When the endpoint refuses"). "Unreachable" only for an
 * endpoint that did not answer.
 */
import type { GenerateJobResult } from './contract/generate-job.js';
import { GenerationErrorCode } from './contract/generation.errors.js';
import { FAILURE_WORDS, reasonFor, type ModelFailure } from './model-failure.js';

function codeFor(failure: ModelFailure): GenerationErrorCode {
  switch (failure.kind) {
    case 'unreachable':
    case 'timeout':
    case 'server_error':
    case 'malformed_response':
    case 'model_output':
      return GenerationErrorCode.Unavailable;
    case 'rate_limited':
      return GenerationErrorCode.ResourceExhausted;
    default:
      return GenerationErrorCode.Internal;
  }
}

export function modelFailureResult(failure: ModelFailure): GenerateJobResult {
  return {
    status: 'failed',
    code: codeFor(failure),
    message: `Query generation failed: ${FAILURE_WORDS[failure.kind]} (${failure.detail}).`,
    reason: reasonFor(failure.kind),
  };
}
