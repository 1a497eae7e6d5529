/** How the console shows sizes, times and index names. */
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';

export function bytes(value: bigint | number): string {
  const n = Number(value);
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let size = n / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit++;
  }
  return `${size < 10 ? size.toFixed(1) : Math.round(size)} ${units[unit]}`;
}

export function when(timestamp: Timestamp | undefined): string {
  if (!timestamp) return '–';
  return timestampDate(timestamp).toISOString().replace('T', ' ').slice(0, 16);
}

export function count(value: bigint | number): string {
  return Number(value).toLocaleString('en-US');
}

/** The readable name of an index: its label's last path segment, or the start of its id. */
export function shortName(label: string, indexId: string): string {
  if (!label) return `${indexId.slice(0, 19)}…`;
  const path = /^[a-z]+:\/\//i.test(label) ? label : label.split(/[\\/]/).pop() || label;
  return path;
}
