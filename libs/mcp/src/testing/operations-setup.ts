/**
 * Test setup of the operation tools: an operations folder in a temporary directory holding a file
 * for every rule of docs/wire.md §5, the real GraphQL API of testing/graphql-api.server.ts, and the
 * bridge's MCP server behind the SDK's own client (in memory) with a log of what the catalog logged.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { BridgeLogger } from '../logger.js';
import { startGraphqlApi, EMPLOYEES_SDL, type GraphqlApiServer } from './graphql-api.server.js';
import { harness, type Harness } from './mcp-harness.js';
import { GraphqlApiClient, type GraphqlApiOptions } from '../operations/graphql-api.client.js';
import { OperationCatalog } from '../operations/operation-catalog.js';
import { RESERVED_TOOL_NAMES } from '../operations/operation-tools.factory.js';
import { OperationTools, type OperationToolsOptions } from '../operations/operation-tools.js';

/** One file per rule: served ones, and one for every way a file is skipped. */
export const OPERATION_FILES: Readonly<Record<string, string>> = {
  'GetEmployee.graphql':
    '"""Reads one employee: name and mood."""\nquery GetEmployee(\n  "The id of the employee"\n  $id: ID!\n) { employee(id: $id) { id name mood } }\n',
  'FindEmployees.graphql':
    'query FindEmployees($criteria: SearchInput, $withDepartment: Boolean = false) { findEmployees(criteria: $criteria) { id name department @include(if: $withDepartment) } }\n',
  'billing/listEmployees.gql': '{ employees { id name } }\n',
  'UpdateMood.graphql': 'mutation UpdateMood($employeeID: ID!, $mood: Mood!) { updateMood(employeeID: $employeeID, mood: $mood) { id name mood } }\n',
  'Broken.graphql': 'query Broken { broken employees { id } }\n',
  'OnlyBroken.graphql': 'query OnlyBroken { mustFail }\n',
  'Slow.graphql': 'query Slow($ms: Int!) { slow(ms: $ms) }\n',
  'WhoAmI.graphql': 'query WhoAmI { whoami }\n',
  'Big.graphql': 'query Big($size: Int!) { big(size: $size) }\n',
  'notes.txt': 'not an operation file',
  'bad/syntax.graphql': 'query {',
  'bad/two.graphql': 'query A { employees { id } } query B { employees { id } }',
  'bad/unknown-field.graphql': 'query UnknownField { salary }',
  'bad/subscription.graphql': 'subscription MoodChanged { moodChanged { id } }',
  'dup/GetEmployee.graphql': 'query GetEmployee { employees { id } }',
  'dup/getEmployeeCase.graphql': 'query getEmployee { employees { id } }',
};

export interface LogLine {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

export function memoryLogger(lines: LogLine[]): BridgeLogger {
  const at = (level: string) => (fields: object, message: string) => void lines.push({ level, fields: fields as Record<string, unknown>, message });
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export interface OperationsSetup {
  dir: string;
  api: GraphqlApiServer;
  catalog: OperationCatalog;
  tools: OperationTools;
  h: Harness;
  logs: LogLine[];
  /** Tool names seen by the client's list-changed handler, newest last. */
  changes: string[][];
  listed(): Promise<Tool[]>;
  write(file: string, text: string): Promise<void>;
  close(): Promise<void>;
}

export interface SetupOptions {
  files?: Readonly<Record<string, string>>;
  upstream?: Partial<GraphqlApiOptions>;
  tools?: Partial<Omit<OperationToolsOptions, 'catalog' | 'client'>>;
  omitToolNamePrefix?: boolean;
  excludeMutations?: boolean;
  sdl?: string;
}

export async function setupOperations(options: SetupOptions = {}): Promise<OperationsSetup> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-operations-'));
  const write = async (file: string, text: string) => {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), text);
  };
  for (const [file, text] of Object.entries(options.files ?? OPERATION_FILES)) await write(file, text);
  const api = await startGraphqlApi();
  const logs: LogLine[] = [];
  const catalog = new OperationCatalog({
    dir,
    omitToolNamePrefix: options.omitToolNamePrefix ?? false,
    excludeMutations: options.excludeMutations ?? false,
    reserved: RESERVED_TOOL_NAMES,
    debounceMs: 20,
    logger: memoryLogger(logs),
  });
  catalog.setSchema(options.sdl ?? EMPLOYEES_SDL);
  await catalog.start();
  const client = new GraphqlApiClient({
    endpoint: api.url,
    headers: {},
    timeoutMs: 5_000,
    maxResponseBytes: 1024 * 1024,
    forwardHeaders: [],
    ...options.upstream,
  });
  const tools = new OperationTools({
    catalog,
    client,
    operationInfo: true,
    exposeSchema: false,
    arbitraryOperations: false,
    arbitraryMutations: false,
    ...options.tools,
  });
  const changes: string[][] = [];
  const mcpClient = new Client(
    { name: 'spec', version: '1.0.0' },
    { listChanged: { tools: { debounceMs: 0, onChanged: (_error, listed) => void changes.push((listed ?? []).map((t) => t.name)) } } },
  );
  const h = await harness({ operations: tools, client: mcpClient });
  return {
    dir,
    api,
    catalog,
    tools,
    h,
    logs,
    changes,
    listed: async () => (await h.client.listTools()).tools,
    write,
    close: async () => {
      await h.close();
      await catalog.close();
      await api.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
