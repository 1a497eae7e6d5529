/**
 * `@discovery/generation/openai`: the parts of generation that load the `openai` client (the chat
 * model over an OpenAI-compatible endpoint and the factory that makes it from configuration).
 * Kept out of the main entry so that importing generation does not load the client: the
 * generator's assembly imports the factory dynamically, only when LLM_MODEL is set.
 */
export { normalizingFetch, OpenAiChatModel, type OpenAiChatModelOptions, replyOf } from '../openai-chat.model.js';
export { chatClient, queryGeneratorFromConfig } from '../query-generator.factory.js';
