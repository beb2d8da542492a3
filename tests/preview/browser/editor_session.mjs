// The editor as a person with a keyboard, a pointer or a screen reader uses it, found only by role
// and accessible name (the spec path): `iconsynth preview --serve --spec SPEC` runs in FOLDER, the
// page is open, and each step below is done and recorded; tests/preview/editor_in_browser_test.cpp
// judges the record (the file's bytes, builds, the pages' own state).
//   tests/browser/run.sh tests/preview/browser/editor_session.mjs --cli ICONSYNTH --lottie-web DIR
//       --folder FOLDER --record OUT.json
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';
import { parseArgs, startIconsynth, until } from './session.mjs';

const SCALE = 'motions.strong.timeline.sequence.1.exchange.swell.scale';  // the first landing of strong
const TRAVEL = 'motions.strong.timeline.sequence.1.exchange.travel.ease';
const SECOND_LAND = 'motions.strong.timeline.sequence.2.exchange.travel.frames';
const LIGHT_SCALE = 'motions.light.timeline.exchange.swell.scale';
const LIGHT_TRAVEL = 'motions.light.timeline.exchange.travel.ease';

const opts = parseArgs('editor_session.mjs', process.argv.slice(2), ['cli', 'lottie-web', 'folder', 'record']);
const specFile = path.join(opts.folder, 'spec.json');
const record = { consoleErrors: [], pageErrors: [], steps: {} };
const server = startIconsynth(opts.cli, ['preview', '--serve', '--port', '0', '--size', '96', '--spec', 'spec.json', '--out', 'page',
                                '--lottie-web', opts['lottie-web']], opts.folder);
