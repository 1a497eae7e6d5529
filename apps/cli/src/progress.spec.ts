/**
 * The progress line: bar rendering, redraw only on a terminal, clearing.
 */
import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { ProgressLine, renderBar } from './progress.js';

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: () => void): void {
    this.text += chunk.toString();
    callback();
  }
}

describe('renderBar', () => {
  it.each([
    [0, 0, '[........................]'],
    [0, 0.5, '[############............]'],
    [0, 1, '[########################]'],
    [0, 7, '[########################]'],
  ])('frame %d, fraction %d', (frame, fraction, expected) => {
    expect(renderBar(frame, fraction)).toBe(expected);
  });

  it('moves a block back and forth when the fraction is unknown', () => {
    expect(renderBar(0)).toBe('[###.....................]');
    expect(renderBar(1)).toBe('[.###....................]');
    expect(renderBar(21)).toBe('[.....................###]');
    expect(renderBar(22)).toBe('[....................###.]');
    for (let frame = 0; frame < 100; frame += 1) expect(renderBar(frame)).toHaveLength(26);
  });
});

describe('ProgressLine', () => {
  it('redraws in place with the elapsed time and clears at the end', () => {
    const out = new Capture();
    let now = 1_000;
    const line = new ProgressLine(out, true, () => now);
    now += 3_000;
    line.update('indexing');
    line.done();
    expect(out.text).toBe('\r\x1b[2K[.###....................] indexing 3s\r\x1b[2K');
  });

  it('writes nothing when disabled', () => {
    const out = new Capture();
    const line = new ProgressLine(out, false);
    line.update('indexing');
    line.done();
    expect(out.text).toBe('');
  });
});
