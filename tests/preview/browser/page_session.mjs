// Drives the preview page like a user, opened from disk in headless Chromium, and records what it
// saw: screenshots of both sides of every card at chosen frames and after each picker, the frame
// each side reports, play/pause behaviour, the slots lottie-web was given, console errors and any
// network request. It asserts nothing itself: tests/preview/page_in_browser_test.cpp does.
//   tests/browser/run.sh tests/preview/browser/page_session.mjs --page DIR/index.html --out SHOTS
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { diskPage, launchChromium } from './chromium.mjs';
import { parseArgs } from './session.mjs';

const opts = parseArgs('page_session.mjs', process.argv.slice(2), ['page', 'out']);
fs.mkdirSync(opts.out, { recursive: true });
const browser = await launchChromium();
const record = { requests: [], consoleErrors: [], pageErrors: [], frames: [], play: {}, pickers: {} };
try {
  const page = await diskPage(browser, record);  // works from disk: nothing but file:// is ever asked for
  await page.goto(pathToFileURL(path.resolve(opts.page)).href);
  await page.waitForFunction(() => window.iconsynthPreview !== undefined, null, { timeout: 20000 });

  const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const state = () => page.evaluate(() => ({ ...window.iconsynthPreview.state }));
  const styles = await page.evaluate(() => window.ICONSYNTH_PREVIEW.styles);
  // Exactly the player's pixels: its box, snapped to whole pixels as Chromium paints it.
  const shoot = async (name, side, style) => {
    const box = await page.locator(`#${side}-${style}`).boundingBox();
    const clip = { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
    await page.screenshot({ path: path.join(opts.out, `${name}-${style}-${side}.png`), clip });
  };

  // The page opens playing: frames advance by themselves; pause holds them.
  // (Frames wrap at the motion's end, so the advance is counted modulo its length.)
  const first = (await state()).frame;
  await page.waitForTimeout(400);
  record.play.opensPlaying = (await state()).playing;
  const length = await page.evaluate(() => window.ICONSYNTH_PREVIEW.motions[window.iconsynthPreview.state.motion].frames);
  record.play.advancedBy = ((await state()).frame - first + length) % length;
  await page.locator('#play').click();
  const paused = (await state()).frame;
  await page.waitForTimeout(300);
  record.play.pausedFrameMoved = (await state()).frame !== paused;
  record.play.buttonText = await page.locator('#play').textContent();

  // The scrubber moves both sides of every card to the same frame.
  for (const motion of ['light', 'strong']) {
    await page.locator('#motion').selectOption(motion);
    const count = await page.evaluate((m) => window.ICONSYNTH_PREVIEW.motions[m].frames, motion);
    for (const frame of [0, Math.floor((count - 1) / 2), count - 1]) {
      await page.locator('#scrubber').fill(String(frame));
      await settle();
      const sides = {};
      for (const style of styles) {
        sides[style] = await page.evaluate((s) => ({
          lottie: window.iconsynthPreview.lottieFrame(s),
          cairo: Number(document.getElementById(`cairo-${s}`).dataset.frame),
        }), style);
        await shoot(`${motion}-f${frame}`, 'lottie', style);
        await shoot(`${motion}-f${frame}`, 'cairo', style);
      }
      record.frames.push({ motion, frame, scrubber: Number(await page.locator('#scrubber').inputValue()),
        max: Number(await page.locator('#scrubber').getAttribute('max')),
        label: await page.locator('#frame-label').textContent(), sides });
    }
  }

  // Pickers act on the Lottie side through its slots (light motion, middle frame).
  await page.locator('#motion').selectOption('light');
  const mid = Math.floor((await page.evaluate(() => window.ICONSYNTH_PREVIEW.motions.light.frames) - 1) / 2);
  await page.locator('#scrubber').fill(String(mid));
  const slots = (style) => page.evaluate((s) => JSON.parse(JSON.stringify(window.iconsynthPreview.slots(s))), style);
  record.pickers.frame = mid;

  await page.locator('#color').fill('#e5484d');
  await settle();
  for (const style of styles) await shoot('color', 'lottie', style);
  record.pickers.colorSlots = await slots('duotone');
  record.pickers.colorCaption = await page.locator('#cards figcaption').first().textContent();

  for (const w of ['1', '3']) {
    await page.locator('#weight').fill(w);
    await settle();
    await shoot(`weight${w}`, 'lottie', 'outline');
    record.pickers[`weight${w}Slot`] = (await slots('outline')).weight.p.k;
  }
  await page.locator('#reset').click();
  await settle();
  record.pickers.afterReset = { color: await page.locator('#color').inputValue(), ...(await state()) };

  await page.locator('#theme').selectOption('light');
  await settle();
  for (const style of styles) {
    await shoot('theme-light', 'lottie', style);
    await shoot('theme-light', 'cairo', style);
  }
  record.pickers.themeColor = await page.locator('#color').inputValue();
  record.errorHidden = await page.locator('#error').isHidden();
  record.title = await page.title();
  record.about = await page.locator('#about').textContent();

  // Under prefers-reduced-motion: reduce the page opens on the rest pose and stays there until
  // the play button (an explicit request) is clicked.
  const calm = await browser.newContext({ viewport: { width: 1400, height: 1100 }, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  await calm.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
  const still = await calm.newPage();
  await still.goto(pathToFileURL(path.resolve(opts.page)).href);
  await still.waitForFunction(() => window.iconsynthPreview !== undefined, null, { timeout: 20000 });
  const calmState = () => still.evaluate(() => ({ ...window.iconsynthPreview.state }));
  record.reduced = { opened: await calmState() };
  await still.waitForTimeout(500);
  record.reduced.after500ms = await calmState();
  record.reduced.lottieFrame = await still.evaluate(() => window.iconsynthPreview.lottieFrame('outline'));
  await still.locator('#play').click();
  await still.waitForTimeout(400);
  record.reduced.afterClick = await calmState();
  await calm.close();
} finally {
  await browser.close();
}
fs.writeFileSync(path.join(opts.out, 'session.json'), JSON.stringify(record, null, 2));
console.log(`page_session: ${record.frames.length} frame stops, screenshots in ${opts.out}`);
