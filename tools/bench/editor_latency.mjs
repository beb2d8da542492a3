// How soon the editor shows an edit, in headless Chromium (tools/bench/README.md, "The editor"): an
// easing handle of the shown motion is dragged at 60 pointer events a second, and for every event
// the time until the first animation frame that shows its value (or a newer one) is taken:
//   players  lottie-web's cards, the edit's animations swapped in
//   cairo    the Cairo frame being shown, drawn for the edit and loaded
// Times are the page's own clock: the event's timeStamp to the requestAnimationFrame callback after
// the new data is drawn (the frame it is presented in); the players, patched in an animation
// frame's callback, to the end of that drawing. A Cairo frame answered for an event that is drawn
// from the same inputs as the one the card shows (the drag's value back where it was, or clamped)
// counts as shown when that answer comes. The same measure of the page's own weight
// slider (client-side only: it rebuilds nothing) is the floor, taken in the same run.
// --input page (the default) dispatches the pointer events in the page on a 60 Hz timer, so the
// pace holds however busy the machine is; --input cdp moves the browser's own pointer through the
// DevTools protocol, which waits for each move to be handled (on a loaded machine, fewer a second).
//   bash tests/browser/run.sh tools/bench/editor_latency.mjs --cli build/iconsynth --lottie-web DIR
//        [--seconds 4] [--size 160] [--input page|cdp] [--trace FILE: the page's raw times, as JSON]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';
import { parseArgs, startIconsynth, until } from './session.mjs';

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
};
const line = (name, xs) => `${name.padEnd(37)} p50 ${quantile(xs, 0.5).toFixed(1).padStart(6)} ms   p95 ${quantile(xs, 0.95).toFixed(1).padStart(6)} ms   (${xs.length} events)`;

// Where each input's time went on the Cairo side: until the first shown-frame request sent after
// it that carries it (the request in flight, the main thread), that request's round trip, from its
// answer until a frame showing the input (or a newer one) is loaded (or found shown already), and
// from there to the animation frame. An input first shown by another answer (a rebuild's) is left
// out.
function cairoSteps(latency) {
  const steps = { wait: [], trip: [], load: [], frame: [], slowest: [] };
  const each = [];
  for (const input of latency.frameRequests ? latency.inputs : []) {
    const request = latency.frameRequests.find((r) => r.upTo >= input.seq && r.sent >= input.t);
    const shown = latency.cairoShown.find((s) => s.upTo >= input.seq && s.at >= input.t);
    if (!request || !shown || shown.at < request.answered) continue;
    const step = { seq: input.seq, total: shown.painted - input.t, wait: request.sent - input.t, trip: request.answered - request.sent,
                   load: shown.at - request.answered, frame: shown.painted - shown.at };
    for (const k of ['wait', 'trip', 'load', 'frame']) steps[k].push(step[k]);
    each.push(step);
  }
  each.sort((a, b) => b.total - a.total);
  steps.slowest = each.slice(0, Math.ceil(each.length / 20));
  return steps;
}

const opts = parseArgs('editor_latency.mjs', process.argv.slice(2), ['cli', 'lottie-web'], { seconds: '4', size: '160', input: 'page', trace: '' });
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'iconsynth-latency-'));
fs.writeFileSync(path.join(folder, 'spec.json'), execFileSync(opts.cli, ['spec', '--print']));
const server = startIconsynth(opts.cli, ['preview', '--serve', '--port', '0', '--size', opts.size, '--spec', 'spec.json', '--out', 'page',
                                '--lottie-web', opts['lottie-web']], folder);
