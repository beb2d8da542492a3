#!/usr/bin/env node
// The renderer beside rlottie, as a table that is measured each time it is printed: runs the
// frame benchmarks of ./build/bench (BM_RenderFrame: a loop played again; BM_RenderFirstPlay: a
// new renderer drawing every frame once, with its worker threads, and
// BM_RenderFirstPlayOneThread without them; BM_RlottieFrame: rlottie playing our own export)
// for every style × motion at each size, in one run, and prints per size the range of
// ours / rlottie over the pairs and the pair that is worst, with the date, the machine and the
// command.
// Ratios are taken inside one run, so a machine's speed cancels out; its load does not (rlottie
// draws on worker threads, and a busy machine slows them as it slows ours): the load average is
// printed beside the table, and a second table gives the same ratios in process CPU time (every
// thread of either renderer), which a busy machine moves far less. Exits 0 whatever the ratios
// are: it shows them, it judges nothing.
// Usage: see --help.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const usage = `Usage: node tools/bench/ratio_table.mjs [--bench PATH] [--min-time S] [--repetitions N] [--sizes LIST]
Runs the renderer's frame benchmarks beside rlottie's in one run and prints the ratio table.
  --bench PATH       the benchmark program (default: build/bench of this tree)
  --min-time S       seconds each benchmark runs at least (default 0.5; CI runs 0.05)
  --repetitions N    runs of each benchmark, the median kept (default 1)
  --sizes LIST       sizes in px, comma-separated (default 24,64,256,1024: those the program measures)`;

function fail(message) {
  console.error(`ratio_table: ${message}`);
  process.exit(2);
}

function options(argv) {
  const o = { bench: resolve(here, '../../build/bench'), minTime: 0.5, repetitions: 1, sizes: [24, 64, 256, 1024] };
  for (let i = 0; i < argv.length; ++i) {
    const value = () => {
      if (i + 1 >= argv.length) fail(`${argv[i]} needs a value (see --help)`);
      return argv[++i];
    };
    const number = (name, text, min) => {
      const n = Number(text);
      if (!Number.isFinite(n) || n < min) fail(`${name} ${text}: not a number of at least ${min}`);
      return n;
    };
    switch (argv[i]) {
      case '-h': case '--help': console.log(usage); process.exit(0);
      case '--bench': o.bench = resolve(value()); break;
      case '--min-time': o.minTime = number('--min-time', value(), 0.001); break;
      case '--repetitions': o.repetitions = Math.floor(number('--repetitions', value(), 1)); break;
      case '--sizes':
        o.sizes = value().split(',').map((s) => number('--sizes', s, 8));
        break;
      default: fail(`unknown argument '${argv[i]}' (see --help)`);
    }
  }
  if (!existsSync(o.bench)) fail(`no benchmark program at ${o.bench} (build the target iconsynth_bench, or give --bench)`);
  return o;
}

// Google Benchmark's runs, as { name: seconds a frame } in wall time (perFrame) and in CPU time
// (cpuPerFrame: the process's, every thread, from a program that measures it so), the median of
// repetitions.
function run(o) {
  const dir = mkdtempSync(join(tmpdir(), 'iconsynth-ratio-'));
  const out = join(dir, 'bench.json');
  const sizes = o.sizes.join('|');
  const args = [`--benchmark_filter=^BM_(RenderFrame|RenderFirstPlay|RenderFirstPlayOneThread|RlottieFrame)/[^/]+/[^/]+/(${sizes})/`,
    `--benchmark_min_time=${o.minTime}`, `--benchmark_out=${out}`, '--benchmark_out_format=json'];
  if (o.repetitions > 1) args.push(`--benchmark_repetitions=${o.repetitions}`, '--benchmark_report_aggregates_only=true');
  const loadBefore = loadavg();
  const result = spawnSync(o.bench, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  try {
    if (result.error) fail(`${o.bench}: ${result.error.message}`);
    if (result.status !== 0) fail(`${o.bench} exited with ${result.status ?? result.signal}:\n${result.stderr}`);
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const perFrame = {}, cpuPerFrame = {};
    for (const b of report.benchmarks) {
      if (b.error_occurred) fail(`${b.name}: ${b.error_message}`);
      if (o.repetitions > 1 && b.aggregate_name !== 'median') continue;
      // Every frame benchmark counts frames as items; wall time (UseRealTime).
      // A benchmark measuring the process's CPU time is named …/process_time/real_time.
      const run = b.run_name.replace('/process_time/', '/');
      perFrame[run] = 1 / b.items_per_second;
      if (run !== b.run_name) cpuPerFrame[run] = b.cpu_time / b.real_time / b.items_per_second;
    }
    return { perFrame, cpuPerFrame, command: [o.bench, ...args.filter((a) => !a.startsWith('--benchmark_out'))], loadBefore, loadAfter: loadavg() };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function range(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0], max: sorted[sorted.length - 1] };
}

const fixed = (x, digits = 2) => x.toFixed(digits);

// The rows of one table: per size, the ratios' range over the pairs and the worst pair, from
// `perFrame` (seconds a frame by benchmark name); `over` gathers the cells above one half.
function rows(o, pairs, perFrame, over) {
  const name = (kind, pair, px) => `BM_${kind}/${pair}/${px}/real_time`;
  const lines = [
    `| px | looping, ours / rlottie (${pairs.length} pairs) | worst looping | first play / rlottie | worst first play | first play, one thread | rlottie, ms a frame |`,
    '| --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const px of o.sizes) {
    const row = { loop: [], first: [], alone: [], rlottie: [] };
    for (const pair of pairs) {
      const rlottie = perFrame[name('RlottieFrame', pair, px)];
      const loop = perFrame[name('RenderFrame', pair, px)], first = perFrame[name('RenderFirstPlay', pair, px)];
      const alone = perFrame[name('RenderFirstPlayOneThread', pair, px)];  // absent from older programs
      if ([rlottie, loop, first].includes(undefined)) fail(`no complete run for ${pair} at ${px} px`);
      row.loop.push({ pair, ratio: loop / rlottie });
      row.first.push({ pair, ratio: first / rlottie });
      if (alone !== undefined) row.alone.push({ pair, ratio: alone / rlottie });
      row.rlottie.push(rlottie * 1e3);
      for (const [what, ratio] of [['looping', loop / rlottie], ['first play', first / rlottie]]) {
        if (ratio > 0.5) over.push(`${pair.replace('/', '-')} ${what} at ${px} px (${fixed(ratio)})`);
      }
    }
    const cell = (list) => {
      const r = range(list.map((e) => e.ratio));
      const worst = list.reduce((a, b) => (b.ratio > a.ratio ? b : a));
      return [`${fixed(r.min)}–${fixed(r.max)}`, worst.pair.replace('/', '-')];
    };
    const ms = range(row.rlottie);
    const alone = row.alone.length ? range(row.alone.map((e) => e.ratio)) : null;
    lines.push(`| ${px} | ${cell(row.loop).join(' | ')} | ${cell(row.first).join(' | ')} | ` +
               `${alone ? `${fixed(alone.min)}–${fixed(alone.max)}` : '–'} | ${fixed(ms.min, 3)}–${fixed(ms.max, 3)} |`);
  }
  return lines;
}

function table(o, { perFrame, cpuPerFrame, command, loadBefore, loadAfter }) {
  const pairs = [...new Set(Object.keys(perFrame).map((n) => n.split('/').slice(1, 3).join('/')))].sort();
  if (pairs.length === 0) fail('the benchmark program ran no frame benchmark');
  const cpu = cpus();
  const load = (l) => l.map((x) => x.toFixed(2)).join(' ');
  const over = [], overCpu = [];
  const lines = [
    'Renderer beside rlottie: time a frame, ours / rlottie, ratios within one run',
    `date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `machine: ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores; load average ${load(loadBefore)} before, ${load(loadAfter)} after`,
    `command: ${command.join(' ')}`,
    '',
    'Wall time (what a caller waits):',
    '',
    ...rows(o, pairs, perFrame, over),
    '',
    over.length ? `Over half of rlottie's wall time: ${over.join(', ')}.` : "Every pair at every size within half of rlottie's wall time.",
    '',
    ...(Object.keys(cpuPerFrame).length === 0 ? ["CPU time: not measured (a program that times the calling thread's alone)."] : [
      'CPU time of the process, every thread (what the work costs):',
      '',
      ...rows(o, pairs, cpuPerFrame, overCpu),
      '',
      overCpu.length ? `Over half of rlottie's CPU time: ${overCpu.join(', ')}.` : "Every pair at every size within half of rlottie's CPU time.",
    ]),
  ];
  return lines.join('\n');
}

const o = options(process.argv.slice(2));
console.log(table(o, run(o)));
