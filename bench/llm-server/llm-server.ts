/**
 * Bench only: a small OpenAI-compatible chat server over node-llama-cpp (CPU), for measuring the
 * model loop with a real local model (docs/models.md "Measured"). It renders Qwen2.5's ChatML
 * template itself (tools in the system message, results in <tool_response>), parses
 * <tool_call> blocks into tool_calls as llama.cpp's server does with --jinja (a block that does not
 * parse is HTTP 500 "Failed to parse tool call", as there), constrains answers to a JSON schema
 * through a grammar when `response_format` asks for one, answers one request at a time, and
 * reports its window on /props. The product never loads this file or its dependency.
 *
 *   node bench/llm-server/llm-server.ts --model ~/.cache/discovery-bench/models/qwen2.5-coder-1.5b.gguf --ctx 8192 --port 8091
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseArgs } from 'node:util';
import { getLlama, LlamaCompletion, type LlamaGrammar } from 'node-llama-cpp';

const { values } = parseArgs({
  options: {
    model: { type: 'string' },
    ctx: { type: 'string', default: '8192' },
    port: { type: 'string', default: '8091' },
    threads: { type: 'string', default: '2' },
  },
});
if (!values.model) throw new Error('--model <file.gguf> is required');
const contextSize = Number(values.ctx);

const llama = await getLlama({ gpu: false });
const model = await llama.loadModel({ modelPath: values.model });
const context = await model.createContext({ contextSize, threads: Number(values.threads) });
const completion = new LlamaCompletion({ contextSequence: context.getSequence() });
const grammars = new Map<string, LlamaGrammar>();

type Message = { role: string; content?: unknown; tool_calls?: { function: { name: string; arguments: string } }[] };
type Body = {
  messages?: Message[];
  tools?: unknown[];
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  response_format?: { type?: string; json_schema?: { schema?: unknown } };
  stream?: boolean;
};

function text(content: unknown): string {
  if (typeof content === 'string') return content;
  return Array.isArray(content) ? content.map((part) => (part as { text?: string }).text ?? '').join('') : '';
}

const TOOLS_INTRO =
  '\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\nYou are provided with function signatures within <tools></tools> XML tags:\n<tools>\n';
const TOOLS_OUTRO =
  '\n</tools>\n\nFor each function call, return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>';

/** Qwen2.5's chat template (as its tokenizer_config.json has it), rendered. */
function render(body: Body): string {
  const messages = body.messages ?? [];
  let system = messages[0]?.role === 'system' ? text(messages[0].content) : 'You are Qwen, created by Alibaba Cloud. You are a helpful assistant.';
  if (body.tools && body.tools.length > 0) system += TOOLS_INTRO + body.tools.map((tool) => JSON.stringify(tool)).join('\n') + TOOLS_OUTRO;
  let prompt = `<|im_start|>system\n${system}<|im_end|>\n`;
  for (const message of messages[0]?.role === 'system' ? messages.slice(1) : messages) {
    if (message.role === 'tool') prompt += `<|im_start|>user\n<tool_response>\n${text(message.content)}\n</tool_response><|im_end|>\n`;
    else if (message.role === 'assistant') {
      const calls = (message.tool_calls ?? []).map(
        (call) => `<tool_call>\n{"name": "${call.function.name}", "arguments": ${call.function.arguments}}\n</tool_call>`,
      );
      prompt += `<|im_start|>assistant\n${[text(message.content), ...calls].filter(Boolean).join('\n')}<|im_end|>\n`;
    } else prompt += `<|im_start|>${message.role}\n${text(message.content)}<|im_end|>\n`;
  }
  return `${prompt}<|im_start|>assistant\n`;
}

