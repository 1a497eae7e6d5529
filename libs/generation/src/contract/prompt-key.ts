/**
 * Prompt normalization and the keys derived from it: identical requests (same
 * index, same normalized prompt) share one job id and one cache entry.
 */
import { createHash } from 'node:crypto';

/** Unicode NFKC, whitespace runs collapsed to one space, trimmed. What the model is given. */
export function normalizePrompt(prompt: string): string {
  return prompt.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/** Hex SHA-256 of (index, normalized prompt, case-folded): the identity of a generation request. */
export function generationKey(indexId: string, prompt: string): string {
  return createHash('sha256')
    .update(`${indexId}\n${normalizePrompt(prompt).toLowerCase()}`)
    .digest('hex');
}

/** Queue job id of a generation request (BullMQ ids may not contain `:`). */
export function generationJobId(indexId: string, prompt: string): string {
  return `gen-${generationKey(indexId, prompt)}`;
}

/** ResultCache key of a generation request (stored under its index). */
export function generationCacheKey(indexId: string, prompt: string): string {
  return `generate:${generationKey(indexId, prompt)}`;
}
