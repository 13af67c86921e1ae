/** Repeated timings of one piece of work, as the feature benchmarks (forms, 在线留言) report them. */
export interface Timing {
  /** Wall-clock ms: median and fastest of the runs. */
  median: number;
  best: number;
  /** CPU ms of this process, median of the runs: what a run costs whatever else keeps the machine busy. */
  cpu: number;
}

const middle = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs `work` `runs` times (after one unmeasured run when `warm`) and reports the timings. */
export async function timedRuns(work: () => Promise<unknown>, runs: number, { warm = false } = {}): Promise<Timing> {
  const wall: number[] = [];
  const cpu: number[] = [];
  if (warm) await work();
  for (let r = 0; r < runs; r++) {
    const started = performance.now();
    const before = process.cpuUsage();
    await work();
    const used = process.cpuUsage(before);
    wall.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  return { median: middle(wall), best: Math.min(...wall), cpu: middle(cpu) };
}

export const ms = (n: number) => `${n.toFixed(0)} ms`;

/** A timing as a table cell: median (best; CPU). */
export const timingCell = (t: Timing) => `${ms(t.median)} (best ${ms(t.best)}; CPU ${ms(t.cpu)})`;