/** <tool_call> blocks as tool calls, or an error when one does not parse (llama.cpp answers 500 then). */
function toolCalls(
  output: string,
): { calls: { id: string; type: 'function'; function: { name: string; arguments: string } }[]; content: string } | { error: string } {
  const blocks = [...output.matchAll(/<tool_call>\s*([\s\S]*?)\s*(?:<\/tool_call>|$)/g)];
  if (blocks.length === 0) return { calls: [], content: output };
  const calls = [];
  for (const [index, block] of blocks.entries()) {
    try {
      const parsed = JSON.parse(block[1] ?? '') as { name?: unknown; arguments?: unknown };
      if (typeof parsed.name !== 'string') throw new Error('no name');
      calls.push({
        id: `call_${index}`,
        type: 'function' as const,
        function: { name: parsed.name, arguments: typeof parsed.arguments === 'string' ? parsed.arguments : JSON.stringify(parsed.arguments ?? {}) },
      });
    } catch {
      return { error: 'Failed to parse tool call: the output does not match the expected format' };
    }
  }
  return { calls, content: output.slice(0, output.indexOf('<tool_call>')).trim() };
}

async function grammarFor(schema: unknown): Promise<LlamaGrammar | undefined> {
  if (!schema) return undefined;
  const key = JSON.stringify(schema);
  if (!grammars.has(key)) grammars.set(key, await llama.createGrammarForJsonSchema(schema as never));
  return grammars.get(key);
}

let queue: Promise<unknown> = Promise.resolve();

async function chat(body: Body): Promise<{ status: number; json: unknown }> {
  const prompt = model.tokenize(render(body), true);
  const maxTokens = body.max_tokens ?? body.max_completion_tokens ?? 1024;
  if (prompt.length + maxTokens > contextSize) {
    const message = `request (${prompt.length + maxTokens} tokens) exceeds the available context size (${contextSize} tokens), try increasing it`;
    return { status: 400, json: { error: { code: 400, message, type: 'exceed_context_size_error', n_prompt_tokens: prompt.length, n_ctx: contextSize } } };
  }
  const grammar = body.response_format?.type === 'json_schema' ? await grammarFor(body.response_format.json_schema?.schema) : undefined;
  const started = performance.now();
  const result = await completion.generateCompletionWithMeta(prompt, {
    maxTokens,
    temperature: body.temperature ?? 0,
    customStopTriggers: ['<|im_end|>', '<|endoftext|>'],
    ...(grammar ? { grammar } : {}),
  });
  const output = result.response;
  const completionTokens = model.tokenize(output).length;
  process.stderr.write(`chat: ${prompt.length} prompt + ${completionTokens} completion tokens in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  const parsed = grammar ? { calls: [], content: output } : toolCalls(output);
  if ('error' in parsed) return { status: 500, json: { error: { code: 500, message: parsed.error, type: 'server_error' } } };
  const finish = result.metadata.stopReason === 'maxTokens' ? 'length' : parsed.calls.length > 0 ? 'tool_calls' : 'stop';
  const message = { role: 'assistant', content: parsed.content || null, ...(parsed.calls.length > 0 ? { tool_calls: parsed.calls } : {}) };
  return {
    status: 200,
    json: {
      id: `chatcmpl-${Date.now()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: 'local',
      choices: [{ index: 0, message, finish_reason: finish }],
      usage: { prompt_tokens: prompt.length, completion_tokens: completionTokens, total_tokens: prompt.length + completionTokens },
    },
  };
}

function send(response: ServerResponse, status: number, json: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(json));
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const route = (request.url ?? '').split('?')[0];
  if (request.method === 'GET' && route === '/props') return send(response, 200, { default_generation_settings: { n_ctx: contextSize }, total_slots: 1 });
  if (request.method === 'GET' && route === '/v1/models') return send(response, 200, { object: 'list', data: [{ id: 'local', object: 'model' }] });
  if (request.method !== 'POST' || route !== '/v1/chat/completions')
    return send(response, 404, { error: { code: 404, message: 'File Not Found', type: 'not_found_error' } });
  const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Body;
  queue = queue.then(
    () => chat(body),
    () => chat(body),
  );
  const answer = queue as Promise<{ status: number; json: unknown }>;
  try {
    const { status, json } = await answer;
    send(response, status, json);
  } catch (error) {
    send(response, 500, { error: { code: 500, message: error instanceof Error ? error.message : String(error), type: 'server_error' } });
  }
}

const server = createServer((request, response) => void handle(request, response));
server.listen(Number(values.port), '127.0.0.1', () =>
  process.stderr.write(`llm-server: ${values.model} (${contextSize} tokens) on http://127.0.0.1:${values.port}/v1\n`),
);
