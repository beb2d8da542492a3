// Tweaking toward a target, by role and accessible name: `iconsynth preview --serve --against
// TARGET` runs in FOLDER (TARGET differs from the spec), the page shows check's score, the three
// ways of comparing, a Fit that is cancelled and one that runs, and a proposal accepted.
// tests/preview/editor_in_browser_test.cpp judges the record.
//   tests/browser/run.sh tests/preview/browser/against_session.mjs --cli ICONSYNTH --lottie-web DIR
//       --folder FOLDER --target TARGET --record OUT.json
import fs from 'node:fs';
import { launchChromium } from './chromium.mjs';
import { parseArgs, startIconsynth, until } from './session.mjs';

const FIT_MS = 180000;  // a fit, on a busy machine

const opts = parseArgs('against_session.mjs', process.argv.slice(2), ['cli', 'lottie-web', 'folder', 'target', 'record']);
const record = { pageErrors: [], steps: {} };
const server = startIconsynth(opts.cli, ['preview', '--serve', '--port', '0', '--size', '64', '--spec', 'spec.json', '--out', 'page',
                                '--lottie-web', opts['lottie-web'], '--against', opts.target, '--against-player', 'rlottie'], opts.folder);
const browser = await launchChromium();
try {
  const url = await server.url();
  const page = await (await browser.newContext({ viewport: { width: 1500, height: 1000 } })).newPage();
  page.on('pageerror', (e) => record.pageErrors.push(e.message));
  await page.goto(`${url}?paused`);
  const byName = (role, name) => page.getByRole(role, { name, exact: true });
  const scoreText = () => page.locator('#against .score').first().textContent();
  const scored = (pattern) => until(`a score ${pattern}`, async () => pattern.test(await scoreText()) && scoreText(), FIT_MS);

  // check's score of the shown animation, and the target beside ours on the same moment.
  record.steps.before = { score: await scored(/check: worst frame/) };
  record.steps.before.heading = await page.locator('#against h2').textContent();
  await page.evaluate(() => window.iconsynthPreview.setFrame(36));
  record.steps.before.positions = await page.evaluate(() => {
    const f = document.querySelector('#against .pair');
    return { theirs: f.querySelector('.theirs').style.backgroundPosition, ours: f.querySelector('.ours').style.backgroundPosition };
  });
  for (const mode of ['overlay', 'strobe', 'side by side']) {
    await byName('radio', mode).check();
    await page.waitForTimeout(mode === 'strobe' ? 700 : 50);
    record.steps[mode] = await page.evaluate(() => {
      const f = document.querySelector('#against .pair');
      return { mode: f.dataset.mode, opacity: f.querySelector('.theirs').style.opacity };
    });
  }

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
} catch (e) {
  record.failure = e.message;
} finally {
  await browser.close();
  record.exit = await server.stop();
  record.said = server.said();
  fs.writeFileSync(opts.record, JSON.stringify(record, null, 2));
}
