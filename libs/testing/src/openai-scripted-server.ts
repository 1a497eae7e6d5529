/**
 * OpenAiScriptedServer: an OpenAI-compatible HTTP server for tests (node:http
 * on 127.0.0.1, port 0). It answers `POST /v1/chat/completions` with scripted
 * replies in order (tool calls, plain messages, HTTP errors with headers,
 * delays, garbage, a hang) and records every request, so tests drive the real
 * `openai` client and the real model loop.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ScriptedToolCall {
  name: string;
  /** An object is JSON-encoded; a string is sent as is (malformed JSON included). */
  arguments: string | Record<string, unknown>;
  id?: string;
}

export type ScriptedReply = (
  | { kind: 'tool_calls'; calls: ScriptedToolCall[]; content?: string }
  | { kind: 'message'; content: string | null }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'garbage'; body: string; status?: number }
  /** Never answers; the connection stays open until the client gives up or the server closes. */
  | { kind: 'hang' }
) & { delayMs?: number };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: Record<string, unknown> | undefined;
}

/** A reply calling one tool. */
export function toolCallReply(name: string, args: string | Record<string, unknown>, delayMs?: number): ScriptedReply {
  return { kind: 'tool_calls', calls: [{ name, arguments: args }], ...(delayMs !== undefined ? { delayMs } : {}) };
}

/** A reply calling `submit_operations` with the contract's exact argument shape. */
export function submitReply(operations: { document: string; description: string }[], unsatisfied: string[] = []): ScriptedReply {
  return toolCallReply('submit_operations', { operations, unsatisfied });
}

export class OpenAiScriptedServer {
  readonly requests: RecordedRequest[] = [];
  private readonly script: ScriptedReply[];
  private readonly hanging = new Set<ServerResponse>();
  private readonly delays = new Set<NodeJS.Timeout>();
  private callCount = 0;

  private constructor(
    private readonly server: Server,
    script: ScriptedReply[],
  ) {
    this.script = [...script];
  }

  /** Starts a server answering with `script`, in order; when it runs out, every call gets HTTP 500. */
  static async start(script: ScriptedReply[] = []): Promise<OpenAiScriptedServer> {
    let instance: OpenAiScriptedServer | undefined;
    const server = createServer((request, response) => {
      if (!instance) return void response.destroy();
      void instance.handle(request, response);
    });
    instance = new OpenAiScriptedServer(server, script);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return instance;
  }

  /** Base URL for the `openai` client (`http://127.0.0.1:<port>/v1`). */
  get baseUrl(): string {
    const address = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}/v1`;
  }

  /** Chat completion requests received so far. */
  get completionCalls(): number {
    return this.requests.filter((request) => request.path.endsWith('/chat/completions')).length;
  }

  /** Appends replies to the script. */
  push(...replies: ScriptedReply[]): void {
    this.script.push(...replies);
  }

  /** Drops the replies not yet used; returns how many there were. */
  clear(): number {
    return this.script.splice(0).length;
  }

  /** Replies not yet used. */
  get remaining(): number {
    return this.script.length;
  }

  async close(): Promise<void> {
    for (const timer of this.delays) clearTimeout(timer);
    this.delays.clear();
    for (const response of this.hanging) response.destroy();
    this.hanging.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const raw = await readBody(request);
    let body: Record<string, unknown> | undefined;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      body = undefined; // recorded as "not JSON"; the script decides the reply regardless
    }
    this.requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
    if (request.method !== 'POST' || !(request.url ?? '').endsWith('/chat/completions')) {
      return sendJson(response, 404, { error: { message: `no route ${request.method} ${request.url}`, type: 'not_found' } });
    }
    const reply = this.script.shift();
    this.callCount += 1;
    if (!reply) return sendJson(response, 500, { error: { message: 'scripted server: script exhausted', type: 'server_error' } });
    if (reply.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.delays.delete(timer);
          resolve();
        }, reply.delayMs);
        this.delays.add(timer);
      });
    }
    if (response.destroyed) return;
    this.reply(reply, response, typeof body?.['model'] === 'string' ? body['model'] : 'scripted');
  }

  private reply(reply: ScriptedReply, response: ServerResponse, model: string): void {
    switch (reply.kind) {
      case 'hang':
        this.hanging.add(response);
        response.on('close', () => this.hanging.delete(response));
        return;
      case 'status':
        return sendJson(response, reply.status, reply.body ?? { error: { message: `scripted ${reply.status}`, type: 'error' } }, reply.headers);
      case 'garbage':
        response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        return void response.end(reply.body);
      case 'message':
        return sendJson(response, 200, completion(model, this.callCount, { role: 'assistant', content: reply.content }, 'stop'));
      case 'tool_calls': {
        const toolCalls = reply.calls.map((call, index) => ({
          id: call.id ?? `call_${this.callCount}_${index}`,
          type: 'function',
          function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) },
        }));
        const message = { role: 'assistant', content: reply.content ?? null, tool_calls: toolCalls };
        return sendJson(response, 200, completion(model, this.callCount, message, 'tool_calls'));
      }
    }
  }
}

function completion(model: string, n: number, message: Record<string, unknown>, finishReason: string): Record<string, unknown> {
  return {
    id: `chatcmpl-scripted-${n}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: finishReason, logprobs: null }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  };
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
