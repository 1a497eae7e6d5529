/**
 * A progress line on stderr for long waits (index builds): an activity bar,
 * the state and the elapsed time, redrawn in place on a terminal. Off when
 * stderr is not a TTY or with --json, so scripts see no control characters.
 */
import type { Streams } from './output.js';

const WIDTH = 24;

export class ProgressLine {
  private frame = 0;
  private drawn = false;
  private readonly started: number;

  constructor(
    private readonly stderr: Streams['stderr'],
    private readonly enabled: boolean,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now();
  }

  /** Redraws with `label`; `fraction` (0..1) fills the bar, otherwise a block moves to show activity. */
  update(label: string, fraction?: number): void {
    if (!this.enabled) return;
    this.frame += 1;
    const seconds = ((this.now() - this.started) / 1000).toFixed(0);
    this.stderr.write(`\r\x1b[2K${renderBar(this.frame, fraction)} ${label} ${seconds}s`);
    this.drawn = true;
  }

  /** Clears the line. */
  done(): void {
    if (this.drawn) this.stderr.write('\r\x1b[2K');
    this.drawn = false;
  }
}

/** `[#####.....]` for a fraction; a moving `###` block when the fraction is unknown. */
export function renderBar(frame: number, fraction?: number): string {
  if (fraction !== undefined) {
    const filled = Math.round(Math.min(Math.max(fraction, 0), 1) * WIDTH);
    return `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}]`;
  }
  const span = WIDTH - 3;
  const step = frame % (2 * span);
  const at = step <= span ? step : 2 * span - step;
  return `[${'.'.repeat(at)}###${'.'.repeat(WIDTH - 3 - at)}]`;
}
