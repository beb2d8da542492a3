// Reference renderer for pixel tests: draws chosen frames of a Lottie JSON with
// lottie-web (the real player) in headless Debian Chromium and writes one
// transparent PX x PX PNG per frame (straight, i.e. non-premultiplied, alpha).
// --json may repeat: one browser draws them all, each into DIR/<file name without .json>/.
// --frames may repeat too: each --json takes the last --frames given before it (the last one of
// all when none comes before), so documents of different lengths share one browser.
// --markers a,b also shows each named marker (goToAndStop(name)), as marker_<name>.png (spaces
// as '_'), and records the frame lottie-web went to in markers.json.
// Start it through tests/browser/run.sh, which installs the pinned npm deps and Chromium.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, screenshot } from './chromium.mjs';

// The full player (every renderer plus expressions) from the project's pinned lottie-web.
const LOTTIE_JS = path.join(process.env.ICONSYNTH_LOTTIE_WEB || '', 'build/player/lottie.min.js');
const USAGE = 'usage: tests/browser/run.sh tests/lottie/render_frames.mjs --json FILE.json [--json FILE2.json ...] --size PX --frames 0,10,45|all --out DIR [--renderer canvas|svg] [--markers NAME,NAME]';

class UsageError extends Error {}

function parseArgs(argv) {
  const o = { renderer: 'canvas', json: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '-h' || argv[i] === '--help') { console.log(USAGE); process.exit(0); }
    const m = /^--(json|size|frames|out|renderer|markers)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new UsageError(`unknown argument '${argv[i]}'`);
    const v = m[2] ?? argv[++i];
    if (v === undefined || v === '') throw new UsageError(`--${m[1]} needs a value`);
    if (m[1] === 'json') o.json.push({ file: v, frames: o.frames });
    else o[m[1]] = v;
  }
  for (const k of ['size', 'frames', 'out']) {
    if (o[k] === undefined) throw new UsageError(`missing --${k}`);
  }
  if (o.json.length === 0) throw new UsageError('missing --json');
  if (!/^\d+$/.test(o.size) || +o.size < 1 || +o.size > 8192) throw new UsageError(`--size must be an integer in 1..8192, got '${o.size}'`);
  o.size = +o.size;
  if (!['canvas', 'svg'].includes(o.renderer)) throw new UsageError(`--renderer must be canvas or svg, got '${o.renderer}'`);
  return o;
}

// Frames are absolute Lottie frame numbers (the same numbering as ip/op and keyframe t).
function parseFrames(spec, ip, op) {
  let frames;
  if (spec === 'all') {
    frames = [];
    for (let f = Math.ceil(ip); f < op; f++) frames.push(f);
  } else {
    frames = spec.split(',').map((s) => {
      if (!/^\s*-?\d+\s*$/.test(s)) throw new UsageError(`--frames: '${s}' is not an integer frame number`);
      return parseInt(s, 10);
    });
  }
  for (const f of frames) {
    // lottie-web would not complain: outside [ip, op) it just draws an empty frame.
    if (f < ip || f >= op) throw new UsageError(`frame ${f} is outside the animation's [ip, op) = [${ip}, ${op})`);
  }
  return [...new Set(frames)];
}

function readLottie(file) {
  let text;
  try { text = fs.readFileSync(file, 'utf8'); } catch (e) { throw new UsageError(`cannot read --json ${file}: ${e.message}`); }
  let d;
  try { d = JSON.parse(text); } catch (e) { throw new UsageError(`${file} is not valid JSON: ${e.message}`); }
  for (const k of ['w', 'h', 'ip', 'op', 'fr']) {
    if (typeof d?.[k] !== 'number' || !Number.isFinite(d[k])) throw new UsageError(`${file}: top-level '${k}' must be a number`);
  }
  if (!(d.op > d.ip) || d.w <= 0 || d.h <= 0) throw new UsageError(`${file}: needs op > ip and w, h > 0`);
  if (!Array.isArray(d.layers)) throw new UsageError(`${file}: top-level 'layers' must be an array`);
  return { text, ip: d.ip, op: d.op };
}

// Runs in the page: load the animation and wait until lottie-web has built it.
async function pageLoad({ jsonText, renderer }) {
  const container = document.getElementById('c');
  window.__errors = [];
  // No animationData here: lottie-web builds the animation synchronously and reports
  // config errors only as 'error' events, so listeners must be attached first.
  const anim = lottie.loadAnimation({
    container, renderer, loop: false, autoplay: false,
    // dpr: 1 so the canvas backing store is exactly the div size whatever the device.
    rendererSettings: { clearCanvas: true, preserveAspectRatio: 'xMidYMid meet', dpr: 1 },
  });
  window.__anim = anim;
  const describe = (e) => String(e?.nativeError || e?.message || e?.type || e); // 'TypeError: ...'
  anim.addEventListener('error', (e) => window.__errors.push(describe(e)));
  const loaded = new Promise((resolve, reject) => {
    anim.addEventListener('DOMLoaded', resolve);
    anim.addEventListener('data_failed', () => reject(new Error('lottie-web: data_failed')));
    anim.addEventListener('error', (e) => reject(new Error(`lottie-web: ${describe(e)}`)));
    window.addEventListener('error', (e) => reject(new Error(`page: ${describe(e.error || e)}`)));
    setTimeout(() => reject(new Error('lottie-web: timed out waiting for DOMLoaded')), 20000);
  });
  anim.setupAnimation(JSON.parse(jsonText)); // what loadAnimation does with animationData
  await loaded;
  const cv = container.querySelector('canvas');
  return { firstFrame: anim.firstFrame, canvas: cv && [cv.width, cv.height] };
}

