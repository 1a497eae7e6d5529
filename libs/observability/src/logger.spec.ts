import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createLogger, flushLogs, requestLogger, type LogLevelName } from './logger.js';
import { currentRequestId, withRequestId } from './request-context.js';

const TOKEN = 'sd_Zm9vYmFyYmF6cXV4cXV1eGZvb2JhcmJhenF1eHF1dXg';
const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJ0ZW5hbnQiOiJhY21lIn0.c2lnbmF0dXJlc2lnbmF0dXJl';

function capture(level: LogLevelName = 'info') {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((line) => line !== ''),
      );
      callback();
    },
  });
  const logger = createLogger({ service: 'indexer', level, destination });
  return { logger, lines, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('createLogger', () => {
  it('writes JSON lines with level, time, service and message', () => {
    const { logger, records } = capture();
    logger.info({ symbols: 12 }, 'index built');
    logger.debug('not at info');
    expect(records()).toEqual([{ level: 'info', time: expect.any(String), service: 'indexer', symbols: 12, msg: 'index built' }]);
  });

  it('never lets a token in a header reach the output, at any depth or in any form', () => {
    const { logger, lines } = capture('trace');
    logger.info({ req: { headers: { authorization: `Bearer ${TOKEN}`, 'x-api-key': TOKEN, cookie: `s=${TOKEN}` } } }, 'call');
    logger.info({ a: { b: { c: { d: { e: { f: { upstream: { headers: new Headers({ Authorization: `Bearer ${JWT}` }) } } } } } } } });
    logger.info({ config: { discoveryTokens: [TOKEN], openaiApiKey: 'sk-abcdefghijklmnopqrstuvwxyz', jwtSecret: 'x'.repeat(40) } });
    logger.warn(`rejected header Bearer ${TOKEN}`);
    logger.warn('upstream said %s', `Authorization: Bearer ${JWT}`);
    logger.error(new Error(`request with ${TOKEN} failed`), 'boom');
    logger.info({ redis: 'redis://:hunter2hunter2@redis:6379/0' }, 'connecting');
    logger
      .child({ token: TOKEN, nested: { authorization: TOKEN } })
      .child({ tenant: 'acme' })
      .info({ headers: [['authorization', TOKEN]] }, `via ${JWT}`);
    const output = lines.join('\n');
    expect(lines).toHaveLength(8);
    for (const secret of [TOKEN, JWT, 'sk-abcdefghijklmnopqrstuvwxyz', 'x'.repeat(40), 'hunter2hunter2']) {
      expect(output).not.toContain(secret);
    }
    expect(output).toContain('[REDACTED]');
  });

  it('keeps useful fields: counts under token-like keys, error type and stack, child bindings', () => {
    const { logger, records } = capture();
    logger
      .child({ tenant: 'acme' })
      .child({ job: 'build' })
      .info({ promptTokens: 512, err: new TypeError('bad input') });
    const [record] = records();
    expect(record).toMatchObject({ tenant: 'acme', job: 'build', promptTokens: 512 });
    expect(record?.['err']).toMatchObject({ type: 'TypeError', message: 'bad input', stack: expect.stringContaining('TypeError') });
  });

  it('replaces SDL and prompt bodies with their length', () => {
    const { logger, lines } = capture();
    logger.info({ sdl: 'type Query { secretField: Int }', request: { prompt: 'list my private repos' } });
    expect(lines[0]).not.toContain('secretField');
    expect(lines[0]).not.toContain('private repos');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ sdl: '[31 chars omitted]', request: { prompt: '[21 chars omitted]' } });
  });

  it('survives circular and very deep objects', () => {
    const { logger, records } = capture();
    const circular: Record<string, unknown> = { name: 'loop' };
    circular['self'] = circular;
    logger.info({ circular });
    expect(records()[0]?.['circular']).toEqual({ name: 'loop', self: '[Circular]' });
  });

  it('adds the request id inside withRequestId, also across awaits', async () => {
    const { logger, records } = capture();
    await withRequestId('req-42', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      logger.info('inside');
      requestLogger(logger).info('child');
    });
    logger.info('outside');
    const [inside, child, outside] = records();
    expect(inside?.['requestId']).toBe('req-42');
    expect(child?.['requestId']).toBe('req-42');
    expect(outside?.['requestId']).toBeUndefined();
  });
});

describe('request ids', () => {
  it('keeps a safe caller id and replaces an unsafe or missing one', () => {
    expect(withRequestId('abc-123', () => currentRequestId())).toBe('abc-123');
    expect(withRequestId('bad id\nwith newline', () => currentRequestId())).toMatch(/^[0-9a-f-]{36}$/);
    expect(withRequestId(undefined, () => currentRequestId())).toMatch(/^[0-9a-f-]{36}$/);
    expect(currentRequestId()).toBeUndefined();
  });
});

describe('flushLogs', () => {
  it('resolves once asynchronously written lines are out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flush-logs-'));
    try {
      const destination = pino.destination({ dest: join(dir, 'log'), sync: false, mkdir: true });
      await new Promise((resolve) => destination.once('ready', resolve));
      const logger = createLogger({ service: 'test', destination });
      for (let i = 0; i < 200; i++) logger.info({ i }, 'line');
      logger.info('test stopped');
      await flushLogs(logger);
      expect(readFileSync(join(dir, 'log'), 'utf8')).toContain('"msg":"test stopped"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
