import { appendFileSync } from 'node:fs';

/** BENCH_QUICK=1: shorter durations and fewer articles, for checking the harness (noisy numbers). */
export const QUICK = Boolean(process.env.BENCH_QUICK && process.env.BENCH_QUICK !== '0');

/** `full` normally, `quick` under BENCH_QUICK; an explicit environment variable wins over both. */
export function setting(name, full, quick) {
  const value = process.env[name];
  if (value !== undefined && value !== '') return Number(value);
  return QUICK ? quick : full;
}

export const percentile = (sorted, share) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];

export const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

const UNITS = {
  ms: (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(1)),
  s: (value) => value.toFixed(2),
  'req/s': (value) => value.toFixed(0),
  '/s': (value) => (value >= 100 ? value.toFixed(0) : value.toFixed(1)),
  MiB: (value) => value.toFixed(0),
  KiB: (value) => value.toFixed(1),
  count: (value) => value.toFixed(0),
  '': (value) => value.toFixed(3),
};

export function formatValue(value, unit = '') {
  if (value === null || value === undefined || Number.isNaN(value)) return 'n/a';
  const format = UNITS[unit] ?? ((number) => number.toFixed(2));
  return `${format(value)}${unit && unit !== 'count' ? ` ${unit}` : ''}`;
}

/**
 * One figure of the suite beside its reference, measured in the same run:
 * { bench, figure, value, unit, reference, referenceValue }. The ratio is value / reference.
 */
export function ratioOf({ value, referenceValue }) {
  return referenceValue ? value / referenceValue : null;
}

/** The suite's table: one line per figure, its reference and the ratio. */
export function formatTable(rows) {
  const cells = rows.map((row) => {
    const ratio = ratioOf(row);
    return [
      row.bench,
      row.figure,
      formatValue(row.value, row.unit),
      row.reference ?? '',
      row.reference ? formatValue(row.referenceValue, row.unit) : '',
      ratio === null ? '' : `${ratio >= 10 ? ratio.toFixed(1) : ratio.toFixed(2)}x`,
    ];
  });
  const header = ['bench', 'figure', 'value', 'reference (same run)', 'reference', 'ratio'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((cell) => cell[column].length)),
  );
  const line = (cell) =>
    `| ${cell.map((text, column) => (column >= 2 && column !== 3 ? text.padStart(widths[column]) : text.padEnd(widths[column]))).join(' | ')} |`;
  return [
    line(header),
    `| ${widths.map((width, column) => (column >= 2 && column !== 3 ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width))).join(' | ')} |`,
    ...cells.map(line),
  ].join('\n');
}

/**
 * Hands a bench's figures to `npm run bench` (BENCH_RESULTS_FILE, JSON lines); run alone, a
 * bench prints them as the suite's table instead.
 */
export function record(rows) {
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) {
    appendFileSync(file, rows.map((row) => JSON.stringify(row)).join('\n') + '\n');
  } else {
    console.info(`\n${formatTable(rows)}`);
  }
}
