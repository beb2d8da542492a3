// Watch mode as a user lives it: `iconsynth preview --watch` runs, the page is open from disk, and
// the spec file is edited: a good edit, a broken one, then the fix. Records what the page did and
// how long it took; tests/preview/page_in_browser_test.cpp judges it.
//   tests/browser/run.sh tests/preview/browser/watch_session.mjs --cli ICONSYNTH --lottie-web DIR
//       --spec SPEC.json --out PAGE_DIR --record OUT.json
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './chromium.mjs';
import { parseArgs } from './session.mjs';

const TIMEOUT_MS = 60000;

// Saves like an editor: write beside, rename over.
function save(file, text) {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
}

// Polls `probe` in the page until it returns a truthy value; survives the page reloading meanwhile.
async function until(page, probe, arg) {
  const start = Date.now();
  for (;;) {
    try {
      const value = await page.evaluate(probe, arg);
      if (value) return { value, ms: Date.now() - start };
    } catch { /* navigating: the old context is gone, ask the new one */ }
    if (Date.now() - start > TIMEOUT_MS) throw new Error(`timed out waiting for ${probe}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const opts = parseArgs('watch_session.mjs', process.argv.slice(2), ['cli', 'lottie-web', 'spec', 'out', 'record']);
const good = fs.readFileSync(opts.spec, 'utf8');
const record = { consoleErrors: [] };
const watcher = spawn(opts.cli, ['preview', '--watch', '--spec', opts.spec, '--out', opts.out, '--lottie-web', opts['lottie-web']]);
let said = '';
watcher.stdout.on('data', (d) => { said += d; });
watcher.stderr.on('data', (d) => { said += d; });
const exited = new Promise((resolve) => watcher.on('exit', (code, signal) => resolve({ code, signal })));
const browser = await launchChromium();
try {
  const start = Date.now();
  while (!/preview: built/.test(said)) {
    if (Date.now() - start > TIMEOUT_MS) throw new Error(`the watcher did not build: ${said}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const page = await (await browser.newContext({ deviceScaleFactor: 1 })).newPage();
  page.on('console', (m) => { if (m.type() === 'error') record.consoleErrors.push(m.text()); });
  await page.goto(pathToFileURL(path.resolve(opts.out, 'index.html')).href);
  const info = () => window.iconsynthPreview && {
    build: window.ICONSYNTH_PREVIEW.build, frames: window.ICONSYNTH_PREVIEW.motions.light.frames,
    max: Number(document.getElementById('scrubber').max), error: document.getElementById('error').hidden ? null
      : document.getElementById('error').textContent, marker: window.__marker ?? null,
  };
  record.initial = (await until(page, info)).value;

  // A good edit: the light motion's tail grows by 6 frames. The page reloads by itself.
  save(opts.spec, good.replace('"tail": 4', '"tail": 10'));
  const edited = await until(page, (b) => { const p = window.ICONSYNTH_PREVIEW; return p && p.build !== b && window.iconsynthPreview && p; }, record.initial.build);
  record.reloadMs = edited.ms;
  record.edited = (await until(page, info)).value;
  const dataAfterEdit = fs.readFileSync(path.join(opts.out, 'data.js'), 'utf8');

  // A broken edit: out of range. The page must not reload (the marker survives) and shows the error.
  await page.evaluate(() => { window.__marker = 'still this page'; });
  save(opts.spec, good.replace('"scale": 1.12', '"scale": 3'));
  const broken = await until(page, () => !document.getElementById('error').hidden && document.getElementById('error').textContent);
  record.errorMs = broken.ms;
  record.broken = (await until(page, info)).value;
  record.dataKept = fs.readFileSync(path.join(opts.out, 'data.js'), 'utf8') === dataAfterEdit;

  // The fix: back to the original spec, so back to the original build.
  save(opts.spec, good);
  record.fixed = (await until(page, (b) => { const p = window.ICONSYNTH_PREVIEW; return p && p.build === b && window.iconsynthPreview && p; }, record.initial.build)).value && (await until(page, info)).value;
} finally {
  await browser.close();
  watcher.kill('SIGTERM');
  record.exit = await exited;
  record.said = said;
  fs.writeFileSync(opts.record, JSON.stringify(record, null, 2));
}
console.log(`watch_session: page reloaded ${record.reloadMs} ms after the edit`);
