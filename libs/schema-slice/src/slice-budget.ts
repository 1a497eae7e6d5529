/**
 * The budget of a slice under construction: units of work (enter a type, add a
 * hit, add a field) are tried one at a time against a cap on the estimated
 * o200k tokens and rolled back when they do not fit.
 */
import type { SliceSelection } from './slice-selection.js';

export class BudgetedSlice {
  truncated = false;
  private readonly units: number[] = [];

  constructor(
    readonly selection: SliceSelection,
    public cap: number,
  ) {}

  /** Runs one unit of work; keeps it only if the estimate stays within the cap (a relevant unit left out truncates). */
  attempt(work: () => void, relevant = true): boolean {
    const start = this.selection.checkpoint();
    work();
    if (this.selection.estimate > this.cap) {
      this.selection.rollback(start);
      this.truncated ||= relevant;
      return false;
    }
    if (this.selection.checkpoint() > start) this.units.push(this.selection.checkpoint());
    return true;
  }

  full(): boolean {
    return this.selection.estimate >= this.cap - 2;
  }

  /** Drops the last units until the estimate is at most `target`. */
  shrinkTo(target: number): void {
    this.truncated = true;
    while (this.units.length > 0 && this.selection.estimate > target) {
      this.units.pop();
      this.selection.rollback(this.units[this.units.length - 1] ?? 0);
    }
  }
}