// Runs in the page: show one frame (or a marker, by name); for canvas also return its PNG as a data URL.
function pageFrame({ rel, marker, renderer }) {
  window.__errors.length = 0;
  // isFrame=true: 'rel' is in frames, relative to the first frame (round(ip)).
  if (marker !== undefined) window.__anim.goToAndStop(marker, true);
  else window.__anim.goToAndStop(rel, true);
  if (window.__errors.length) throw new Error(`lottie-web: ${window.__errors.join('; ')}`);
  // toDataURL keeps alpha; PNG pixels are straight (un-premultiplied) RGBA.
  return renderer === 'canvas' ? document.querySelector('#c canvas').toDataURL('image/png') : null;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const documents = opts.json.map(({ file, frames }) => {
    const { text, ip, op } = readLottie(file);
    const out = opts.json.length === 1 ? opts.out : path.join(opts.out, path.basename(file, '.json'));
    return { text, frames: parseFrames(frames ?? opts.frames, ip, op), out };
  });
  const px = opts.size;

  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: px, height: px }, deviceScaleFactor: 1 });
    // No network at all: anything the animation references by URL fails instead of fetching.
    await context.route('**/*', (route) => route.abort());
    for (const doc of documents) {
      fs.mkdirSync(doc.out, { recursive: true });
      const page = await context.newPage();
      const pageErrors = [];
      page.on('pageerror', (e) => pageErrors.push(e.message));
      // Transparent page, container exactly PX x PX at the origin.
      await page.setContent('<!doctype html><html><head><style>' +
        'html,body{margin:0;padding:0;background:transparent;overflow:hidden}' +
        `#c{width:${px}px;height:${px}px}</style></head><body><div id="c"></div></body></html>`);
      await page.addScriptTag({ path: LOTTIE_JS });
      const info = await page.evaluate(pageLoad, { jsonText: doc.text, renderer: opts.renderer });
      if (opts.renderer === 'canvas' && (!info.canvas || info.canvas[0] !== px || info.canvas[1] !== px)) {
        throw new Error(`lottie-web canvas is ${info.canvas}, expected ${px}x${px}`);
      }
      for (const f of doc.frames) {
        const url = await page.evaluate(pageFrame, { rel: f - info.firstFrame, renderer: opts.renderer });
        if (pageErrors.length) throw new Error(`page error: ${pageErrors.join('; ')}`);
        const png = url !== null
          ? Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')
          : await screenshot(page, { clip: { x: 0, y: 0, width: px, height: px }, omitBackground: true });
        const name = `frame_${f < 0 ? '-' : ''}${String(Math.abs(f)).padStart(4, '0')}.png`;
        fs.writeFileSync(path.join(doc.out, name), png);
      }
      const reached = {};
      for (const marker of (opts.markers ? opts.markers.split(',') : [])) {
        const url = await page.evaluate(pageFrame, { marker, renderer: opts.renderer });
        if (pageErrors.length) throw new Error(`page error: ${pageErrors.join('; ')}`);
        reached[marker] = await page.evaluate(() => window.__anim.currentFrame);
        const png = url !== null ? Buffer.from(url.slice(url.indexOf(',') + 1), 'base64')
          : await screenshot(page, { clip: { x: 0, y: 0, width: px, height: px }, omitBackground: true });
        fs.writeFileSync(path.join(doc.out, `marker_${marker.replace(/ /g, '_')}.png`), png);
      }
      if (opts.markers) fs.writeFileSync(path.join(doc.out, 'markers.json'), JSON.stringify(reached));
      await page.close();
      console.log(`wrote ${doc.frames.length} frame(s) ${px}x${px} (${opts.renderer}) to ${doc.out}`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((e) => {
  // Drop stack lines (page-side stacks point into minified lottie-web); keep the messages.
  const msg = String(e.message).split('\n').filter((l) => !/^\s+at /.test(l)).join('\n');
  console.error(`render_frames: ${e instanceof UsageError ? '' : 'error: '}${msg}`);
  if (e instanceof UsageError) console.error(USAGE);
  process.exitCode = e instanceof UsageError ? 2 : 1;
});
