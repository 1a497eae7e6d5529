/**
 * generate_query through the MCP client's own model (docs/models.md
 * "Sampling"): the same model loop as the generator (QueryGenerator), run in
 * the bridge with two adapters: the client's model through sampling (JSON
 * answers, one attempt a round) and an index over the discovery API. It slices
 * the schema for the request, shows the composer's draft, validates what comes
 * back against the schema, repairs with the errors for at most MAX_ROUNDS
 * rounds within the budget, and parameterizes the result with its variables
 * schema. Mutations are never written here (the service's policy is not known).
 */
import { QueryComposer, QueryGenerator, type GenerateJobResult, type GenerationLog } from '@discovery/generation';
import type { DiscoveryClient } from '../tool-definition.js';
import { ApiGenerationIndex, LocalSchemas } from './api-generation.index.js';
import { SamplingChatModel, type SamplingSender } from './sampling-chat.model.js';

/** Rounds of asking the client's model (the first answer and its repairs). */
export const MAX_ROUNDS = 3;

export interface ClientModelRequest {
  prompt: string;
  indexId: string;
  /** The SDL the bridge serves for `indexId`. */
  sdl: string;
  client: DiscoveryClient;
  send: SamplingSender;
  signal: AbortSignal;
}

export class ClientModelGeneration {
  private readonly schemas = new LocalSchemas();
  private readonly composer = new QueryComposer({ allowMutations: false });

  constructor(
    private readonly options: { timeoutMs: number; maxOutputTokens?: number },
    private readonly log: GenerationLog = { info: () => undefined, warn: () => undefined },
  ) {}

  async generate(request: ClientModelRequest): Promise<GenerateJobResult> {
    const local = this.schemas.of(request.indexId, request.sdl);
    const index = new ApiGenerationIndex(local, request.client, request.indexId, request.signal);
    const generator = new QueryGenerator(
      new SamplingChatModel(request.send),
      {
        maxTurns: MAX_ROUNDS,
        timeoutMs: this.options.timeoutMs,
        callTimeoutMs: this.options.timeoutMs,
        allowMutations: false,
        maxOutputTokens: this.options.maxOutputTokens ?? 1024,
        composer: this.composer,
      },
      this.log,
    );
    return generator.generate(index, request.prompt, { signal: request.signal });
  }
}
