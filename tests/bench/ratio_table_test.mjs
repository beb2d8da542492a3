// tools/bench/ratio_table.mjs over a stand-in benchmark program with known times: the table's
// ranges, worst pairs and the cells over half of rlottie's time; refusals of missing runs and
// bad arguments.
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
const put = (pair, px, loop, first, alone) => {
  runs[`BM_RlottieFrame/${pair}/${px}/real_time`] = 1e-3;
  runs[`BM_RenderFrame/${pair}/${px}/real_time`] = loop * 1e-3;
  runs[`BM_RenderFirstPlay/${pair}/${px}/real_time`] = first * 1e-3;
  if (alone !== undefined) runs[`BM_RenderFirstPlayOneThread/${pair}/${px}/real_time`] = alone * 1e-3;
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
assert.ok(lines.includes("Over half of rlottie's time: outline-light first play at 256 px (0.60)."), ok.stdout);

// A program without the one-thread benchmark (an older tree): that column is a dash.
const older = Object.fromEntries(Object.entries(runs).filter(([name]) => !name.includes('OneThread')));
assert.match(table(older).stdout, /^\| 24 \| 0\.10–0\.20 \| solid-strong \| 0\.30–0\.45 \| solid-strong \| – \|/m);

// Every cell within half: said so.
const fast = Object.fromEntries(Object.entries(runs).map(([name, s]) => [name, name.includes('Rlottie') ? s : s / 2]));
assert.match(table(fast).stdout, /^Every pair at every size within half of rlottie's time\.$/m);

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
