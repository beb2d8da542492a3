// Tweaking toward a target, by role and accessible name: `iconsynth preview --serve --against
// TARGET` runs in FOLDER (TARGET differs from the spec), the page shows check's score, the three
// ways of comparing, a Fit that is cancelled and one that runs, and a proposal accepted. Then, in
// the same browser, the same against FRAMES, a folder of PNG frames of the same target: its score,
// the three ways, and a value typed toward it until it matches.
// tests/preview/editor_in_browser_test.cpp judges the record.
//   tests/browser/run.sh tests/preview/browser/against_session.mjs --cli ICONSYNTH --lottie-web DIR
//       --folder FOLDER --target TARGET --frames FRAMES --record OUT.json
import fs from 'node:fs';
import { launchChromium } from './chromium.mjs';
import { parseArgs, startIconsynth, until } from './session.mjs';

const FIT_MS = 180000;  // a fit, on a busy machine
const LIGHT_SCALE = 'motions.light.timeline.exchange.swell.scale';

const opts = parseArgs('against_session.mjs', process.argv.slice(2), ['cli', 'lottie-web', 'folder', 'target', 'frames', 'record']);
const record = { pageErrors: [], steps: {}, frames: { pageErrors: [], steps: {} } };
const serve = (target, out) => startIconsynth(opts.cli, ['preview', '--serve', '--port', '0', '--size', '64', '--spec', 'spec.json',
                                                         '--out', out, '--lottie-web', opts['lottie-web'], '--against', target,
                                                         '--against-player', 'rlottie'], opts.folder);

// The page of a served editor, and what its comparing shows: check's score of the shown animation,
// the heading, the target beside ours on one moment, each way of comparing.
async function open(browser, server, into) {
  const url = await server.url();
  const page = await (await browser.newContext({ viewport: { width: 1500, height: 1000 } })).newPage();
  page.on('pageerror', (e) => into.pageErrors.push(e.message));
  await page.goto(`${url}?paused`);
  const scoreText = () => page.locator('#against .score').first().textContent();
  const scored = (pattern) => until(`a score ${pattern}`, async () => pattern.test(await scoreText()) && scoreText(), FIT_MS);
  const byName = (role, name) => page.getByRole(role, { name, exact: true });
  into.steps.before = { score: await scored(/check: worst frame/) };
  into.steps.before.heading = await page.locator('#against h2').textContent();
  await page.evaluate(() => window.iconsynthPreview.setFrame(36));
  into.steps.before.positions = await page.evaluate(() => {
    const f = document.querySelector('#against .pair');
    return { theirs: f.querySelector('.theirs').style.backgroundPosition, ours: f.querySelector('.ours').style.backgroundPosition };
  });
  for (const mode of ['overlay', 'strobe', 'side by side']) {
    await byName('radio', mode).check();
    await page.waitForTimeout(mode === 'strobe' ? 700 : 50);
    into.steps[mode] = await page.evaluate(() => {
      const f = document.querySelector('#against .pair');
      return { mode: f.dataset.mode, opacity: f.querySelector('.theirs').style.opacity };
    });
  }
  return { page, byName, scored };
}

const browser = await launchChromium();
const server = serve(opts.target, 'page');
let framesServer = null;
try {
  // check's score of the shown animation, and the target beside ours on the same moment.
  const { page, byName, scored } = await open(browser, server, record);

  // A fit of everything, cancelled: it stops, and proposes nothing.
  await byName('combobox', 'fit what').selectOption({ label: 'everything' });
  await byName('button', 'Fit').click();
  await until('the fit running', () => page.evaluate(() => document.querySelector('#against .fit-state').textContent === 'fitting…'));
  await byName('button', 'Cancel fit').click();
  record.steps.cancelled = await until('the cancel', async () => {
    const state = await page.locator('#against .fit-state').textContent();
    return /fit (cancelled|done|failed)/.test(state) && state;
  });

  // A fit of the shown motion, and its proposal accepted: an edit like any other.
  await byName('combobox', 'fit what').selectOption({ label: 'the shown motion' });
  await byName('button', 'Fit').click();
  record.steps.fit = {
    state: await until('the fit', async () => {
      const state = await page.locator('#against .fit-state').textContent();
      return /fit (done|failed)/.test(state) && state;  // (not the cancelled one's, still shown as this one starts)
    }, FIT_MS),
  };
  record.steps.fit.progress = await byName('log', 'fit progress').textContent();
  record.steps.fit.proposals = await page.locator('#against .proposals li').allTextContents();
  await byName('button', 'accept motions.light.timeline.exchange.swell.scale').click();
  record.steps.fit.changes = await until('the accepted change built', () => page.evaluate(() => {
    const c = window.iconsynthEditor.lastResponse.changes;
    return c.length > 0 && c;
  }));
  record.steps.fit.undoSteps = await page.evaluate(() => window.iconsynthEditor.undo.length);
  record.steps.after = { score: await scored(/matches/) };
  record.exit = await server.stop();
  record.said = server.said();
  await page.context().close();

  // The same target as a folder of PNG frames: compared and scored alike, and a value typed toward
  // it (light's landing swell, as the frames were drawn) until check says it matches.
  framesServer = serve(opts.frames, 'page-frames');
  const f = record.frames;
  const frames = await open(browser, framesServer, f);
  await frames.byName('spinbutton', LIGHT_SCALE).fill('1.2');
  await frames.byName('spinbutton', LIGHT_SCALE).press('Tab');  // the field's change: one edit
  f.steps.typed = await until('the typed value built', () => frames.page.evaluate(() => {
    const c = window.iconsynthEditor.lastResponse.changes;
    return c.length > 0 && c;
  }));
  f.steps.after = { score: await frames.scored(/matches/) };
  f.exit = await framesServer.stop();
  f.said = framesServer.said();
} catch (e) {
  record.failure = e.message;
} finally {
  await browser.close();
  if (!record.exit) record.exit = await server.stop();
  if (framesServer && !record.frames.exit) record.frames.exit = await framesServer.stop();
  fs.writeFileSync(opts.record, JSON.stringify(record, null, 2));
}
