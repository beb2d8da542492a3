#!/usr/bin/env node
// Stands in for ./build/bench in ratio_table_test.mjs: writes canned Google Benchmark JSON to
// --benchmark_out, for the runs FAKE_BENCH_RUNS names (JSON: { name: seconds a frame }, or
// { name: [wall seconds, CPU seconds] } a frame).
import { writeFileSync } from 'node:fs';

const out = process.argv.find((a) => a.startsWith('--benchmark_out='))?.slice('--benchmark_out='.length);
const runs = JSON.parse(process.env.FAKE_BENCH_RUNS ?? '{}');
const benchmarks = Object.entries(runs).map(([name, times]) => {
  const [wall, cpu] = Array.isArray(times) ? times : [times, times];
  return { name, run_name: name, run_type: 'iteration', items_per_second: 1 / wall, real_time: wall * 1e3, cpu_time: cpu * 1e3, time_unit: 'ms' };
});
if (out) writeFileSync(out, JSON.stringify({ context: {}, benchmarks }));
process.exit(Number(process.env.FAKE_BENCH_EXIT ?? 0));
