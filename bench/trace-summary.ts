/**
 * Reads a Chromium performance trace (Playwright's browser.startTracing) and says where the page's main thread
 * spent its time inside windows that run from one performance.mark() to the next of another name (both appear in
 * the trace): CPU time (the trace's thread time, which other work on a shared machine disturbs little) split by
 * the trace's event names as self time (a Layout inside a FunctionCall counts as Layout), and, when the trace
 * holds the V8 sampling profiler's samples, the JavaScript functions that ran (sampled, so in wall time).
 */

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { data?: Record<string, unknown> };
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string };
}

export interface TraceSummary {
  windows: number;
  /** Per window, medians: wall time, and the main thread's CPU time in tasks that began inside it. */
  wallMs: number;
  cpuMs: number;
  /** Per window, median: CPU time of every thread of the browser (its processes: browser, GPU/compositor,
   *  renderer) in tasks that began inside the window. */
  allThreadsCpuMs: number;
  /** Main-thread CPU by event name (self time), mean per window, largest first. */
  byEvent: Array<{ name: string; ms: number }>;
  /** JavaScript by function (self time from samples), mean per window, largest first. */
  byFunction: Array<{ name: string; ms: number }>;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

function add(map: Map<string, number>, key: string, value: number): void {
  map.set(key, (map.get(key) ?? 0) + value);
}

function top(map: Map<string, number>, windows: number): Array<{ name: string; ms: number }> {
  return [...map]
    .map(([name, us]) => ({ name, ms: us / 1000 / windows }))
    .filter((row) => row.ms >= 0.05)
    .sort((a, b) => b.ms - a.ms);
}

/** The sampled stacks of thread `tid` as [time, node id] pairs, and the profile's nodes. The chunks come from
 *  the sampler's own thread and name their profile by id. */
function samples(events: TraceEvent[], pid: number, tid: number) {
  const nodes = new Map<number, ProfileNode>();
  const stamps: Array<[number, number]> = [];
  let clock = 0;
  const id = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid)?.id;
  const profile = events
    .filter((e) => e.pid === pid && e.id === id && (e.name === 'Profile' || e.name === 'ProfileChunk'))
    .sort((a, b) => a.ts - b.ts);
  for (const e of profile) {
    const data = e.args?.data as
      | {
          startTime?: number;
          cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
          timeDeltas?: number[];
        }
      | undefined;
    if (e.name === 'Profile') clock = data?.startTime ?? e.ts;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const ids = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    ids.forEach((id, i) => {
      clock += deltas[i] ?? 0;
      stamps.push([clock, id]);
    });
  }
  return { nodes, stamps: stamps.sort((a, b) => a[0] - b[0]) };
}

export function summariseTrace(traceJson: string, fromMark: string, toMark: string): TraceSummary {
  const parsed = JSON.parse(traceJson) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const marks = (name: string) =>
    events.filter((e) => e.name === name && e.cat.includes('blink.user_timing')).sort((a, b) => a.ts - b.ts);
  const starts = marks(fromMark);
  const ends = marks(toMark);
  const first = starts[0];
  if (first === undefined) throw new Error(`the trace has no mark ${fromMark}`);
  const windows = starts
    .map((start) => [start.ts, ends.find((end) => end.ts > start.ts)?.ts] as const)
    .filter((w): w is readonly [number, number] => w[1] !== undefined);
  const inWindow = (ts: number) => windows.findIndex(([from, to]) => ts >= from && ts <= to);

  const main = events
    .filter((e) => e.pid === first.pid && e.tid === first.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const byEvent = new Map<string, number>();
  const cpu = windows.map(() => 0);
  const stack: Array<{ end: number; name: string }> = [];
  for (const e of main) {
    while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) <= e.ts) stack.pop();
    const w = inWindow(e.ts);
    const thread = e.tdur ?? 0;
    if (w >= 0) {
      add(byEvent, e.name, thread);
      const parent = stack[stack.length - 1];
      if (parent === undefined) cpu[w] = (cpu[w] ?? 0) + thread;
      else add(byEvent, parent.name, -thread);
    }
    stack.push({ end: e.ts + (e.dur ?? 0), name: e.name });
  }

  // Every thread's outermost events (sorted by start, an event inside the previous one's span is nested).
  const allCpu = windows.map(() => 0);
  const threads = new Map<string, TraceEvent[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.tdur === undefined) continue;
    const key = `${e.pid}:${e.tid}`;
    const list = threads.get(key);
    if (list === undefined) threads.set(key, [e]);
    else list.push(e);
  }
  for (const list of threads.values()) {
    let end = -1;
    for (const e of list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
      if (e.ts < end) continue;
      end = e.ts + (e.dur ?? 0);
      const w = inWindow(e.ts);
      if (w >= 0) allCpu[w] = (allCpu[w] ?? 0) + (e.tdur ?? 0);
    }
  }

  const byFunction = new Map<string, number>();
  const { nodes, stamps } = samples(events, first.pid, first.tid);
  stamps.forEach(([ts, id], i) => {
    const next = stamps[i + 1];
    if (next === undefined || inWindow(ts) < 0) return;
    const frame = nodes.get(id)?.callFrame;
    const file = frame?.url?.split('/').pop() ?? '';
    // A gap longer than the sampling interval is time the thread did not run: count at most 1 ms of it.
    add(
      byFunction,
      `${frame?.functionName || '(anonymous)'}${file ? ` ${file}` : ''}`,
      Math.min(next[0] - ts, 1000),
    );
  });

  return {
    windows: windows.length,
    wallMs: median(windows.map(([from, to]) => (to - from) / 1000)),
    cpuMs: median(cpu.map((us) => us / 1000)),
    allThreadsCpuMs: median(allCpu.map((us) => us / 1000)),
    byEvent: top(byEvent, windows.length),
    byFunction: top(byFunction, windows.length),
  };
}
