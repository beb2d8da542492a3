// Drives a golden check's report like a reviewer, opened from disk in headless Chromium with a
// fake clock, by role and accessible name only, and records what it saw: screenshots of the
// first group's changed frame in each view (zoomed 8×), and the state of its motion as it plays,
// pauses, changes speed, scrubs and jumps to a differing frame. It asserts nothing itself:
// tests/render/golden_report_browser_test.cpp does.
//   tests/browser/run.sh tests/render/browser/golden_report_session.mjs --page DIR/index.html --out SHOTS
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { diskPage, launchChromium } from './chromium.mjs';
import { parseArgs } from './session.mjs';

const ZOOM = '8';
const opts = parseArgs('golden_report_session.mjs', process.argv.slice(2), ['page', 'out']);
fs.mkdirSync(opts.out, { recursive: true });
const browser = await launchChromium();
const record = { requests: [], consoleErrors: [], pageErrors: [], views: {}, motion: {} };
try {
  const page = await diskPage(browser, record);
  await page.clock.install({ time: 0 });
  await page.goto(pathToFileURL(path.resolve(opts.page)).href);
  await page.waitForFunction(() => window.iconsynthGolden !== undefined, null, { timeout: 20000 });
  await page.clock.pauseAt(1000);  // from here, time moves only when this script says so

  const group = page.getByRole('region', { name: /^Group 1:/ });
  // Exactly the element's pixels: its box, snapped to whole pixels as Chromium paints it.
  const shoot = async (locator, name) => {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    const clip = { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
    await page.screenshot({ path: path.join(opts.out, `${name}.png`), clip });
  };
  const panel = group.getByRole('tabpanel');
  const sprite = (name) => panel.getByRole('img', { name: new RegExp(`^${name}, frame`) });
  record.groups = await page.getByRole('region', { name: /^Group \d+:/ }).count();
  record.stillHidden = await group.locator('.worst').isHidden();

  // Opens on the worst frame, side by side, at 4×.
  const frameSelect = group.getByRole('combobox', { name: 'Frame' });
  record.views.opened = {
    selectedTab: await group.getByRole('tab', { selected: true }).textContent(),
    frameIndex: Number(await frameSelect.inputValue()),
    zoom: await group.getByRole('combobox', { name: 'Zoom' }).inputValue(),
  };
  await group.getByRole('combobox', { name: 'Zoom' }).selectOption(ZOOM);
  record.views.frame = Number(await sprite('expected').getAttribute('data-key-frame'));
  record.views.frameIndex = Number(await frameSelect.inputValue());
  await shoot(sprite('expected'), 'side-expected');
  await shoot(sprite('actual'), 'side-actual');

  await group.getByRole('tab', { name: 'Slider' }).click();
  await group.getByRole('slider', { name: 'Slider position' }).fill('25');
  record.views.sliderEdge = Number(await panel.locator('.stage').getAttribute('data-edge'));
  await shoot(panel.locator('.stage'), 'slider-25');

  await group.getByRole('tab', { name: 'Strobe' }).click();
  record.views.strobe = [];
  for (let i = 0; i < 4; ++i) {
    const shown = sprite('(expected|actual)');
    record.views.strobe.push(await shown.getAttribute('data-showing'));
    if (i < 2) await shoot(shown, `strobe-${i}`);
    await page.clock.runFor(500);
  }

  await group.getByRole('tab', { name: 'Difference' }).click();
  await shoot(sprite('difference'), 'difference');
  // Arrow keys move between the tabs.
  await group.getByRole('tab', { name: 'Difference' }).press('ArrowLeft');
  record.views.afterArrowLeft = await group.getByRole('tab', { selected: true }).textContent();

  // The motion: both sides read one clock.
  const motion = group.getByRole('group', { name: 'Motion' });
  const side = (name) => motion.getByRole('img', { name: new RegExp(`^${name}, frame`) });
  const state = async () => ({
    frame: Number(await motion.getAttribute('data-frame')),
    playing: (await motion.getAttribute('data-playing')) === 'true',
    expected: Number(await side('expected').getAttribute('data-key-frame')),
    actual: Number(await side('actual').getAttribute('data-key-frame')),
    expectedPosition: await side('expected').evaluate((e) => e.style.backgroundPosition),
    actualPosition: await side('actual').evaluate((e) => e.style.backgroundPosition),
    scrubber: Number(await motion.getByRole('slider', { name: 'Time' }).inputValue()),
    max: Number(await motion.getByRole('slider', { name: 'Time' }).getAttribute('max')),
  });
  record.motion.opened = await state();
  await motion.getByRole('button', { name: 'Play' }).click();
  await page.clock.runFor(500);
  record.motion.after500ms = await state();
  await motion.getByRole('button', { name: 'Pause' }).click();
  const paused = await state();
  await page.clock.runFor(500);
  record.motion.paused = paused;
  record.motion.pausedLater = await state();
  await motion.getByRole('radio', { name: '0.25×' }).check();
  await motion.getByRole('button', { name: 'Play' }).click();
  await page.clock.runFor(2000);
  await motion.getByRole('button', { name: 'Pause' }).click();
  record.motion.quarterSpeed = await state();
  record.motion.quarterSpeedStart = paused.frame;

  await motion.getByRole('slider', { name: 'Time' }).fill('46');
  record.motion.scrubbed = await state();
  await shoot(side('expected'), 'motion-expected');
  await shoot(side('actual'), 'motion-actual');

  record.motion.marks = await motion.locator('.mark').evaluateAll((marks) => marks.map((m) => ({
    frame: Number(m.dataset.frame), left: parseFloat(m.style.left),
  })));
  const jumps = motion.getByRole('button', { name: /^Go to frame \d+$/ });
  record.motion.jumps = await jumps.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')));
  const last = record.motion.jumps[record.motion.jumps.length - 1];
  await motion.getByRole('button', { name: last }).click();
  record.motion.jumped = { ...(await state()), frameIndex: Number(await frameSelect.inputValue()) };
} finally {
  await browser.close();
}
fs.writeFileSync(path.join(opts.out, 'session.json'), JSON.stringify(record, null, 2));
console.log(`golden_report_session: screenshots in ${opts.out}`);