const browser = await launchChromium();
try {
  const url = await server.url();
  const page = await (await browser.newContext({ viewport: { width: 1600, height: 1200 } })).newPage();
  await page.goto(`${url}?paused`);
  await page.waitForFunction(() => window.iconsynthEditor && window.iconsynthEditor.lastResponse);
  await page.evaluate(() => window.iconsynthPreview.setFrame(36));  // a moment the swell shows
  const events = Math.round(Number(opts.seconds) * 60);

  // The floor: the weight slider, keyed at 60 a second.
  await page.evaluate(() => {
    window.__weight = [];
    document.getElementById('weight').addEventListener('input', (e) => {
      const t = e.timeStamp;
      requestAnimationFrame(() => window.__weight.push(performance.now() - t));
    });
  });
  await page.locator('#weight').focus();
  for (let i = 0; i < events; i++) {
    await page.keyboard.press(i % 40 < 20 ? 'ArrowRight' : 'ArrowLeft');
    await page.waitForTimeout(1000 / 60);
  }
  await page.waitForTimeout(300);
  const weight = await page.evaluate(() => window.__weight);

  // An easing handle of light's travel dragged at 60 events a second, back and forth.
  const handle = page.getByRole('slider', { name: 'motions.light.timeline.exchange.travel.ease x1', exact: true });
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  await page.evaluate(() => {
    for (const list of Object.values(window.iconsynthEditor.latency)) list.length = 0;
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(10000);
  });
  const revBefore = await page.evaluate(() => window.iconsynthEditor.lastResponse.rev);
  // Two seconds out and back, 60 events a second.
  const at = (i) => [x + 60 * Math.sin((2 * Math.PI * (i % 120)) / 120), y - 30 * Math.sin((2 * Math.PI * (i % 120)) / 120)];
  if (opts.input === 'cdp') {
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= events; i++) {
      await page.mouse.move(...at(i));
      await page.waitForTimeout(1000 / 60);
    }
    await page.mouse.up();
  } else {
    await page.evaluate(({ name, points }) => new Promise((resolve) => {
      const handle = [...document.querySelectorAll('#plot-edit [role=slider]')].find((e) => e.getAttribute('aria-label') === name);
      const fire = (type, [cx, cy]) => handle.dispatchEvent(new PointerEvent(type, { bubbles: true, clientX: cx, clientY: cy, pointerId: 7, buttons: 1 }));
      fire('pointerdown', points[0]);
      let i = 1;
      const start = performance.now();
      const next = () => {
        if (i >= points.length) { fire('pointerup', points[points.length - 1]); resolve(); return; }
        fire('pointermove', points[i++]);
        setTimeout(next, Math.max(0, start + (i * 1000) / 60 - performance.now()));
      };
      next();
    }), { name: 'motions.light.timeline.exchange.travel.ease x1', points: Array.from({ length: events + 1 }, (_, i) => at(i)) });
  }
  await page.waitForTimeout(1500);
  const latency = await page.evaluate(() => window.iconsynthEditor.latency);
  // The same requests as the network saw them (Resource Timing: start to the response's end): the
  // rest of a round trip is the page's main thread.
  const resources = await page.evaluate(() => performance.getEntriesByType('resource')
    .filter((e) => e.name.includes('/api/shown-frame')).map((e) => e.toJSON()));
  const network = resources.map((e) => e.responseEnd - e.startTime);
  if (opts.trace) fs.writeFileSync(opts.trace, JSON.stringify({ latency, resources }));
  const built = (await page.evaluate(() => window.iconsynthEditor.lastResponse.rev)) - revBefore;
  console.log(`editor latency, ${opts.size} px page, ${latency.inputs.length} pointer events (${opts.input}) in ${opts.seconds} s, ${built} rebuilds ` +
              `(${os.cpus().length} cores, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  console.log(line('weight slider (client only, floor)', weight));
  console.log(line('drag → players show it', latency.players));
  console.log(line('drag → Cairo frame shows it', latency.cairo));
  console.log(line('  a rebuild\'s round trip', latency.roundTrip).replace('events', 'rebuilds'));
  console.log(line('  the shown frame\'s round trip', latency.frameTrip).replace('events', 'requests'));
  console.log(line('    of which on the network', network).replace('events', 'requests'));
  const steps = cairoSteps(latency);
  console.log(`  where each event's time went on its way to the Cairo frame (${steps.wait.length} events):`);
  console.log(line('    until its request is sent', steps.wait));
  console.log(line('    that request\'s round trip', steps.trip));
  console.log(line('    its answer until a frame is shown', steps.load));
  console.log(line('    shown until its animation frame', steps.frame));
  const mean = (xs) => (xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length)).toFixed(1);
  console.log(`    the slowest 5 % (${steps.slowest.length} events, from ${steps.slowest.map((s) => s.total.toFixed(0)).join(' ')} ms): ` +
              `mean ${mean(steps.slowest.map((s) => s.wait))} until sent, ${mean(steps.slowest.map((s) => s.trip))} round trip, ` +
              `${mean(steps.slowest.map((s) => s.load))} to shown, ${mean(steps.slowest.map((s) => s.frame))} to the animation frame (ms); ` +
              `at events ${steps.slowest.map((s) => s.seq).join(' ')}`);
  console.log(line('  the page\'s work on its answer', latency.apply).replace('events', 'rebuilds'));
  console.log(line('  the page\'s work to move its players', latency.patch));
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(folder, { recursive: true, force: true });
}
