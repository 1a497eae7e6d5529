/**
 * Reading a model's text: reasoning removed, tool calls in the shapes models write them, bare
 * JSON answers taken as submissions; and the failure kinds of the endpoints' refusals.
 */
import { describe, expect, it } from '@jest/globals';
import { classifyHttpFailure } from './model-failure.js';
import { argumentsText, toolCallsInText, withoutReasoning } from './text-answer.js';

const SUBMIT = { operations: [{ document: '{ a }', description: 'A.' }], unsatisfied: [] };

describe('text answers', () => {
  it('removes reasoning blocks, closed or not', () => {
    expect(withoutReasoning('<think>hmm {"x":1}</think> answer')).toBe('answer');
    expect(withoutReasoning('answer <think>never closed')).toBe('answer');
    expect(withoutReasoning('left over from a template</think>answer')).toBe('answer');
  });

  it.each([
    ['Hermes / Qwen tags', `<tool_call>\n${JSON.stringify({ name: 'submit_operations', arguments: SUBMIT })}\n</tool_call>`],
    ['a json fence', `\`\`\`json\n${JSON.stringify({ name: 'submit_operations', parameters: SUBMIT })}\n\`\`\``],
    ['a bare answer with prose around it', `Here you go: ${JSON.stringify(SUBMIT)} Hope it helps {not json}`],
    ['an OpenAI-shaped call', JSON.stringify({ tool_calls: [{ function: { name: 'submit_operations', arguments: JSON.stringify(SUBMIT) } }] })],
  ])('reads %s as submit_operations', (_name, text) => {
    const [call] = toolCallsInText(text, 3);
    expect(call).toMatchObject({ id: 'text_3_0', name: 'submit_operations' });
    expect(JSON.parse(call!.arguments)).toEqual(SUBMIT);
  });

  it('ignores objects that are neither a known tool nor an answer, and prose without JSON', () => {
    expect(toolCallsInText('{"name": "rm_rf", "arguments": {}} and { employees { id } }', 1)).toEqual([]);
  });

  it('serializes object arguments and unwraps JSON encoded twice', () => {
    expect(argumentsText({ query: 'x' })).toBe('{"query":"x"}');
    expect(argumentsText(JSON.stringify(JSON.stringify({ query: 'x' })))).toBe('{"query":"x"}');
    expect(argumentsText('{"query": "x"')).toBe('{"query": "x"');
  });
});

describe('classifyHttpFailure', () => {
  it.each([
    [400, "This model's maximum context length is 8192 tokens. However, you requested 9000 tokens", 'context_too_long', 8192],
    [400, 'request (9000 tokens) exceeds the available context size (4096 tokens), try increasing it', 'context_too_long', 4096],
    [400, 'The number of tokens to keep from the initial prompt is greater than the context length (n_keep: 5000 >= n_ctx: 4096).', 'context_too_long', 4096],
    [400, 'registry.ollama.ai/library/gemma3:4b does not support tools', 'no_tool_support', undefined],
    [400, '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set', 'no_tool_support', undefined],
    [400, "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", 'max_tokens_unsupported', undefined],
    [404, 'model "qwen" not found, try pulling it first', 'unknown_model', undefined],
    [404, 'DeploymentNotFound The API deployment for this resource does not exist.', 'unknown_model', undefined],
    [401, 'Incorrect API key provided', 'unauthorized', undefined],
    [500, 'error parsing tool call: raw=\'{"name"\', err=unexpected end of JSON input', 'model_output', undefined],
    [500, 'Failed to parse input: does not match the expected format', 'model_output', undefined],
    [503, 'overloaded', 'server_error', undefined],
    [422, 'something else', 'refused', undefined],
  ])('%i %s', (status, message, kind, tokens) => {
    const failure = classifyHttpFailure(status, message);
    expect(failure.kind).toBe(kind);
    expect(failure.contextTokens).toBe(tokens);
  });
});
