/**
 * Makes "the same schema with 1 % of its fields changed" for the rebuild
 * benchmark: a new description on every hundredth field definition that has
 * none, so the SDL (and those symbols' texts) change and the rest stays equal.
 */
const FIELD_LINE = /^( {2,4})[_A-Za-z][_0-9A-Za-z]*(\(|:)/;

export function changeOnePercentOfFields(sdl: string): { sdl: string; changed: number } {
  const lines = sdl.split('\n');
  const out: string[] = [];
  let fields = 0;
  let changed = 0;
  let inType = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^(type|interface|input)\s/.test(line)) inType = true;
    else if (line.startsWith('}')) inType = false;
    const match = inType ? FIELD_LINE.exec(line) : null;
    if (match) {
      fields += 1;
      const previous = (lines[i - 1] ?? '').trim();
      const described = previous.endsWith('"') ;
      if (fields % 100 === 0 && !described) {
        out.push(`${match[1]}"Changed for the rebuild benchmark (field ${fields})."`);
        changed += 1;
      }
    }
    out.push(line);
  }
  return { sdl: out.join('\n'), changed };
}
