// Shows our animated SVGs in headless Debian Chromium, with no player: the browser's own CSS
// animations. One browser runs a whole job (a JSON file):
//   { "size": 128, "documents": [ { "svg": FILE, "out": DIR, "css": "page stylesheet", "size": 24 (default: the job's),
//       "reducedMotion": false, "asImage": false, "fps": 60, "frames": [0, 1, …], "waitMs": [0, 400] } ],
//     "triggers": { "svg": FILE, "out": FILE.json }, "page": { "html": FILE, "out": FILE.json } }
// Each document is inlined in a page (so the page's CSS reaches it), or shown as an <img>. For every frame f, all of the
// page's animations are paused at f / fps * 1000 ms (Web Animations API) and the SVG is written as
// DIR/frame_NNNN.png; for every waitMs entry the page is shot that long after load, running freely
// (DIR/wait_NNNN.png). DIR/animations.json records how many animations the page had.
// "triggers" inlines the SVG four times, once per trigger, and records which run when. "page"
// opens a whole HTML page (the README's example) and records, for each inline SVG, its colour,
// the stroke width its first line gets, and how many of its animations run, before and while the
// pointer is over the page's first button.
// Start it through tests/browser/run.sh, which installs the pinned npm deps and Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium, screenshot } from './chromium.mjs';

const USAGE = 'usage: tests/browser/run.sh tests/svg/svg_frames.mjs JOB.json';

const pad = (n) => String(n).padStart(4, '0');

function page_html(svg, css) {
  return '<!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent;overflow:hidden}' +
    `svg{display:block}${css || ''}</style></head><body>${svg}</body></html>`;
}

async function shoot(page, px, file) {
  fs.writeFileSync(file, await screenshot(page, { clip: { x: 0, y: 0, width: px, height: px }, omitBackground: true }));
}

async function renderDocument(context, jobPx, doc) {
  const px = doc.size || jobPx;
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.emulateMedia({ reducedMotion: doc.reducedMotion ? 'reduce' : 'no-preference' });
  fs.mkdirSync(doc.out, { recursive: true });
  const started = Date.now();
  const svg = fs.readFileSync(doc.svg, 'utf8');
  // As an <img>, no page CSS reaches the SVG and its animations are not the page's.
  const body = doc.asImage ? `<img style="display:block" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">` : svg;
  await page.setContent(page_html(body, doc.css));
  const counts = { atLoad: await page.evaluate(() => document.getAnimations().length) };
  for (const ms of doc.waitMs || []) {
    const left = started + ms - Date.now();
    if (left > 0) await page.waitForTimeout(left);
    await shoot(page, px, path.join(doc.out, `wait_${pad(ms)}.png`));
  }
  for (const f of doc.frames || []) {
    await page.evaluate((t) => {
      for (const a of document.getAnimations()) {
        a.pause();
        a.currentTime = t;
      }
    }, (f / doc.fps) * 1000);
    await shoot(page, px, path.join(doc.out, `frame_${pad(f)}.png`));
  }
  if (errors.length) throw new Error(`page error: ${errors.join('; ')}`);
  fs.writeFileSync(path.join(doc.out, 'animations.json'), JSON.stringify(counts));
  await page.close();
  console.log(`${doc.svg}: ${(doc.frames || []).length} frame(s), ${(doc.waitMs || []).length} timed shot(s) in ${doc.out}`);
}

// Which of four copies of the SVG run their animations, after each step of a visitor's session.
async function probeTriggers(context, job) {
  const svg = fs.readFileSync(job.svg, 'utf8');
  const page = await context.newPage();
  await page.setViewportSize({ width: 800, height: 200 });
  const slot = (id, attr) => `<div id="${id}" style="display:inline-block;padding:20px">${svg.replace('<svg ', `<svg ${attr} `)}</div>`;
  await page.setContent(page_html(
    slot('load', '') + slot('hover', 'data-play="hover"') + slot('parent', 'data-play="parent-hover"') + slot('class', 'data-play="class"'),
    'body{display:flex}'));
  const running = () => page.evaluate(() => Object.fromEntries(['load', 'hover', 'parent', 'class'].map(
    (id) => [id, document.getElementById(id).getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length])));
  const steps = {};
  await page.mouse.move(790, 190); // away from every copy
  steps.loaded = await running();
  const box = async (id, inner) => page.locator(inner ? `#${id} svg` : `#${id}`).boundingBox();
  let b = await box('hover', true);
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  steps.hoverOwnSvg = await running();
  b = await box('parent', false);
  await page.mouse.move(b.x + 5, b.y + 5); // on the parent, off the SVG
  steps.hoverParent = await running();
  await page.mouse.move(790, 190);
  steps.pointerAway = await running();
  await page.evaluate(() => document.querySelector('#class svg').classList.add('play'));
  steps.classPlay = await running();
  fs.writeFileSync(job.out, JSON.stringify(steps));
  await page.close();
  console.log(`triggers: ${JSON.stringify(steps)}`);
}

async function probePage(context, job) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 800, height: 300 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setContent(fs.readFileSync(job.html, 'utf8'));
  const look = () => page.evaluate(() => [...document.querySelectorAll('svg')].map((svg) => ({
    play: svg.getAttribute('data-play'),
    color: getComputedStyle(svg).color,
    strokeWidth: getComputedStyle(svg.querySelector('line')).strokeWidth,
    running: svg.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length,
  })));
  await page.mouse.move(790, 290);
  const result = { loaded: await look() };
  await page.hover('button');
  result.overButton = await look();
  if (errors.length) throw new Error(`page error: ${errors.join('; ')}`);
  fs.writeFileSync(job.out, JSON.stringify(result));
  await page.close();
  console.log(`page: ${JSON.stringify(result)}`);
}

async function main() {
  const argv = process.argv.slice(2);
  if (argv.length !== 1 || argv[0] === '--help') {
    console.log(USAGE);
    process.exit(argv[0] === '--help' ? 0 : 2);
  }
  const job = JSON.parse(fs.readFileSync(argv[0], 'utf8'));
  try {
    await runJob(job);
  } catch (e) {
    // Every shot is rewritten, so a job whose browser died under it can run again; our own
    // errors (a page error, a bad job) are not retried.
    if (!/crash|closed|disconnected/i.test(e.message)) throw e;
    console.error(`svg_frames: the browser went away (${e.message.split('\n')[0]}); running the job once more`);
    await runJob(job);
  }
}

async function runJob(job) {
  const px = job.size;
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: px, height: px }, deviceScaleFactor: 1 });
    // No network at all: an SVG that referenced anything outside itself would fail to show it.
    await context.route('**/*', (route) => route.abort());
    for (const doc of job.documents || []) await renderDocument(context, px, doc);
    if (job.triggers) await probeTriggers(context, job.triggers);
    if (job.page) await probePage(context, job.page);
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  console.error(`svg_frames: error: ${e.message}`);
  process.exitCode = 1;
});
