/**
 * OpenAiScriptedServer: an OpenAI-compatible HTTP server for tests (node:http
 * on 127.0.0.1, port 0). It answers chat completions with scripted replies in
 * order (tool calls, parallel ones, plain messages with reasoning, HTTP errors
 * with headers, delays, garbage, a hang, or a reply computed from the request)
 * and records every request, so tests drive the real `openai` client and the
 * real model loop. An endpoint profile (scripted-endpoint-profile.ts) makes it
 * behave like vLLM, Ollama, llama.cpp's server, LM Studio, OpenAI or Azure
 * OpenAI: their routes, error bodies, refusals and streaming.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { azureRefusal, errorBody, infoRoute, overflows, refusalFor, type EndpointProfile } from './scripted-endpoint-profile.js';
import { completionBody, sendJson, sendSse } from './scripted-completion.js';

export interface ScriptedToolCall {
  name: string;
  /** An object is JSON-encoded (unless `rawObject`); a string is sent as is (malformed JSON included). */
  arguments: string | Record<string, unknown>;
  id?: string;
}

export type ScriptedReply = (
  | { kind: 'tool_calls'; calls: ScriptedToolCall[]; content?: string; argumentsAsObjects?: boolean }
  | { kind: 'message'; content: string | null; reasoning?: string; finishReason?: string }
  | { kind: 'status'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'garbage'; body: string; status?: number }
  /** Never answers; the connection stays open until the client gives up or the server closes. */
  | { kind: 'hang' }
  /** The reply is computed from the request's body (a scripted model that reads what it was given). */
  | { kind: 'respond'; respond: (body: Record<string, unknown>) => ScriptedReply }
) & { delayMs?: number };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: Record<string, unknown> | undefined;
  /** The prompt did not fit the profile's window (Ollama then drops old messages silently). */
  overflowed?: boolean;
  /** When the request arrived and when its answer was sent (performance.now()). */
  receivedAt: number;
  answeredAt?: number;
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
    readonly profile: EndpointProfile,
  ) {
    this.script = [...script];
  }

  /** Starts a server answering with `script`, in order; when it runs out, every call gets HTTP 500. */
  static async start(script: ScriptedReply[] = [], profile: EndpointProfile = {}): Promise<OpenAiScriptedServer> {
    let instance: OpenAiScriptedServer | undefined;
    const server = createServer((request, response) => {
      if (!instance) return void response.destroy();
      void instance.handle(request, response);
    });
    instance = new OpenAiScriptedServer(server, script, profile);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    return instance;
  }

  /** The server's root (`http://127.0.0.1:<port>`): Azure's resource URL. */
  get rootUrl(): string {
    const address = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  /** Base URL for the `openai` client (`http://127.0.0.1:<port>/v1`). */
  get baseUrl(): string {
    return `${this.rootUrl}/v1`;
  }

  /** Chat completion requests received so far. */
  get completionCalls(): number {
    return this.chatRequests.length;
  }

  /** The chat completion requests, in order. */
  get chatRequests(): RecordedRequest[] {
    return this.requests.filter((request) => (request.path.split('?')[0] ?? '').endsWith('/chat/completions'));
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
    const recorded: RecordedRequest = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body, receivedAt: performance.now() };
    this.requests.push(recorded);
    response.on('finish', () => (recorded.answeredAt = performance.now()));
    const kind = this.profile.kind ?? 'openai';
    const route = (request.url ?? '').split('?')[0] ?? '';
    const info = infoRoute(this.profile, request.method ?? '', route);
    if (info) return sendJson(response, info.status, info.body);
    if (request.method !== 'POST' || !route.endsWith('/chat/completions')) {
      return sendJson(response, 404, errorBody(kind, 404, `no route ${request.method} ${request.url}`));
    }
    const refusal = azureRefusal(this.profile, request.url ?? '', request.headers) ?? (body ? refusalFor(this.profile, body) : undefined);
    if (refusal) return sendJson(response, refusal.status, refusal.body);
    if (body && overflows(this.profile, body)) recorded.overflowed = true;
    let reply = this.script.shift();
    this.callCount += 1;
    if (!reply) return sendJson(response, 500, errorBody(kind, 500, 'scripted server: script exhausted'));
    if (reply.kind === 'respond') reply = reply.respond(body ?? {});
    if (reply.delayMs) await this.delay(reply.delayMs);
    if (response.destroyed) return;
    const stream = this.profile.streamOnly === true || body?.['stream'] === true;
    this.reply(reply, response, typeof body?.['model'] === 'string' ? body['model'] : 'scripted', stream);
  }

  private delay(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.delays.delete(timer);
        resolve();
      }, ms);
      this.delays.add(timer);
    });
  }

  private reply(reply: ScriptedReply, response: ServerResponse, model: string, stream: boolean): void {
    switch (reply.kind) {
      case 'hang':
        this.hanging.add(response);
        response.on('close', () => this.hanging.delete(response));
        return;
      case 'respond':
        sendJson(response, 500, { error: { message: 'a computed reply computed another computed reply' } });
        return;
      case 'status':
        sendJson(response, reply.status, reply.body ?? errorBody(this.profile.kind ?? 'openai', reply.status, `scripted ${reply.status}`), reply.headers);
        return;
      case 'garbage':
        response.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        return void response.end(reply.body);
      default: {
        const completion = completionBody(reply, model, this.callCount);
        if (stream) sendSse(response, completion);
        else sendJson(response, 200, completion);
        return;
      }
    }
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