const browser = await launchChromium();
let other = null;
try {
  const url = await server.url();
  const page = await (await browser.newContext({ viewport: { width: 1500, height: 1000 } })).newPage();
  page.on('console', (m) => { if (m.type() === 'error') record.consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => record.pageErrors.push(e.message));
  await page.goto(`${url}?paused`);
  const ready = () => page.waitForFunction(() => window.iconsynthEditor && window.iconsynthEditor.lastResponse);
  await ready();
  const rev = () => page.evaluate(() => window.iconsynthEditor.lastResponse.rev);
  // Waits until every change asked for is built (nothing in flight, the panel says so).
  const settled = async () => {
    await page.waitForTimeout(50);
    await until('the edit built', () => page.evaluate(() => {
      const e = window.iconsynthEditor;
      const asked = JSON.stringify([...e.changes].sort());
      const built = JSON.stringify(e.lastResponse.changes.map((c) => [c.path, c.value]).sort());
      return asked === built;
    }));
  };
  const changes = () => page.evaluate(() => window.iconsynthEditor.lastResponse.changes);
  const byName = (role, name) => page.getByRole(role, { name, exact: true });
  const center = async (locator) => {
    await locator.scrollIntoViewIfNeeded();
    const b = await locator.boundingBox();
    return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  };
  // A drag at 60 events a second.
  const drag = async (from, dx, dy, steps = 12) => {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= steps; i++) {
      await page.mouse.move(from.x + (dx * i) / steps, from.y + (dy * i) / steps);
      await page.waitForTimeout(16);
    }
    await page.mouse.up();
  };
  const original = fs.readFileSync(specFile, 'utf8');
  record.original = original;
  const panel = page.getByRole('region', { name: 'parameters' });
  record.counts = {
    spinbuttons: await panel.getByRole('spinbutton').count(),
    sliders: await panel.getByRole('slider').count(),
    colours: await page.getByRole('region', { name: 'parameters' }).locator('input[type=color]').count(),
    easings: await panel.getByRole('combobox').count(),
  };
  record.viewerNoteHidden = await page.evaluate(() => document.getElementById('viewer-note').hidden);

  // 0. Found as a new user finds it: "land" typed in the search box leaves the values whose words
  // say so (the landing swells), each with what it does; the box emptied shows every value again.
  const search = byName('searchbox', 'find a value');
  const visible = () => panel.locator('.param:visible').evaluateAll((rows) => rows.map((r) => ({
    path: r.dataset.path, words: `${r.entry.group} · ${r.entry.name}`,
    about: r.querySelector('.about') ? r.querySelector('.about').textContent : '',
  })));
  await search.fill('land');
  record.steps.found = { land: await visible(), count: await page.getByRole('status').filter({ hasText: 'values' }).textContent() };
  await search.fill('strong round 1 land');
  record.steps.found.strongRound1 = await visible();
  record.steps.found.described = await byName('spinbutton', SCALE).evaluate((e) => document.getElementById(e.getAttribute('aria-describedby')).textContent);
  await search.fill('');
  record.steps.found.all = (await visible()).length;

  // 1. A number by keyboard: strong's first landing, three steps up (it lands harder).
  const field = byName('spinbutton', SCALE);
  await field.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');  // 1.2 → 1.23
  await page.keyboard.press('Shift+ArrowDown');  // ten steps down: 1.13
  await page.keyboard.press('Shift+ArrowUp');    // and up: 1.23
  await page.keyboard.press('Alt+ArrowUp');      // a tenth of a step: 1.231
  await settled();
  record.steps.keyboard = {
    changes: await changes(),
    motionShown: await page.evaluate(() => window.iconsynthPreview.state.motion),
    sliderValue: await byName('slider', SCALE).inputValue(),
    // Lottie scale is in %: the new peak is in the strong animations the players show.
    inLottie: await page.evaluate(() => JSON.stringify(window.iconsynthPreview.cards()[0].anim.animationData).includes('[123.1,123.1')),
    undoSteps: await page.evaluate(() => window.iconsynthEditor.undo.length),
  };

  // 2. An easing handle dragged with the pointer, then another moved by arrow keys.
  const x1 = byName('slider', `${TRAVEL} x1`);
  record.steps.handle = { before: await page.evaluate((p) => window.iconsynthEditor.value(p), TRAVEL) };
  await drag(await center(x1), 30, -20);
  await settled();
  record.steps.handle.afterDrag = await page.evaluate((p) => window.iconsynthEditor.value(p), TRAVEL);
  record.steps.handle.undoSteps = await page.evaluate(() => window.iconsynthEditor.undo.length);
  const y1 = byName('slider', `${TRAVEL} y1`);
  await y1.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await settled();
  record.steps.handle.afterKeys = await page.evaluate((p) => window.iconsynthEditor.value(p), TRAVEL);
  record.steps.handle.valueNow = await y1.getAttribute('aria-valuenow');

  // 3. An event line retimed on the plot: strong's second landing dragged later by whole frames.
  const line = byName('slider', `${SECOND_LAND} (land r2 on the plot)`);
  await line.scrollIntoViewIfNeeded();
  const lineBox = await line.boundingBox();
  const frames = await page.evaluate(() => {
    const m = window.iconsynthPreview.data().motions.strong;
    return { count: m.frames, width: m.plot.width, x0: m.plot.x0, x1: m.plot.x1 };
  });
  const shown = await page.evaluate(() => document.getElementById('plot-image').getBoundingClientRect().width);
  const pxPerFrame = ((frames.x1 - frames.x0) / (frames.count - 1)) * (shown / frames.width);
  record.steps.retime = { before: await page.evaluate((p) => window.iconsynthEditor.value(p), SECOND_LAND) };
  await drag({ x: lineBox.x + lineBox.width / 2, y: lineBox.y + lineBox.height / 2 }, 3.2 * pxPerFrame, 0);
  await settled();
  record.steps.retime.after = await page.evaluate((p) => window.iconsynthEditor.value(p), SECOND_LAND);
  record.steps.retime.undoSteps = await page.evaluate(() => window.iconsynthEditor.undo.length);

  // 4. Presets from the keyboard: Esc puts the easing back, Enter takes the one moved to.
  const combo = byName('combobox', LIGHT_TRAVEL);
  await combo.focus();
  await page.keyboard.press('ArrowDown');  // opens on the current preset
  await page.keyboard.press('ArrowDown');  // previews the next
  await settled();
  record.steps.presets = { previewed: await page.evaluate((p) => window.iconsynthEditor.value(p), LIGHT_TRAVEL) };
  await page.keyboard.press('Escape');
  await settled();
  record.steps.presets.afterEscape = await page.evaluate((p) => window.iconsynthEditor.value(p), LIGHT_TRAVEL);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await settled();
  record.steps.presets.afterEnter = await page.evaluate((p) => window.iconsynthEditor.value(p), LIGHT_TRAVEL);
  record.steps.presets.expanded = await combo.getAttribute('aria-expanded');

  // 5. Save: the changes panel's --set flags, then the file.
  record.steps.save = { flags: await page.evaluate(() => document.getElementById('set-flags').value), panel: await changes() };
  await byName('button', 'Save').click();
  await until('the save', () => fs.readFileSync(specFile, 'utf8') !== original);
  await settled();
  record.steps.save.file = fs.readFileSync(specFile, 'utf8');
  record.steps.save.disabledAfter = await byName('button', 'Save').isDisabled();

  // 6. Undo every step, save: the file's bytes as they were; redo every step, save: as saved.
  const undoSteps = await page.evaluate(() => window.iconsynthEditor.undo.length);
  for (let i = 0; i < undoSteps; i++) await byName('button', 'Undo').click();
  await settled();
  await byName('button', 'Save').click();
  await until('the undone save', () => fs.readFileSync(specFile, 'utf8') === original);
  record.steps.undo = { steps: undoSteps, fileBack: fs.readFileSync(specFile, 'utf8') === original };
  await page.keyboard.press('Control+Shift+Z');  // one redo from the keyboard
  for (let i = 1; i < undoSteps; i++) await byName('button', 'Redo').click();
  await settled();
  await byName('button', 'Save').click();
  await until('the redone save', () => fs.readFileSync(specFile, 'utf8') !== original);
  await settled();
  record.steps.undo.redoneFile = fs.readFileSync(specFile, 'utf8');

  // 7. A bad value: refused with the spec's own words, the icon keeps the last good, Save disabled.
  const lightField = byName('spinbutton', LIGHT_SCALE);
  // Lottie scale is in %: which peaks outline-light's animation holds.
  const peak = () => page.evaluate(() => {
    const text = JSON.stringify(window.iconsynthPreview.data().variants['outline-light'].lottie);
    return { at115: text.includes('[115,115'), at130: text.includes('[130,130') };
  });
  await lightField.fill('1.15');
  await lightField.press('Enter');
  await settled();
  record.steps.bad = { goodPeak: await peak() };
  await lightField.fill('1.3');
  await lightField.press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: 'would push' });
  await alert.waitFor();
  await settled();
  record.steps.bad.alert = await alert.textContent();
  record.steps.bad.invalid = await lightField.getAttribute('aria-invalid');
  record.steps.bad.saveDisabled = await byName('button', 'Save').isDisabled();
  record.steps.bad.peak = await peak();
  record.steps.bad.value = await page.evaluate((p) => window.iconsynthEditor.value(p), LIGHT_SCALE);
  await lightField.fill('1.2');
  await lightField.press('Enter');
  await settled();
  record.steps.bad.fixed = { saveDisabled: await byName('button', 'Save').isDisabled(), invalid: await lightField.getAttribute('aria-invalid') };

  // 8. The file edited on disk while the page holds an unsaved change: both kept, the choice offered.
  const onDisk = fs.readFileSync(specFile, 'utf8').replace(/("tail": )4(\s*\}\s*,\s*"strong")/, '$16$2');
  fs.writeFileSync(`${specFile}.tmp`, onDisk);
  fs.renameSync(`${specFile}.tmp`, specFile);
  const dialog = page.getByRole('dialog', { name: 'The spec changed on disk' });
  await dialog.waitFor();
  record.steps.conflict = {
    disk: await page.locator('#conflict-disk').textContent(),
    ours: await page.locator('#conflict-ours').textContent(),
    fileUntouched: fs.readFileSync(specFile, 'utf8') === onDisk,
  };
  await byName('button', 'Apply my changes to the file as it is now').click();
  await dialog.waitFor({ state: 'hidden' });
  await settled();
  await byName('button', 'Save').click();
  await until('the merged save', () => fs.readFileSync(specFile, 'utf8') !== onDisk);
  record.steps.conflict.merged = fs.readFileSync(specFile, 'utf8');
  record.steps.conflict.onDisk = onDisk;

  // 9. Writes another site's page or a request without the token might try: 403, nothing written.
  const before = fs.readFileSync(specFile, 'utf8');
  record.steps.security = {
    noToken: await page.evaluate(async () => (await fetch('api/save', { method: 'POST', body: JSON.stringify({ changes: [] }) })).status),
  };
  other = http.createServer((req, res) => {
    res.setHeader('Content-Type', 'text/html');
    res.end('<!doctype html><title>elsewhere</title>');
  }).listen(0, '127.0.0.1');
  await new Promise((r) => other.once('listening', r));
  const evil = await (await browser.newContext()).newPage();
  await evil.goto(`http://127.0.0.1:${other.address().port}/`);
  record.steps.security.crossOrigin = await evil.evaluate(async (target) => {
    // A "simple" request, which a browser sends without asking first; the page cannot read the answer.
    try {
      await fetch(`${target}api/save`, { method: 'POST', mode: 'no-cors', headers: { 'Content-Type': 'text/plain' },
                                         body: JSON.stringify({ changes: [{ path: 'frame_rate', value: 30 }], base: '' }) });
      return 'sent';
    } catch (e) {
      return `failed: ${e.message}`;
    }
  }, url);
  await page.waitForTimeout(200);
  record.steps.security.unchanged = fs.readFileSync(specFile, 'utf8') === before;
  record.saved = fs.readFileSync(specFile, 'utf8');

  // 10. A number's slider dragged with the pointer while the server holds every rebuild: the
  // players follow the drag from the page's own binding table, then the server's answer agrees.
  let release = null;
  const held = new Promise((resolve) => { release = resolve; });
  await page.route('**/api/edit', async (route) => { await held; await route.continue(); });
  const scaleSlider = byName('slider', SCALE);
  const slid = { before: await page.evaluate((p) => window.iconsynthEditor.value(p), SCALE),
                 undoBefore: await page.evaluate(() => window.iconsynthEditor.undo.length),
                 revBefore: await rev() };
  await scaleSlider.focus();  // its row shows strong, its path and what it does
  await scaleSlider.scrollIntoViewIfNeeded();
  const track = await scaleSlider.boundingBox();  // measured once the row has grown
  slid.cairoBefore = await page.evaluate(() => window.iconsynthPreview.cards().map((c) => c.cairoFrame.dataset.src || ''));
  // From a third of the way (the spec refuses the top of the slider's range here) a tenth down.
  await drag({ x: track.x + track.width / 3, y: track.y + track.height / 2 }, -track.width * 0.1, 0);
  // Lottie scale is in %: the peak every strong card's player holds, and the value dragged to.
  const peaks = () => page.evaluate((p) => {
    const v = Math.round(window.iconsynthEditor.value(p) * 100 * 1e6) / 1e6;
    const cards = window.iconsynthPreview.cards();
    return { value: window.iconsynthEditor.value(p), motion: window.iconsynthPreview.state.motion, cards: cards.length,
             showing: cards.filter((c) => JSON.stringify(c.anim.animationData).includes(`[${v},${v}`)).length };
  }, SCALE);
  slid.whileHeld = { ...(await peaks()), rev: await rev() };
  // The Cairo frame shown follows too, drawn alone for the latest value (api/shown-frame).
  slid.cairoHeld = await until('the shown frame of the last value', () => page.evaluate(() => {
    const cards = window.iconsynthPreview.cards(), last = window.iconsynthEditor.lastInput();
    return cards.every((c) => c.cairoUpTo === last) && { last, srcs: cards.map((c) => c.cairoFrame.dataset.src) };
  }));
  slid.revHeld = await rev();
  release();
  await settled();
  await page.unroute('**/api/edit');
  slid.answered = await peaks();
  // The rebuild names each card's frames by the key the shown frame was drawn under.
  slid.cairoAnswered = await page.evaluate(() => window.iconsynthPreview.cards().map((c) => c.variant.frames[window.iconsynthPreview.state.theme]));
  slid.undoSteps = (await page.evaluate(() => window.iconsynthEditor.undo.length)) - slid.undoBefore;
  slid.sliderValue = await scaleSlider.inputValue();
  slid.fieldValue = await byName('spinbutton', SCALE).inputValue();
  record.steps.slider = slid;

  // 11. A colour of the spec by its colour input: built, and the players' primary slot follows it.
  const theme = await page.evaluate(() => window.iconsynthPreview.state.theme);
  const colour = page.getByLabel(`themes.${theme}.primary`, { exact: true });
  await colour.fill('#336699');
  await settled();
  record.steps.colour = {
    changes: (await changes()).filter((c) => c.path === `themes.${theme}.primary`),
    pagePicker: await page.locator('#color').inputValue(),
    slot: await page.evaluate(() => window.iconsynthPreview.slots(window.iconsynthPreview.cards()[0].style).primary.p.k),
  };

  // 12. Playback: Space plays and pauses; the frame and its time are shown; speed and a loop region.
  const playback = {};
  await page.getByRole('heading').first().click();  // nothing that takes keys has the focus
  playback.pressedBefore = await page.locator('#play').getAttribute('aria-pressed');
  await page.keyboard.press('Space');
  playback.pressedAfterSpace = await page.locator('#play').getAttribute('aria-pressed');
  await page.keyboard.press('Space');
  playback.pressedAfterSecondSpace = await page.locator('#play').getAttribute('aria-pressed');
  const scrubber = byName('slider', 'frame');
  await scrubber.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  playback.scrubbed = {
    frame: await page.evaluate(() => window.iconsynthPreview.state.frame),
    label: await page.locator('#frame-label').textContent(),
    valueText: await scrubber.getAttribute('aria-valuetext'),
    fps: await page.evaluate(() => window.iconsynthPreview.data().fps),
    frames: await page.evaluate(() => window.iconsynthPreview.data().motions[window.iconsynthPreview.state.motion].frames),
  };
  // Frames played per second of the page's clock, counted every animation frame for `ms` (a
  // loop region's wrap counted as a step on).
  const rate = (ms) => page.evaluate((ms) => new Promise((resolve) => {
    const { state } = window.iconsynthPreview;
    const span = state.loop ? state.loop.to - state.loop.from + 1 : window.iconsynthPreview.data().motions[state.motion].frames;
    const seen = new Set();
    let last = null, played = 0, start = 0;
    const step = (now) => {
      if (last === null) start = now;
      else played += (state.frame - last + span) % span;
      last = state.frame;
      seen.add(state.frame);
      if (now - start < ms) requestAnimationFrame(step);
      else resolve({ perSecond: (played * 1000) / (now - start), min: Math.min(...seen), max: Math.max(...seen), played });
    };
    requestAnimationFrame(step);
  }), ms);
  const speed = byName('combobox', 'speed');
  playback.speeds = {};
  for (const [value, ms] of [['1', 700], ['0.25', 1200], ['0.1', 2000]]) {
    await speed.selectOption(value);
    await page.getByRole('heading').first().click();
    await page.keyboard.press('Space');
    playback.speeds[value] = await rate(ms);
    await page.keyboard.press('Space');
  }
  await speed.selectOption('1');
  await byName('checkbox', 'loop frames').check();
  await byName('spinbutton', 'loop from frame').fill('10');
  await byName('spinbutton', 'loop to frame').fill('20');
  await page.keyboard.press('Tab');
  await page.getByRole('heading').first().click();
  await page.keyboard.press('Space');
  playback.loop = await rate(900);
  await page.keyboard.press('Space');
  record.steps.playback = playback;

  // 13. A drag whose last move leaves the value where it was: the Cairo frame on screen was drawn
  // for that value, and the page counts the move as shown (a frame from the same inputs loads no
  // image).
  const grip = byName('slider', `${TRAVEL} x1`);
  await grip.scrollIntoViewIfNeeded();
  const at = await center(grip);
  record.steps.sameValue = await page.evaluate(({ name, x, y }) => new Promise((resolve) => {
    const editor = window.iconsynthEditor;
    const handle = [...document.querySelectorAll('[role=slider]')].find((e) => e.getAttribute('aria-label') === name);
    const fire = (type) => handle.dispatchEvent(new PointerEvent(type, { bubbles: true, clientX: x + 12, clientY: y, pointerId: 9, buttons: 1 }));
    // Moves the handle; whether the page counts that input shown by a Cairo frame within 5 s.
    const move = () => new Promise((done) => {
      const before = editor.latency.cairo.length, start = performance.now();
      fire('pointermove');
      const poll = () => {
        if (editor.latency.cairo.length > before) done(true);
        else if (performance.now() - start > 5000) done(false);
        else setTimeout(poll, 10);
      };
      poll();
    });
    const value = () => JSON.stringify(editor.value(name.replace(/ x1$/, '')));
    handle.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, clientX: x, clientY: y, pointerId: 9, buttons: 1 }));
    move().then((moved) => {
      const was = value();
      move().then((again) => {  // the same place: the same value
        fire('pointerup');
        resolve({ moved, again, same: value() === was });
      });
    });
  }), { name: `${TRAVEL} x1`, ...at });

  record.latency = await page.evaluate(() => window.iconsynthEditor.latency);
} finally {
  await browser.close();
  if (other) other.close();
  record.exit = await server.stop();
  record.said = server.said();
  fs.writeFileSync(opts.record, JSON.stringify(record, null, 2));
}
