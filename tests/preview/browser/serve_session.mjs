// `iconsynth preview --serve` as a user lives it: the server runs, the page is open over HTTP with a
// frame, colour and weight picked, and the spec file is saved 20 times (light-only edits), then
// broken, then fixed. Records how long each edit took to reach the page and what the page kept;
// tests/preview/page_in_browser_test.cpp judges it.
//   tests/browser/run.sh tests/preview/browser/serve_session.mjs --cli ICONSYNTH --lottie-web DIR
//       --spec SPEC.json --out PAGE_DIR --record OUT.json
import fs from 'node:fs';
import { launchChromium } from './chromium.mjs';
import { parseArgs, startIconsynth, until } from './session.mjs';

const EDITS = 20;

// Saves like an editor: write beside, rename over.
function save(file, text) {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}

const opts = parseArgs('serve_session.mjs', process.argv.slice(2), ['cli', 'lottie-web', 'spec', 'out', 'record']);
const good = fs.readFileSync(opts.spec, 'utf8');
const record = { consoleErrors: [], requests: [], edits: [] };
const server = startIconsynth(opts.cli, ['preview', '--serve', '--port', '0', '--spec', opts.spec, '--out', opts.out,
                                '--lottie-web', opts['lottie-web']], undefined);
const browser = await launchChromium();
try {
  const url = await server.url();
  await until('the first build', () => /preview: built/.test(server.said()));
  const page = await (await browser.newContext({ deviceScaleFactor: 1 })).newPage();
  page.on('console', (m) => { if (m.type() === 'error') record.consoleErrors.push(m.text()); });
  page.on('request', (r) => { if (!r.url().startsWith(url)) record.requests.push(r.url()); });
  await page.goto(url);
  await page.waitForFunction(() => window.iconsynthPreview);

  // The user's place: paused on frame 40 of light, a colour and a weight of their own.
  await page.click('#play');
  await page.$eval('#scrubber', (s) => { s.value = '40'; s.dispatchEvent(new Event('input')); });
  await page.$eval('#color', (c) => { c.value = '#22c55e'; c.dispatchEvent(new Event('input')); });
  await page.$eval('#weight', (w) => { w.value = '2.5'; w.dispatchEvent(new Event('input')); });
  const place = () => page.evaluate(() => {
    const s = window.iconsynthPreview.state;
    return { build: window.iconsynthPreview.build, frame: s.frame, motion: s.motion, color: s.color, weight: s.weight,
             playing: s.playing, reloaded: window.__marker !== 'same page' };
  });
  await page.evaluate(() => { window.__marker = 'same page'; });
  record.before = await place();

  let build = record.before.build;
  for (let i = 1; i <= EDITS; i++) {
    const scale = Math.round((1.12 + 0.005 * i) * 1000) / 1000;
    const saved = Date.now();
    save(opts.spec, good.replace('"scale": 1.12', `"scale": ${scale}`));
    await until(`edit ${i} on the page`, () => page.evaluate((b) => window.iconsynthPreview.build !== b, build));
    const after = await place();
    const appliedAt = await page.evaluate(() => window.iconsynthPreview.appliedAt);
    // The edit itself reached the data: light's swell peaks at the new scale (Lottie scale is in %).
    const shows = await page.evaluate((percent) => JSON.stringify(window.ICONSYNTH_PREVIEW.variants['outline-light'].lottie)
      .includes(`[${percent},${percent}`), Math.round(scale * 100 * 1000) / 1000);
    record.edits.push({ scale, ms: appliedAt - saved, shows, ...after });
    build = after.build;
  }

  // A broken edit: the error shows, the page keeps its build and place.
  save(opts.spec, good.replace('"scale": 1.12', '"scale": 3'));
  record.broken = await until('the error', () => page.evaluate(() => !document.getElementById('error').hidden &&
    { error: document.getElementById('error').textContent, build: window.iconsynthPreview.build }));
  record.broken.place = await place();
  // The fix: the original spec again, and the error goes.
  save(opts.spec, good);
  record.fixed = await until('the fix', () => page.evaluate((b) => window.iconsynthPreview.build !== b &&
    document.getElementById('error').hidden && { build: window.iconsynthPreview.build }, build));
  record.fixed.place = await place();
} finally {
  await browser.close();
  record.exit = await server.stop();
  record.said = server.said();
  fs.writeFileSync(opts.record, JSON.stringify(record, null, 2));
}
const ms = record.edits.map((e) => e.ms).sort((a, b) => a - b);
console.log(`serve_session: edit to screen ${ms.join(', ')} ms`);
