// tools/bench/ratio_table.mjs over a stand-in benchmark program with known times: the table's
// ranges, worst pairs and the cells over half of rlottie's time, in wall and in CPU time;
// refusals of missing runs and bad arguments.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const script = join(here, '../../tools/bench/ratio_table.mjs');
const fake = join(here, 'fake_bench.mjs');

function table(runs, args = ['--sizes', '24,256'], exit = 0) {
  return spawnSync('node', [script, '--bench', fake, ...args], {
    encoding: 'utf8', env: { ...process.env, FAKE_BENCH_RUNS: JSON.stringify(runs), FAKE_BENCH_EXIT: String(exit) },
  });
}

// Seconds a frame: rlottie 1 ms everywhere; ours chosen per cell.
const runs = {};
// Names as the program gives them, measuring the process's CPU time.
const put = (pair, px, loop, first, alone) => {
  runs[`BM_RlottieFrame/${pair}/${px}/process_time/real_time`] = 1e-3;
  runs[`BM_RenderFrame/${pair}/${px}/process_time/real_time`] = loop * 1e-3;
  runs[`BM_RenderFirstPlay/${pair}/${px}/process_time/real_time`] = first * 1e-3;
  if (alone !== undefined) runs[`BM_RenderFirstPlayOneThread/${pair}/${px}/process_time/real_time`] = alone * 1e-3;
};
put('outline/light', 24, 0.1, 0.3, 0.4);
put('solid/strong', 24, 0.2, 0.45, 0.5);
put('outline/light', 256, 0.25, 0.6, 0.9);
put('solid/strong', 256, 0.15, 0.4, 0.7);

const ok = table(runs);
assert.equal(ok.status, 0, ok.stderr);
const lines = ok.stdout.split('\n');
assert.match(ok.stdout, /^machine: .+, \d+ cores; load average/m);
assert.match(ok.stdout, /^command: .*--benchmark_filter=\^BM_\(RenderFrame\|RenderFirstPlay\|RenderFirstPlayOneThread\|RlottieFrame\)\/\[\^\/\]\+\/\[\^\/\]\+\/\(24\|256\)\//m);
assert.ok(lines.includes('| 24 | 0.10–0.20 | solid-strong | 0.30–0.45 | solid-strong | 0.40–0.50 | 1.000–1.000 |'), ok.stdout);
assert.ok(lines.includes('| 256 | 0.15–0.25 | outline-light | 0.40–0.60 | outline-light | 0.70–0.90 | 1.000–1.000 |'), ok.stdout);
assert.ok(lines.includes("Over half of rlottie's wall time: outline-light first play at 256 px (0.60)."), ok.stdout);
// CPU time equal to wall time here: the CPU table repeats the wall table's rows.
const cpuAt = lines.indexOf("CPU time of the process, every thread (what the work costs):");
assert.ok(cpuAt > 0, ok.stdout);
assert.ok(lines.indexOf('| 256 | 0.15–0.25 | outline-light | 0.40–0.60 | outline-light | 0.70–0.90 | 1.000–1.000 |', cpuAt) > cpuAt, ok.stdout);

// rlottie's CPU time four times its wall time (its workers): the CPU ratios are a quarter.
const busy = Object.fromEntries(Object.entries(runs).map(([name, s]) => [name, name.includes('Rlottie') ? [s, 4 * s] : s]));
const busyLines = table(busy).stdout.split('\n');
const busyCpu = busyLines.indexOf("CPU time of the process, every thread (what the work costs):");
assert.ok(busyLines.indexOf('| 24 | 0.03–0.05 | solid-strong | 0.07–0.11 | solid-strong | 0.10–0.13 | 4.000–4.000 |', busyCpu) > busyCpu,
          busyLines.join('\n'));
assert.ok(busyLines.includes("Every pair at every size within half of rlottie's CPU time."), busyLines.join('\n'));

// A program without the one-thread benchmark nor the process's CPU time (an older tree): that
// column is a dash, the CPU table left out.
const older = Object.fromEntries(Object.entries(runs).filter(([name]) => !name.includes('OneThread'))
  .map(([name, s]) => [name.replace('/process_time/', '/'), s]));
const olderText = table(older).stdout;
assert.match(olderText, /^\| 24 \| 0\.10–0\.20 \| solid-strong \| 0\.30–0\.45 \| solid-strong \| – \|/m);
assert.match(olderText, /^CPU time: not measured/m);
assert.doesNotMatch(olderText, /CPU time of the process/);

// Every cell within half: said so.
const fast = Object.fromEntries(Object.entries(runs).map(([name, s]) => [name, name.includes('Rlottie') ? s : s / 2]));
assert.match(table(fast).stdout, /^Every pair at every size within half of rlottie's wall time\.$/m);

// A size without a complete run, a failing program, bad arguments: refused, exit 2.
const missing = table(runs, ['--sizes', '24,64']);
assert.equal(missing.status, 2);
assert.match(missing.stderr, /no complete run for outline\/light at 64 px/);
const failing = table(runs, ['--sizes', '24'], 3);
assert.equal(failing.status, 2);
assert.match(failing.stderr, /exited with 3/);
for (const bad of [['--sizes', '24,x'], ['--min-time', '0'], ['--bogus'], ['--bench', '/nonexistent/bench']]) {
  const r = spawnSync('node', [script, ...bad], { encoding: 'utf8' });
  assert.equal(r.status, 2, bad.join(' '));
  assert.match(r.stderr, /^ratio_table: /);
}
console.log('ratio_table: all checks passed');
