/**
 * What the CLI prints: data on stdout (human-readable, or one JSON document
 * with --json), messages and errors on stderr. Tables pad columns and cut
 * long cells so a terminal line stays readable. Everything printed is cleaned of terminal
 * escapes, control and hidden characters, whoever wrote it (a schema, a model: issue 23 finding 6).
 */
import type { Writable } from 'node:stream';
import { stripHidden } from '@discovery/schema-symbols/text';

export interface Streams {
  readonly stdout: Writable & { isTTY?: boolean; columns?: number };
  readonly stderr: Writable & { isTTY?: boolean; columns?: number };
}

export class Output {
  constructor(
    private readonly streams: Streams,
    readonly json: boolean,
  ) {}

  /** One line of human output on stdout (ignored with --json). */
  line(text = ''): void {
    if (!this.json) this.streams.stdout.write(`${terminalText(text)}\n`);
  }

  /** The JSON result of the command (only with --json). */
  result(value: unknown): void {
    if (this.json) this.streams.stdout.write(`${JSON.stringify(cleanValue(value), null, 2)}\n`);
  }

  /** A note for people on stderr (kept with --json: stdout stays parseable). */
  note(text: string): void {
    this.streams.stderr.write(`${terminalText(text)}\n`);
  }

  /** Left-aligned columns; the last column is cut to the terminal width. */
  table(rows: string[][], header?: string[]): void {
    if (this.json) return;
    const all = (header ? [header, ...rows] : rows).map((row) => row.map((cell) => terminalText(cell)));
    const widths: number[] = [];
    for (const row of all)
      row.forEach((cell, i) => {
        widths[i] = Math.max(widths[i] ?? 0, cell.length);
      });
    const columns = this.streams.stdout.isTTY ? (this.streams.stdout.columns ?? 120) : Number.POSITIVE_INFINITY;
    for (const row of all) {
      const text = row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ');
      this.line(text.length > columns ? `${text.slice(0, Math.max(columns - 1, 0))}…` : text);
    }
  }
}

/** `text` on one line, cut to `max` characters. */
export function oneLine(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Text as a terminal shows it safely: no escape sequence, control or hidden character, no carriage return. */
export function terminalText(text: string): string {
  return stripHidden(text).replace(/\r/g, '');
}

/** A JSON value with every string (and key) cleaned, for --json output. */
function cleanValue(value: unknown): unknown {
  if (typeof value === 'string') return stripHidden(value);
  if (Array.isArray(value)) return value.map(cleanValue);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [stripHidden(key), cleanValue(entry)]));
}
