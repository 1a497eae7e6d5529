/**
 * Collects what the lenient SDL repair changed and renders it as short
 * warnings (one line per kind of repair, naming a few elements, never SDL text).
 */

const NAMES_SHOWN = 8;

export class SdlRepairLog {
  private readonly entries = new Map<string, string[]>();

  /** Records that `subject` (a type, field or directive name) was repaired in the way `what` describes. */
  add(what: string, subject: string): void {
    const subjects = this.entries.get(what);
    if (subjects === undefined) this.entries.set(what, [subject]);
    else subjects.push(subject);
  }

  get size(): number {
    return this.entries.size;
  }

  /** One warning per kind of repair: `<what> (<n>): a, b, c and 4 more`. */
  warnings(): string[] {
    return [...this.entries].map(([what, subjects]) => summarize(what, subjects));
  }
}

/** `<what> (<n>): first names, and N more` with duplicates removed. */
export function summarize(what: string, subjects: readonly string[]): string {
  const unique = [...new Set(subjects)];
  const shown = unique.slice(0, NAMES_SHOWN).join(', ');
  const more = unique.length > NAMES_SHOWN ? ` and ${unique.length - NAMES_SHOWN} more` : '';
  return `${what} (${subjects.length}): ${shown}${more}`;
}
