export {
  GENERATE_QUEUE,
  GENERATE_QUEUE_OPTIONS,
  type GenerateJobData,
  type GenerateJobProgress,
  type GenerateJobResult,
  generationCacheKey,
  GenerationError,
  GenerationErrorCode,
  generationJobId,
  generationKey,
  type JsonSchema,
  normalizePrompt,
  type OperationType,
  type Resolution,
  type ResolvedQuery,
} from './contract/index.js';
export type { GenerationHit, GenerationIndex, GenerationIndexSource, GenerationSearchRequest } from './generation-index.js';
export { deriveVariablesSchema, literalToJson, type ScalarJsonSchemas } from './variables-schema.js';
export { parameterize, type ParameterizeResult, type VariableUsage } from './parameterize.js';
export { checkOperation, type OperationCheck, validationSchema } from './operation-check.js';
export { nameOperation, oneLineDescription, toPascalCase } from './operation-naming.js';
export { finalizeOperation, type FinalizeResult, type SubmittedOperation } from './finalize-operation.js';
export { type MutationPolicy, refusalFor } from './mutation-policy.js';
export {
  ANSWER_SCHEMA,
  describeIssues,
  MAX_TOOL_COORDINATES,
  MAX_TOOL_SEARCH_LIMIT,
  MODEL_TOOLS,
  noDataArgs,
  searchArgs,
  SUBMIT_PARAMETERS,
  submitArgs,
  type SubmitArgs,
  symbolsArgs,
  ToolName,
  validateArgs,
} from './model-tools.js';
export type { AnswerSchema, AttemptOptions, AttemptResult, ChatMessage, ChatModel, ChatReply, ChatRequest, ChatTool, ChatToolCall } from './chat-model.js';
export {
  classifyHttpFailure,
  contextTokensIn,
  errorText,
  FAILURE_WORDS,
  type ModelFailure,
  type ModelFailureKind,
  reasonFor,
  TRANSIENT,
} from './model-failure.js';
export { modelFailureResult } from './model-failure-result.js';
export { callModel, type ModelAttempt, type ModelCallOutcome, type ModelCallSettings, retryAfterMs } from './model-caller.js';
export {
  type ContextPlan,
  conversationTokens,
  fitConversation,
  knownTokens,
  MAX_SLICE_TOKENS,
  messageTokens,
  MIN_SLICE_TOKENS,
  planContext,
  TOKEN_MARGIN,
  toolTokens,
  TRIMMED_RESULT,
} from './context-budget.js';
export { type ContextProbeOptions, OLLAMA_DEFAULT_CONTEXT, probeContextTokens } from './context-probe.js';
export { argumentsText, jsonObjectsIn, toolCallsInText, withoutReasoning } from './text-answer.js';
export { composeDraft, type ComposerDraft } from './compose-draft.js';
export { sliceFieldsOf } from './compose/slice-fields.js';
export { GenerationRun, type RunOptions } from './generation-run.js';
export {
  type AnswerMode,
  type ModelDraft,
  NUDGE_JSON,
  NUDGE_SHORTER,
  NUDGE_TOOL_CALL,
  openingMessages,
  type PromptOptions,
  requestMessage,
  SWITCH_TO_JSON,
  systemPrompt,
} from './model-prompt.js';
export {
  ASSUMED_CONTEXT_TOKENS,
  DEFAULT_MAX_OUTPUT_TOKENS,
  type GenerateContext,
  GenerationAbortedError,
  type GenerationHooks,
  type GenerationLog,
  QueryGenerator,
  type QueryGeneratorOptions,
} from './query-generator.js';
export { ReaderIndexSource } from './reader-index.source.js';
export { generationJobHandler, type GenerationWorkerDeps, NO_MODEL_MESSAGE } from './generation-worker.js';
export { queryComposerFromConfig, type QueryGeneratorDeps } from './query-composer.factory.js';
export { asksToChange, NOTHING_MATCHES, QueryComposer, type QueryComposerOptions } from './compose/query-composer.js';
export {
  assembleGenerator,
  createGenerateQueue,
  type GeneratorAssembly,
  type GeneratorAssemblyConfig,
  type GeneratorAssemblyOptions,
} from './generator.assembly.js';
