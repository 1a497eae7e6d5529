/**
 * An in-memory bridge for tests: the bridge's MCP server behind the SDK's own client over
 * InMemoryTransport, backed by a FakeDiscoveryService (in memory unless a client is given).
 */
import { createClient } from '@connectrpc/connect';
import { DiscoveryService, IndexStatus, YokoService } from '@discovery/proto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createBridgeServer } from '../bridge-server.factory.js';
import { IndexSync } from '../index-sync/index-sync.js';
import type { DiscoveryApiClient, DiscoveryClient } from '../tool-definition.js';
import type { OperationTools } from '../operations/operation-tools.js';
import { FakeDiscoveryService } from './fake-discovery.service.js';
import { waitFor } from './wait-for.js';

export const SDL = 'type Query { employees: [Employee!]! }\ntype Employee { id: ID! mood: Mood }\nenum Mood { HAPPY SAD }\n';

export interface Harness {
  fake: FakeDiscoveryService;
  sync: IndexSync;
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function harness(
  options: {
    status?: IndexStatus;
    discovery?: DiscoveryClient;
    api?: DiscoveryApiClient;
    graphqlEndpoint?: string;
    operations?: OperationTools;
    client?: Client;
  } = {},
): Promise<Harness> {
  const fake = new FakeDiscoveryService();
  fake.initialStatus = options.status ?? IndexStatus.READY;
  fake.records.set('object:Employee', { Coordinate: 'object:Employee', Fields: { id: 'ID!', mood: 'Mood' } });
  fake.records.set('field:Employee.mood', { Coordinate: 'field:Employee.mood', TypeRef: 'Mood' });
  fake.records.set('enum:Mood', { Coordinate: 'enum:Mood', Values: [{ Name: 'HAPPY' }, { Name: 'SAD' }] });
  const discovery = options.discovery ?? createClient(YokoService, fake.transport());
  const sync = new IndexSync({ client: discovery, pollIntervalMs: 5, maxRetryMs: 20 });
  const server = createBridgeServer({
    sync,
    client: discovery,
    api: options.api ?? createClient(DiscoveryService, fake.transport()),
    progressIntervalMs: 5,
    ...(options.graphqlEndpoint ? { graphqlEndpoint: options.graphqlEndpoint } : {}),
    ...(options.operations ? { operations: options.operations } : {}),
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = options.client ?? new Client({ name: 'spec', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    fake,
    sync,
    client,
    call: async (name, args) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: async () => {
      sync.close();
      await client.close();
      await server.close();
    },
  };
}

export function text(result: CallToolResult): string {
  const first = result.content[0];
  if (first?.type !== 'text') throw new Error('expected a text result');
  return first.text;
}

export async function ready(h: Harness): Promise<void> {
  h.sync.offer(SDL);
  await waitFor(() => h.sync.status().servingIndexId, 'the index to be adopted');
}
