/**
 * The shape every MCP tool of the bridge has: its public description (name, title, text for the
 * model, input and output schemas, annotations) and the function that runs it against the
 * discovery service once the input is valid and a servable index is known.
 */
import type { Client } from '@connectrpc/connect';
import type { GenerateJobResult } from '@discovery/generation';
import type { DiscoveryService, YokoService } from '@discovery/proto';
import type { z } from 'zod';

export type DiscoveryClient = Client<typeof YokoService>;
/** Our own discovery.v1 service on the same indexer (GetSchemaSlice). */
export type DiscoveryApiClient = Client<typeof DiscoveryService>;

/** What a tool needs to run one call. */
export interface ToolContext {
  /** The adopted, servable index (`sha256:...`). */
  indexId: string;
  client: DiscoveryClient;
  api: DiscoveryApiClient;
  /** Aborted when the MCP client cancels the call. */
  signal: AbortSignal;
  /** Deadline for the discovery call, in milliseconds. */
  timeoutMs: number;
  /** The GraphQL endpoint agents run operations against, when configured. */
  graphqlEndpoint?: string;
  /** The MCP client's own model (sampling), when it declares the capability and the bridge may use it. */
  clientModel?: { generate(prompt: string): Promise<GenerateJobResult> };
}

export interface ToolAnnotations {
  title: string;
  readOnlyHint: true;
  destructiveHint: false;
  idempotentHint: boolean;
  openWorldHint: false;
}

export interface ToolDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  annotations: ToolAnnotations;
  /** Whether the call may run long (its deadline is the generation timeout, not the RPC one). */
  slow: boolean;
  run(args: z.output<I>, ctx: ToolContext): Promise<z.output<O>>;
}

/** Annotations shared by every tool: all of them only read. */
export function readOnlyAnnotations(title: string, idempotent: boolean): ToolAnnotations {
  return {
    title,
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: idempotent,
    openWorldHint: false,
  };
}
