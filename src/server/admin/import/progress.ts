export interface ProgressState {
  rows: number;
  /** Bytes read from the file (compressed bytes for a .gz). */
  bytesRead: number;
  totalBytes: number;
}

export interface ProgressOptions {
  write: (text: string) => void;
  /** A terminal gets a redrawn bar; anything else a plain line every `lineEveryMs`. */
  isTTY: boolean;
  now?: () => number;
  barEveryMs?: number;
  lineEveryMs?: number;
  width?: number;
}

export interface Progress {
  update(state: ProgressState): void;
  /** Draws the final state and ends the bar's line. */
  finish(state: ProgressState): void;
}

const grouped = new Intl.NumberFormat('en-US');

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const mmss = `${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

export function describeProgress(
  state: ProgressState,
  elapsedMs: number,
): {
  fraction: number;
  text: string;
} {
  const fraction = state.totalBytes > 0 ? Math.min(1, state.bytesRead / state.totalBytes) : 0;
  const seconds = elapsedMs / 1000;
  const rate = seconds > 0 ? state.rows / seconds : 0;
  const left = fraction > 0 ? (seconds * (1 - fraction)) / fraction : Infinity;
  const text =
    `${(fraction * 100).toFixed(1).padStart(5)}%  ${grouped.format(state.rows)} rows  ` +
    `${grouped.format(Math.round(rate))} rows/s  ${formatDuration(left)} left`;
  return { fraction, text };
}

export function createProgress(options: ProgressOptions): Progress {
  const now = options.now ?? Date.now;
  const began = now();
  const every = options.isTTY ? (options.barEveryMs ?? 200) : (options.lineEveryMs ?? 10_000);
  const width = options.width ?? 24;
  let last = began;
  let drawn = false;

  function draw(state: ProgressState, at: number): void {
    const { fraction, text } = describeProgress(state, at - began);
    if (options.isTTY) {
      const full = Math.round(fraction * width);
      options.write(`\r[${'#'.repeat(full)}${'-'.repeat(width - full)}] ${text}\x1b[K`);
      drawn = true;
    } else {
      options.write(`${text}\n`);
    }
  }

  return {
    update(state) {
      const at = now();
      if (at - last < every) return;
      last = at;
      draw(state, at);
    },
    finish(state) {
      if (options.isTTY) {
        draw(state, now());
        if (drawn) options.write('\n');
      }
    },
  };
}
