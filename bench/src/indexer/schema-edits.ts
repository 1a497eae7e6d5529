/**
 * Makes "the same schema with 1 % of its fields changed" for the rebuild
 * benchmark: every hundredth field definition gets a changed description (a
 * sentence added to the one it has, or a new one), so the SDL and those
 * symbols' texts change while the rest stays byte for byte the same.
 * `offset` (0-99) picks which field of each hundred, for a series of different edits.
 */
const FIELD_LINE = /^( {2,4})[_A-Za-z][_0-9A-Za-z]*\s*(\(|:)/;

export function changeOnePercentOfFields(sdl: string, offset = 0): { sdl: string; changed: number } {
  const out = sdl.split('\n');
  let fields = 0;
  let changed = 0;
  let inType = false;
  for (let i = 0; i < out.length; i++) {
    const line = out[i]!;
    if (/^(type|interface|input)\s/.test(line) || /^extend (type|interface|input)\s/.test(line)) inType = true;
    else if (line.startsWith('}')) inType = false;
    const match = inType ? FIELD_LINE.exec(line) : null;
    if (!match) continue;
    fields += 1;
    if (fields % 100 !== offset) continue;
    const note = `Changed for the rebuild benchmark (field ${fields}).`;
    const previous = out[i - 1] ?? '';
    if (previous.trim() === '"""') {
      out.splice(i - 1, 0, `${match[1]}${note}`); // a new last line inside the block description
      i += 1;
    } else if (/"\s*$/.test(previous) && !previous.trim().startsWith('"""')) {
      out[i - 1] = previous.replace(/"\s*$/, ` ${note}"`); // one-line description
    } else if (previous.trim().endsWith('"""')) {
      out[i - 1] = previous.replace(/"""\s*$/, ` ${note}"""`); // one-line block description
    } else {
      out.splice(i, 0, `${match[1]}"${note}"`);
      i += 1;
    }
    changed += 1;
  }
  return { sdl: out.join('\n'), changed };
}
