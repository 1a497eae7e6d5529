/**
 * GenerationRun: the state of one generation's conversation. It holds the
 * messages (rules, request with slice and draft, then the turns), the answer
 * mode (native tool calls, or JSON in the text), the session that runs tool
 * calls, and the window plan; and it turns replies into tool calls, results
 * into messages, and useless answers into the right nudge (switching to JSON
 * answers when tool calls keep failing).
 */
import type { GenerationIndex } from './generation-index.js';
import type { ChatMessage, ChatReply, ChatToolCall } from './chat-model.js';
import type { ComposerDraft } from './compose-draft.js';
import { countTokens } from '@discovery/schema-slice';
import { knownTokens, type ContextPlan } from './context-budget.js';
import { NUDGE_JSON, NUDGE_SHORTER, NUDGE_TOOL_CALL, openingMessages, systemPrompt, SWITCH_TO_JSON, type AnswerMode } from './model-prompt.js';
import { GenerationSession } from './tool-handlers.js';
import { toolCallsInText } from './text-answer.js';
import type { ScalarJsonSchemas } from './variables-schema.js';

export interface RunOptions {
  maxTurns: number;
  allowMutations: boolean;
  scalars?: ScalarJsonSchemas;
}

/** Useless answers in tools mode before the loop asks for JSON instead. */
const NONSENSE_BEFORE_JSON = 2;
/** How much smaller the window is assumed after a context refusal that named no size. */
const SHRINK = 0.75;

export class GenerationRun {
  readonly messages: ChatMessage[];
  readonly session: GenerationSession;
  private useless = 0;
  private shrinks = 0;
  /** Replies received so far. */
  replies = 0;
  /** This opening was made after a refusal for context (it is not re-planned again). */
  refitted = false;

  constructor(
    index: GenerationIndex,
    prompt: string,
    readonly slice: { sdl: string; tokens: number },
    public plan: ContextPlan,
    public mode: AnswerMode,
    private readonly options: RunOptions,
    readonly composed: ComposerDraft | undefined,
  ) {
    this.session = new GenerationSession(index, index.schema, {
      allowMutations: options.allowMutations,
      ...(options.scalars ? { scalars: options.scalars } : {}),
    });
    this.session.textAnswers = mode === 'json';
    this.messages = openingMessages(prompt, slice.sdl, { ...options, mode }, composed?.draft);
    // The slice was counted exactly when it was made: count only the rest of the message.
    const user = this.messages[1] as ChatMessage;
    const text = typeof user.content === 'string' ? user.content : '';
    knownTokens(user, slice.tokens + countTokens(text.replace(slice.sdl.trimEnd(), '')));
  }

  static systemMessage(options: RunOptions, mode: AnswerMode): ChatMessage {
    return { role: 'system', content: systemPrompt({ ...options, mode }) };
  }

  get sliceTokens(): number {
    return this.slice.tokens;
  }

  /** From now on the model answers in JSON; the rules say so (and a note, when the switch happens mid-way). */
  switchToJson(note: boolean): void {
    if (this.mode === 'json') return;
    this.mode = 'json';
    this.session.textAnswers = true;
    this.messages[0] = GenerationRun.systemMessage(this.options, 'json');
    if (note) this.messages.push({ role: 'user', content: SWITCH_TO_JSON });
  }

  /**
   * A turn without anything usable: said so, and after a few in tools mode (or one the server could
   * not parse) the model is asked for JSON instead.
   */
  nonsense(_turn: number, serverCouldNotParse: boolean, cut = false): void {
    this.useless += 1;
    if (this.mode === 'tools' && (serverCouldNotParse || this.useless >= NONSENSE_BEFORE_JSON)) {
      this.switchToJson(true);
      return;
    }
    if (cut) return void this.messages.push({ role: 'user', content: NUDGE_SHORTER });
    this.messages.push({ role: 'user', content: this.mode === 'json' ? NUDGE_JSON : NUDGE_TOOL_CALL });
  }

  /** Keeps the reply in the conversation and returns the calls in it: native ones, else those written in its text. */
  recordReply(reply: ChatReply, turn: number): ChatToolCall[] {
    this.replies += 1;
    if (reply.toolCalls.length > 0) {
      this.messages.push({
        role: 'assistant',
        content: reply.content || null,
        tool_calls: reply.toolCalls.map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } })),
      });
      return reply.toolCalls;
    }
    this.messages.push({ role: 'assistant', content: reply.content || '(no answer)' });
    return reply.finishReason === 'length' ? [] : toolCallsInText(reply.content, turn);
  }

  /** Runs the calls; results go back as tool messages (native calls) or one user message (calls in text). */
  async runCalls(calls: readonly ChatToolCall[], native: boolean): Promise<boolean> {
    let finished = false;
    const texts: string[] = [];
    for (const call of calls) {
      const result = await this.session.run(call);
      if (native) this.messages.push({ role: 'tool', tool_call_id: call.id, content: result.content });
      else texts.push(`Result of ${call.name}: ${result.content}`);
      finished ||= result.finished === true;
    }
    if (texts.length > 0) this.messages.push({ role: 'user', content: texts.join('\n') });
    return finished;
  }

  /**
   * After a refusal for context: the window is smaller than assumed (as the endpoint said, or by a
   * quarter), so later requests are trimmed to it. False when that cannot help any more.
   */
  shrink(contextTokens: number | undefined): boolean {
    if (this.shrinks >= 2) return false;
    this.shrinks += 1;
    const smaller = contextTokens !== undefined && contextTokens < this.plan.contextTokens ? contextTokens : Math.floor(this.plan.contextTokens * SHRINK);
    const maxOutputTokens = Math.min(this.plan.maxOutputTokens, Math.floor(smaller / 2));
    this.plan = { ...this.plan, contextTokens: smaller, maxOutputTokens };
    return true;
  }
}
