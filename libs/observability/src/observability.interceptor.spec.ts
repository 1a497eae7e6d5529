import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { Code, ConnectError, createClient, createRouterTransport } from '@connectrpc/connect';
import { YokoService } from '@discovery/proto';
import { createLogger } from './logger.js';
import { Metrics } from './metrics.js';
import { codeName, observabilityInterceptor } from './observability.interceptor.js';
import { currentRequestId } from './request-context.js';

function setup() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      callback();
    },
  });
  const logger = createLogger({ service: 'indexer', level: 'debug', destination });
  const metrics = new Metrics({ service: 'indexer', processMetrics: false });
  const seen: Array<string | undefined> = [];
  const transport = createRouterTransport(
    (router) =>
      router.service(YokoService, {
        listIndexes: () => {
          seen.push(currentRequestId());
          logger.info('listing');
          return { indexes: [] };
        },
        getIndex: (request) => {
          if (request.indexId === 'missing') throw new ConnectError('no such index', Code.NotFound);
          throw new Error('store exploded with Bearer sd_abcdefghijklmnopqrstuvwxyz');
        },
      }),
    { router: { interceptors: [observabilityInterceptor({ metrics, logger })] } },
  );
  return { client: createClient(YokoService, transport), lines, metrics, seen };
}

async function count(metrics: Metrics, method: string, code: string): Promise<number | undefined> {
  const values = (await metrics.registry.getSingleMetric('discovery_requests_total')?.get())?.values ?? [];
  return values.find((value) => value.labels['method'] === method && value.labels['code'] === code)?.value;
}

describe('observabilityInterceptor', () => {
  it('runs the call under the caller request id, echoes it and logs with it', async () => {
    const { client, lines, metrics, seen } = setup();
    let echoed: string | null = null;
    await client.listIndexes({}, { headers: { 'x-request-id': 'router-req-7' }, onHeader: (headers) => (echoed = headers.get('x-request-id')) });
    expect(seen).toEqual(['router-req-7']);
    expect(echoed).toBe('router-req-7');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ msg: 'listing', requestId: 'router-req-7' });
    expect(await count(metrics, 'ListIndexes', 'ok')).toBe(1);
  });

  it('makes up a request id when none (or an unsafe one) is sent', async () => {
    const { client, seen } = setup();
    await client.listIndexes({});
    await client.listIndexes({}, { headers: { 'x-request-id': 'x'.repeat(500) } });
    expect(seen).toHaveLength(2);
    for (const id of seen) expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('records error codes and logs server faults without secrets', async () => {
    const { client, lines, metrics } = setup();
    await expect(client.getIndex({ indexId: 'missing' })).rejects.toMatchObject({ code: Code.NotFound });
    const fault = await client.getIndex({ indexId: 'boom' }).catch((error: unknown) => ConnectError.from(error));
    expect(fault).toMatchObject({ code: Code.Internal });
    expect((fault as ConnectError).rawMessage).toMatch(/^internal error \(request [0-9a-f-]{36}\)$/);
    expect(await count(metrics, 'GetIndex', 'not_found')).toBe(1);
    expect(await count(metrics, 'GetIndex', 'internal')).toBe(1);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.map((record) => [record['level'], record['code']])).toEqual([
      ['debug', 'not_found'],
      ['error', 'internal'],
    ]);
    expect(lines.join('\n')).not.toContain('sd_abcdefghijklmnopqrstuvwxyz');
    expect(lines.join('\n')).toContain('store exploded with Bearer [REDACTED]');
  });

  it('names codes as Connect writes them', () => {
    expect(codeName(Code.NotFound)).toBe('not_found');
    expect(codeName(Code.PermissionDenied)).toBe('permission_denied');
    expect(codeName(Code.Unauthenticated)).toBe('unauthenticated');
  });
});
