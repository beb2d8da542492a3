// The web package in headless Chromium, one browser for every page the web tests need:
//   tests/browser/run.sh tests/web/browser_session.mjs SITE WEB_MODULES DOTLOTTIE_WEB README OUT [CELLS]
// SITE holds generative-icons/ (the package, as `export --format web` writes it); WEB_MODULES is
// tests/web's installed node_modules (React, esbuild); DOTLOTTIE_WEB the pinned package folder;
// README the project's README (the seed's snippets are read from it as they are shown there).
// Pages are served from http://icons.test/ by Playwright's router (no server, no network):
//   /generative-icons/…                      the package, copied as a site would
//   /node_modules/@lottiefiles/dotlottie-web/ the pinned player, mapped by each page's import map
//   /assets/player.wasm                      its wasm again, where a site hosting it names it (wasmUrl)
//   /slow/PATH                               PATH, 300 ms late (a bundle still loading)
//   UNCOPIED_MASTERS                         404, as on a site that did not copy that master
// Every page is instrumented before its scripts run: each putImageData on a canvas is counted and
// logged with the player's frame, animation and state (DotLottie.prototype.setCanvas is wrapped to
// know which player draws where), chosen draws are read back with getImageData; animation-frame
// callbacks, event listeners and observed elements are counted. Writes OUT/results.json and the
// read-back pixels as OUT/<page>/<n>.rgba (straight RGBA, what getImageData gives), for
// tests/web/web_browser_test.cpp to compare with Cairo.
// Crisp cells: the seed's snippets at a CSS size and a device pixel ratio, every painted frame of
// their rest, a light and a strong play read back, and the bytes each page fetched; beside them a
// size and a ratio changed while playing. CELLS "sample" (the default) runs every page above and
// a sample of cells; "all" runs only the crisp pages, at every size and ratio of the matrix.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChromium } from './chromium.mjs';

const [site, webModules, dotlottieWeb, readme, out, cells = 'sample'] = process.argv.slice(2);
if (!out) {
  console.error('usage: run.sh browser_session.mjs SITE WEB_MODULES DOTLOTTIE_WEB README OUT');
  process.exit(2);
}
const ORIGIN = 'http://icons.test';
const DLW = '/node_modules/@lottiefiles/dotlottie-web';
const WASM = `${DLW}/dist/dotlottie-player.wasm`;
const IMPORTS = {
  '@lottiefiles/dotlottie-web': `${DLW}/dist/index.js`,
  '@lottiefiles/dotlottie-web/dotlottie-player.wasm': WASM,
  // The seed's specifiers, mapped to ours: the only change its snippets get.
  '@lottiefiles/generative-icons-runtime': '/generative-icons/runtime.mjs',
  '@lottiefiles/generative-icons-react': '/generative-icons/react.mjs',
};
const results = {};
fs.mkdirSync(out, { recursive: true });

// The seed's snippets, as the README shows them (between <!-- snippet: NAME --> and the block's end).
function snippet(name, language) {
  const text = fs.readFileSync(readme, 'utf8');
  const marker = text.indexOf(`<!-- snippet: ${name}`);
  const start = text.indexOf('```' + language + '\n', marker);
  const end = text.indexOf('\n```\n', start);
  if (marker < 0 || start < 0 || end < 0) throw new Error(`README has no ${name} snippet`);
  return text.slice(start + language.length + 4, end + 1);
}

// ---- pages and what they are served ----
const pages = new Map(); // path → [content type, body]
const fetched = {};      // path → requests
const served = [];       // [path, bytes] of every response, in order
const SLOW = '/slow', SLOW_MS = 300;        // /slow/PATH is PATH, served that late
const SELF_HOSTED_WASM = '/assets/player.wasm'; // the player's wasm where a site put it itself (wasmUrl)
// A master a site did not copy, raster and vector (no crisp cell plays weight 1.5): served as 404.
const UNCOPIED_MASTERS = ['/generative-icons/masters/gpu-cluster-36px-w1.5-outline-light-rest.webp', '/generative-icons/masters/gpu-cluster-36px-w1.5-outline-light.webp',
  '/generative-icons/masters/gpu-cluster-36px-w1.5.lottie'];
const TYPES = { '.mjs': 'text/javascript', '.js': 'text/javascript', '.wasm': 'application/wasm', '.lottie': 'application/zip',
  '.html': 'text/html', '.json': 'application/json', '.png': 'image/png', '.webp': 'image/webp' };
function fileFor(pathname) {
  if (pathname === SELF_HOSTED_WASM) return fileFor(WASM);
  if (pathname.startsWith(`${DLW}/`)) return path.join(dotlottieWeb, pathname.slice(DLW.length + 1));
  return path.join(site, pathname);
}
async function serve(route) {
  let { pathname } = new URL(route.request().url());
  fetched[pathname] = (fetched[pathname] || 0) + 1;
  if (pathname.startsWith(`${SLOW}/`)) {
    await new Promise((ok) => setTimeout(ok, SLOW_MS));
    pathname = pathname.slice(SLOW.length);
  }
  if (UNCOPIED_MASTERS.includes(pathname)) return served.push([pathname, 0]), route.fulfill({ status: 404, body: 'not found' });
  if (pages.has(pathname)) {
    const [type, body] = pages.get(pathname);
    served.push([pathname, Buffer.byteLength(body)]);
    return route.fulfill({ status: 200, contentType: type, body });
  }
  const file = fileFor(decodeURIComponent(pathname));
  if (!file.startsWith(site) && !file.startsWith(dotlottieWeb)) return route.fulfill({ status: 403, body: 'outside' });
  if (!fs.existsSync(file) || !fs.statSync(file).isFile()) return route.fulfill({ status: 404, body: 'not found' });
  const body = fs.readFileSync(file);
  served.push([pathname, body.length]);
  return route.fulfill({ status: 200, contentType: TYPES[path.extname(file)] || 'application/octet-stream', body });
}

const importMap = (imports = IMPORTS) => `<script type="importmap">${JSON.stringify({ imports })}</script>`;
// Knows which player draws on which canvas: the one the runtime hands the page's canvas, or, for
// raster masters (drawn by the runtime, the player drawing nowhere), the last player the page
// listened to when the canvas's own is gone (a new master's player, given its listeners as it loads).
const WATCH = `const setCanvas = DotLottie.prototype.setCanvas, listen = DotLottie.prototype.addEventListener;
DotLottie.prototype.setCanvas = function (canvas) { canvas.__player = this; return setCanvas.call(this, canvas); };
DotLottie.prototype.addEventListener = function (...args) { window.__listening = this; return listen.apply(this, args); };`;
const WATCH_PLAYERS = `<script type="module">
import { DotLottie } from '@lottiefiles/dotlottie-web';
${WATCH}
</script>`;
function page(pathname, body, head = importMap() + WATCH_PLAYERS) {
  pages.set(pathname, ['text/html', `<!doctype html><html><head><meta charset="utf-8">${head}` +
    `<style>body{margin:0;background:#0B0F19}canvas{display:block}</style></head><body>${body}</body></html>`]);
  return `${ORIGIN}${pathname}`;
}

// ---- the instrumentation, before any script of a page ----
function instrument() {
  const toBase64 = (bytes) => {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s);
  };
  const read = (canvas) => toBase64(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data);
  // What a player shows now: frame (the core's own, unrounded: currentFrame rounds to 0.01, which
  // moves a hold key's frame), animation, state.
  const now = (canvas) => {
    const p = canvas.__player;
    return { frame: p?._dotLottieCore?.current_frame() ?? p?.currentFrame ?? null, animation: p?.activeAnimationId ?? null, state: p?.stateMachineGetCurrentState?.() ?? null,
      w: canvas.width, h: canvas.height };
  };
  window.__readNow = (canvas) => ({ ...now(canvas), rgba: read(canvas) });
  window.__keep = () => false; // which draws to read back, beside each canvas's first
  const put = CanvasRenderingContext2D.prototype.putImageData;
  CanvasRenderingContext2D.prototype.putImageData = function (...args) {
    put.apply(this, args);
    const canvas = this.canvas;
    if (!canvas.__player?.isLoaded && window.__listening?.isLoaded) canvas.__player = window.__listening;
    canvas.__log ??= [];
    const entry = { n: canvas.__log.length + 1, t: performance.now(), ...now(canvas) };
    if (entry.n === 1 || window.__keep(canvas, entry)) entry.rgba = read(canvas);
    canvas.__log.push(entry);
  };
  // Animation-frame callbacks still to run.
  const pending = (window.__rafPending = new Set());
  let ran = 0;
  const raf = window.requestAnimationFrame.bind(window), caf = window.cancelAnimationFrame.bind(window);
  window.requestAnimationFrame = (f) => {
    const id = raf((t) => { pending.delete(id); ran += 1; const t0 = performance.now(); f(t); window.__rafMs = (window.__rafMs ?? 0) + performance.now() - t0; });
    pending.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id) => { pending.delete(id); caf(id); };
  window.__rafRan = () => ran;
  // Event listeners still attached, by target.
  const listeners = (window.__listeners = []);
  const add = EventTarget.prototype.addEventListener, remove = EventTarget.prototype.removeEventListener;
  const same = (a, target, type, f) => a.target === target && a.type === type && a.f === f;
  EventTarget.prototype.addEventListener = function (type, f, o) {
    if (f && !listeners.some((a) => same(a, this, type, f))) listeners.push({ target: this, type, f });
    return add.call(this, type, f, o);
  };
  EventTarget.prototype.removeEventListener = function (type, f, o) {
    const i = listeners.findIndex((a) => same(a, this, type, f));
    if (i >= 0) listeners.splice(i, 1);
    return remove.call(this, type, f, o);
  };
  window.__listenersOn = (test) => listeners.filter((a) => test(a.target)).map((a) => a.type);
  // Elements observed by IntersectionObserver and ResizeObserver.
  const observed = (window.__observed = new Map());
  for (const Observer of [IntersectionObserver, ResizeObserver]) {
    const { observe, unobserve, disconnect } = Observer.prototype;
    Observer.prototype.observe = function (el, ...rest) {
      if (!observed.has(this)) observed.set(this, new Set());
      observed.get(this).add(el);
      return observe.call(this, el, ...rest);
    };
    Observer.prototype.unobserve = function (el) { observed.get(this)?.delete(el); return unobserve.call(this, el); };
    Observer.prototype.disconnect = function () { observed.delete(this); return disconnect.call(this); };
  }
  window.__observedCount = () => [...observed.values()].reduce((n, s) => n + s.size, 0);
}

// ---- helpers run from Node ----
const log = (name, x) => console.log(`${name}: ${JSON.stringify(x)}`);
function saveFrames(name, entries) {
  const dir = path.join(out, name);
  fs.mkdirSync(dir, { recursive: true });
  return entries.map((e, i) => {
    const { rgba, ...rest } = e;
    if (!rgba) return rest;
    const file = path.join(dir, `${i}.rgba`);
    fs.writeFileSync(file, Buffer.from(rgba, 'base64'));
    return { ...rest, file };
  });
}
const waitFor = (page, fn, arg, timeout = 10000) => page.waitForFunction(fn, arg, { timeout, polling: 20 });
// Waits for the canvas's player to leave rest and come back (an action played to its end).
async function playedThrough(page, canvas, started = true) {
  if (started) await waitFor(page, (c) => c.__player && c.__player.stateMachineGetCurrentState() !== 'rest', canvas, 3000);
  await waitFor(page, (c) => c.__player.stateMachineGetCurrentState() === 'rest' && !c.__player.isPlaying, canvas, 5000);
  await page.waitForTimeout(60);
}
const logOf = (page, canvas) => page.evaluate((c) => c.__log, canvas);
async function newPage(context, name) {
  const p = await context.newPage();
  const errors = (results[`${name}Errors`] = []);
  p.on('pageerror', (e) => { errors.push(e.message); console.log(`${name}: page error: ${e.message}`); });
  p.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await p.mouse.move(799, 599); // away from every icon: nothing is hovered by chance
  return p;
}
// Every eighth draw of a play, read back: enough samples to see the motion, few enough to be cheap.
const SAMPLE = '(c, e) => window.__sampling && e.n % 8 === 0';

// ---- the pages ----

// The seed's JavaScript snippet, verbatim: `canvas` and `button` are the page's elements of those ids.
async function jsSnippet(context) {
  const url = page('/js.html', `<canvas id="canvas" style="width:128px;height:128px"></canvas><button id="button">Train</button>` +
    `<script type="module">\n${snippet('seed-js', 'js')}</script>`);
  const p = await newPage(context, 'js');
  await p.goto(url);
  const canvas = await p.evaluateHandle(() => document.getElementById('canvas'));
  await waitFor(p, (c) => c.__log?.length >= 1, canvas);
  await p.waitForTimeout(100); // the snippet's `await` is over: its click handler is on
  const first = await p.evaluate((c) => ({ css: getComputedStyle(c).width, ratio: devicePixelRatio, draws: c.__log.length,
    states: c.__log.slice(0, 4).map((e) => [e.state, e.frame, e.animation, e.w]) }), canvas);
  await p.evaluate(`window.__keep = ${SAMPLE}; window.__sampling = true`);
  await p.click('#button');
  await playedThrough(p, canvas);
  await p.evaluate(() => { window.__sampling = false; });
  const rest = await p.evaluate((c) => window.__readNow(c), canvas);
  results.js = { ...first, log: saveFrames('js', await logOf(p, canvas)), rest: saveFrames('js-rest', [rest])[0] };
  log('js', { ...first, draws: results.js.log.length });
  await p.close();
}

// The seed's React snippet, verbatim (at another size, its `size={32}` is that size), bundled by
// esbuild with real React as /app.js (/app-SIZE.js); the page's import map resolves only the
// player's wasm (import.meta.resolve in the bundle).
const SEED_SIZE = 32;
async function reactBundle(sizes = [SEED_SIZE]) {
  const esbuild = await import(pathToFileURL(path.join(webModules, 'esbuild/lib/main.js')).href);
  // esbuild leaves the descriptor's new URL('./gpu-cluster.lottie', import.meta.url) as it is: the
  // bundle and its masters go beside it (as esbuild users copy assets next to their output).
  fs.copyFileSync(path.join(site, 'generative-icons/gpu-cluster.lottie'), path.join(site, 'gpu-cluster.lottie'));
  fs.cpSync(path.join(site, 'generative-icons/masters'), path.join(site, 'masters'), { recursive: true });
  const started = Date.now();
  for (const size of sizes) {
    const stem = size === SEED_SIZE ? 'app' : `app-${size}`, tsx = `GpuClusterIcon${size === SEED_SIZE ? '' : size}.tsx`;
    const seed = snippet('seed-react', 'tsx');
    if (!seed.includes(`size={${SEED_SIZE}}`)) throw new Error(`the seed's React snippet has no size={${SEED_SIZE}}`);
    fs.writeFileSync(path.join(site, tsx), seed.replace(`size={${SEED_SIZE}}`, `size={${size}}`));
    fs.writeFileSync(path.join(site, `${stem}.jsx`), `import { createRoot } from 'react-dom/client';
import { DotLottie } from '@lottiefiles/dotlottie-web';
import { GpuClusterIcon } from './${tsx}';
${WATCH}
createRoot(document.getElementById('root')).render(<GpuClusterIcon />);
`);
    await esbuild.build({
      entryPoints: [path.join(site, `${stem}.jsx`)], bundle: true, format: 'esm', outfile: path.join(site, `${stem}.js`), jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' }, nodePaths: [webModules, path.dirname(path.dirname(dotlottieWeb))],
      alias: { '@lottiefiles/generative-icons-react': path.join(site, 'generative-icons/react.mjs') }, logLevel: 'error',
    });
  }
  results.esbuildMs = Date.now() - started;
}
// No flash: a look far from the bundle's own, read back from its first draw; then a live update
// and a hover in the new look. Beside it, the README's older pattern (the player on the page's
// canvas, the look set on load) as the control that shows the flash.
const FAR = { color: '#E5484D', style: 'duotone', weight: 3, theme: 'light', motion: 'strong' };
async function noFlash(context) {
  const url = page('/no-flash.html', `<canvas id="icon"></canvas><canvas id="naive" style="width:64px;height:64px"></canvas>
<canvas id="at-once"></canvas><canvas id="loading"></canvas>
<script type="module">
import { createIcon } from '/generative-icons/runtime.mjs';
import { DotLottie } from '@lottiefiles/dotlottie-web';
import icon, { src, slots } from '/generative-icons/gpu-cluster.mjs';
const canvas = document.getElementById('icon');
window.handle = createIcon(canvas, { icon, src, size: 64, ...${JSON.stringify(FAR)} });
// What the canvas shows the moment \`ready\` resolves.
window.handle.ready.then((shown) => { window.atReady = { shown, draws: canvas.__log?.length ?? 0, ...window.__readNow(canvas) }; });
// destroy() before the first frame: at once, and while its bundle loads (served ${SLOW_MS} ms late).
window.early = {};
const early = (id, bundle) => {
  const h = createIcon(document.getElementById(id), { icon, src: bundle, size: 64 });
  h.ready.then((shown) => { window.early[id] = shown; }, (e) => { window.early[id] = e.message; });
  return h;
};
early('at-once', src).destroy();
const loading = early('loading', '${SLOW}/generative-icons/gpu-cluster.lottie');
setTimeout(() => loading.destroy(), 30);
DotLottie.setWasmUrl(import.meta.resolve('@lottiefiles/dotlottie-web/dotlottie-player.wasm'));
const naive = new DotLottie({ canvas: document.getElementById('naive'), src: src.href, autoplay: false });
naive.addEventListener('load', () => naive.setSlots(slots(${JSON.stringify(FAR)})));
</script>`);
  const p = await newPage(context, 'noFlash');
  await p.goto(url);
  await waitFor(p, () => window.handle && document.getElementById('naive').__log?.length >= 2);
  await p.evaluate(() => window.handle);
  await waitFor(p, () => window.atReady && Object.keys(window.early).length === 2);
  const atReady = await p.evaluate(() => window.atReady);
  const icon = await p.evaluateHandle(() => document.getElementById('icon'));
  const naive = await p.evaluate(() => document.getElementById('naive').__log.slice(0, 2));
  const first = await logOf(p, icon);
  // A live change, then a hover: the slots survive the state machine's switch of animation.
  await p.evaluate(`window.__keep = ${SAMPLE}; window.__sampling = false`);
  const drawsBefore = first.length;
  await p.evaluate(() => window.handle.update({ weight: 3, color: '#22C55E', style: 'solid' }));
  await p.waitForTimeout(50);
  const updated = (await logOf(p, icon)).slice(drawsBefore);
  const afterUpdate = await p.evaluate((c) => window.__readNow(c), icon);
  await p.evaluate(() => { window.__sampling = true; });
  const b = await icon.boundingBox();
  await p.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await playedThrough(p, icon);
  const hover = (await logOf(p, icon)).slice(drawsBefore + updated.length).filter((e) => e.rgba);
  // A new size, live: CSS px and pixels follow.
  await p.evaluate(() => window.handle.update({ size: 40 }));
  await p.waitForTimeout(50);
  const resized = { css: await p.evaluate((c) => getComputedStyle(c).width, icon), ...(await p.evaluate((c) => window.__readNow(c), icon)) };
  // Long after the late bundle arrived: the destroyed icons drew nothing.
  const early = await p.evaluate(() => ({ ...window.early,
    draws: ['at-once', 'loading'].map((id) => document.getElementById(id).__log?.length ?? 0) }));
  results.noFlash = {
    first: saveFrames('no-flash', first.slice(0, 1))[0],
    atReady: saveFrames('at-ready', [atReady])[0],
    early,
    naive: saveFrames('naive', naive),
    updatedDraws: updated.length,
    afterUpdate: saveFrames('after-update', [afterUpdate])[0],
    hover: saveFrames('update-hover', hover),
    resized: saveFrames('resized', [resized])[0],
  };
  log('noFlash', { naive: naive.map((e) => e.n), atReady: atReady.draws, early, updatedDraws: updated.length, hoverSamples: hover.length });
  await p.close();
}

// Reduced motion emulated, then switched off while the page is open.
async function reducedMotion(context) {
  const url = page('/calm.html', `<canvas id="icon"></canvas><script type="module">
import { createIcon } from '/generative-icons/runtime.mjs';
import icon from '/generative-icons/gpu-cluster.mjs';
window.handle = await createIcon(document.getElementById('icon'), { icon, size: 64 });
</script>`);
  const p = await newPage(context, 'calm');
  await p.emulateMedia({ reducedMotion: 'reduce' });
  await p.goto(url);
  await waitFor(p, () => window.handle?.player);
  const icon = await p.evaluateHandle(() => document.getElementById('icon'));
  const b = await icon.boundingBox();
  const state = () => p.evaluate((c) => ({ draws: c.__log.length, state: c.__player.stateMachineGetCurrentState(), frame: c.__player.currentFrame }), icon);
  const r = { loaded: await state() };
  await p.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await p.waitForTimeout(400);
  r.hoverReduced = await state();
  await p.mouse.move(b.x + 300, b.y + 300);
  await p.emulateMedia({ reducedMotion: 'no-preference' });
  await p.waitForTimeout(50);
  await p.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await p.waitForTimeout(400);
  r.hoverAllowed = await state();
  // The page zoomed to a pixel ratio of 2 (as a zoom or another screen would): the canvas follows.
  await playedThrough(p, icon, false);
  const before = await p.evaluate((c) => c.width, icon);
  const cdp = await p.context().newCDPSession(p);
  // (The viewport changes by a pixel too: with the same size, Chromium's emulation re-evaluates no media query.)
  await cdp.send('Emulation.setDeviceMetricsOverride', { width: 799, height: 600, deviceScaleFactor: 2, mobile: false });
  await waitFor(p, (c) => c.width !== 64, icon, 3000).catch(() => {});
  await p.waitForTimeout(50);
  const zoomed = await p.evaluate((c) => window.__readNow(c), icon);
  r.zoom = { before, ratio: await p.evaluate(() => devicePixelRatio),  css: await p.evaluate((c) => getComputedStyle(c).width, icon),
    ...saveFrames('zoomed', [zoomed])[0] };
  results.calm = r;
  log('calm', r);
  await p.close();
}

// 40 icons: one wasm load; those scrolled out of view draw nothing while every icon is asked to
// play; destroy() on all leaves no animation-frame callback, listener or observed element.
async function forty(context) {
  const cells = Array.from({ length: 40 }, (_, i) => `<canvas class="icon" id="i${i}"></canvas>${i === 15 ? '<div style="height:3000px"></div>' : ''}`);
  const url = page('/forty.html', `<div style="display:flex;flex-wrap:wrap;width:800px">${cells.join('')}</div><script type="module">
import { createIcon } from '/generative-icons/runtime.mjs';
import icon, { src } from '/generative-icons/gpu-cluster.mjs';
window.handles = [...document.querySelectorAll('canvas.icon')].map((c, i) => createIcon(c, { icon, src, size: 48, weight: 1 + (i % 5) * 0.5 }));
await Promise.all(window.handles);
window.shown = true;
</script>`);
  const p = await newPage(context, 'forty');
  const fetchedBefore = { ...fetched };
  await p.setViewportSize({ width: 800, height: 600 });
  await p.goto(url);
  await waitFor(p, () => window.shown);
  await p.waitForTimeout(100);
  const draws = () => p.evaluate(() => [...document.querySelectorAll('canvas.icon')].map((c) => c.__log?.length ?? 0));
  const inView = () => p.evaluate(() => [...document.querySelectorAll('canvas.icon')].map((c) => {
    const r = c.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight;
  }));
  const r = { visibleAtLoad: await inView() };
  // Idle: what a second of rest costs in animation-frame callbacks with 16 icons in view.
  let ran = await p.evaluate(() => { window.__rafMs = 0; return window.__rafRan(); });
  await p.waitForTimeout(500);
  r.rafPerSecondAtRest = ((await p.evaluate(() => window.__rafRan())) - ran) * 2;
  r.rafMsPerSecondAtRest = (await p.evaluate(() => window.__rafMs)) * 2;
  // Scroll the first 16 out of view, the other 24 in, and ask every icon to play.
  await p.evaluate(() => document.getElementById('i16').scrollIntoView());
  await p.waitForTimeout(150);
  r.visibleWhilePlaying = await inView();
  const before = await draws();
  ran = await p.evaluate(() => window.__rafRan());
  await p.evaluate(() => window.handles.forEach((h) => h.play('strong')));
  await p.waitForTimeout(700);
  const after = await draws();
  r.drawsWhilePlaying = after.map((n, i) => n - before[i]);
  r.rafPerSecondPlaying = ((await p.evaluate(() => window.__rafRan())) - ran) / 0.7;
  // Back up: the first 16 play their action now; the other 24, out of view once the observer has
  // told them (a frame or two), draw nothing more.
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.waitForTimeout(200);
  const settled = await draws();
  await p.waitForTimeout(400);
  const back = await draws();
  r.visibleAfterScrollBack = await inView();
  r.drawsAfterScrollBack = back.map((n, i) => n - settled[i]);
  // Destroyed mid-play, loops running: nothing may be left.
  const count = () => p.evaluate(() => ({
    raf: window.__rafPending.size,
    canvasListeners: window.__listenersOn((t) => t instanceof HTMLCanvasElement).length,
    mediaListeners: window.__listenersOn((t) => t instanceof MediaQueryList).length,
    observed: window.__observedCount(),
  }));
  r.beforeDestroy = await count();
  await p.evaluate(() => window.handles.forEach((h) => h.destroy()));
  await p.waitForTimeout(100);
  r.afterDestroy = await count();
  r.wasmFetches = (fetched[WASM] ?? 0) - (fetchedBefore[WASM] ?? 0);
  const bundlePath = '/generative-icons/gpu-cluster.lottie';
  r.bundleFetches = (fetched[bundlePath] ?? 0) - (fetchedBefore[bundlePath] ?? 0);
  // Weights 1.5, 2 and 2.5 play their 48 px masters, 1 and 3 the bundle: each fetched once.
  r.masterFetches = Object.fromEntries(Object.keys(fetched).filter((at) => at.startsWith('/generative-icons/masters/'))
    .map((at) => [at, fetched[at] - (fetchedBefore[at] ?? 0)]).filter(([, n]) => n > 0));
  results.forty = r;
  log('forty', { ...r, visibleAtLoad: undefined, visibleWhilePlaying: undefined });
  await p.close();
}

// The custom element: attributes set the look, hover plays by itself, an attribute change is live,
// a click plays by itself.
async function element(context) {
  const url = page('/element.html', `<script type="module" src="/generative-icons/element.mjs"></script>
<generative-icon id="el" icon="/generative-icons/gpu-cluster.mjs" size="64" color="#E5484D" variant="duotone" weight="2.5"></generative-icon>`);
  const p = await newPage(context, 'element');
  await p.goto(url);
  await waitFor(p, () => document.getElementById('el')?.shadowRoot?.querySelector('canvas')?.__log?.length >= 1);
  const ready = await p.evaluate(() => document.getElementById('el').ready);
  const canvas = await p.evaluateHandle(() => document.getElementById('el').shadowRoot.querySelector('canvas'));
  await p.evaluate(`window.__keep = ${SAMPLE}; window.__sampling = true`);
  const b = await canvas.boundingBox();
  await p.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await playedThrough(p, canvas);
  await p.evaluate(() => { window.__sampling = false; });
  const hovered = await logOf(p, canvas);
  await p.evaluate(() => document.getElementById('el').setAttribute('color', '#22C55E'));
  await p.waitForTimeout(50);
  const recoloured = await p.evaluate((c) => window.__readNow(c), canvas);
  // A click, the pointer already on the icon (no pointer enter): the bundle's click plays.
  const drawsBeforeClick = await p.evaluate((c) => c.__log.length, canvas);
  await p.evaluate(() => { window.__sampling = true; });
  await p.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
  await playedThrough(p, canvas);
  await p.evaluate(() => { window.__sampling = false; });
  const clicked = (await logOf(p, canvas)).slice(drawsBeforeClick);
  const label = await p.evaluate((c) => c.getAttribute('aria-label'), canvas);
  await p.evaluate(() => document.getElementById('el').remove());
  await p.waitForTimeout(50);
  const left = await p.evaluate((c) => ({ player: c.__player?.isLoaded ?? false, listeners: window.__listenersOn((t) => t === c).length }), canvas);
  results.element = { ready, label, left, log: saveFrames('element', hovered), recoloured: saveFrames('element-recoloured', [recoloured])[0],
    click: saveFrames('element-click', clicked) };
  log('element', { ready, label, left, clickDraws: clicked.length });
  await p.close();
}

// Bad options throw naming the option; a missing bundle or wasm rejects naming src or wasmUrl.
async function errors(context) {
  const url = page('/errors.html', `<canvas id="c"></canvas><script type="module">
import { createIcon } from '/generative-icons/runtime.mjs';
import icon, { src } from '/generative-icons/gpu-cluster.mjs';
const c = document.getElementById('c');
const thrown = (options) => { try { createIcon(c, options).destroy(); return 'no error'; } catch (e) { return e.constructor.name + ': ' + e.message; } };
const rejected = async (options) => { try { const h = await createIcon(c, options); h.destroy(); return 'no error'; } catch (e) { return e.message; } };
window.out = {
  weight: thrown({ icon, weight: 5 }),
  style: thrown({ icon, style: 'sketch' }),
  motion: thrown({ icon, motion: 'fast' }),
  color: thrown({ icon, color: 'red' }),
  theme: thrown({ icon, theme: 'sepia' }),
  size: thrown({ icon, size: -4 }),
  unknown: thrown({ icon, variant: 'outline' }),
  icon: thrown({ src }),
  updateWeight: (() => { const h = createIcon(c, { icon }); try { h.update({ weight: 0 }); return 'no error'; } catch (e) { return e.message; } finally { h.destroy(); } })(),
  src: await rejected({ icon, src: '/generative-icons/missing.lottie' }),
};
</script>`);
  const p = await newPage(context, 'errors');
  await p.goto(url);
  await waitFor(p, () => window.out, undefined, 20000);
  results.errors = await p.evaluate(() => window.out);
  log('errors', results.errors);
  await p.close();
}

// A page that hosts the wasm itself: two icons given \`wasmUrl\`, no import map entry for the wasm.
async function wasmUrl(context) {
  const url = page('/wasm-url.html', `<canvas id="a"></canvas><canvas id="b"></canvas><script type="module">
import { createIcon } from '/generative-icons/runtime.mjs';
import icon from '/generative-icons/gpu-cluster.mjs';
const wasmUrl = '${SELF_HOSTED_WASM}';
window.handles = await Promise.all(['a', 'b'].map((id) => createIcon(document.getElementById(id), { icon, wasmUrl, size: 64 })));
</script>`, importMap({ '@lottiefiles/dotlottie-web': IMPORTS['@lottiefiles/dotlottie-web'] }) + WATCH_PLAYERS);
  const p = await newPage(context, 'wasmUrl');
  const fetchedBefore = { ...fetched }, foreignBefore = results.foreignRequests?.length ?? 0;
  await p.goto(url);
  await waitFor(p, () => window.handles);
  const canvas = await p.evaluateHandle(() => document.getElementById('a'));
  const fetches = (at) => (fetched[at] ?? 0) - (fetchedBefore[at] ?? 0);
  results.wasmUrl = {
    players: await p.evaluate(() => window.handles.map((h) => h.player !== null)),
    selfHostedFetches: fetches(SELF_HOSTED_WASM), packageWasmFetches: fetches(WASM),
    foreignRequests: (results.foreignRequests?.length ?? 0) - foreignBefore,
    first: saveFrames('wasm-url', (await logOf(p, canvas)).slice(0, 1))[0],
  };
  log('wasmUrl', { ...results.wasmUrl, first: undefined });
  await p.close();
}

// A page whose player cannot load its wasm (a fresh page: a page loads it once): a wasmUrl that is
// missing, then no wasmUrl and no import map entry for it; both reject naming wasmUrl.
async function wasmErrors(context) {
  const url = page('/no-wasm.html', `<canvas id="c"></canvas><script type="module">
import { createIcon } from '/generative-icons/runtime.mjs';
import icon from '/generative-icons/gpu-cluster.mjs';
const rejected = async (options) => { try { (await createIcon(document.getElementById('c'), options)).destroy(); return 'no error'; } catch (e) { return e.message; } };
window.out = { missing: await rejected({ icon, wasmUrl: '/missing.wasm' }), unmapped: await rejected({ icon }) };
</script>`, importMap({ '@lottiefiles/dotlottie-web': IMPORTS['@lottiefiles/dotlottie-web'] }));
  const p = await newPage(context, 'wasmErrors');
  await p.goto(url);
  await waitFor(p, () => window.out);
  results.wasmErrors = await p.evaluate(() => window.out);
  log('wasmErrors', results.wasmErrors);
  await p.close();
}

// A master the site did not copy: the icon shows all the same, from the bundle.
async function uncopiedMaster(context) {
  const url = page('/uncopied.html', `<canvas id="c"></canvas><script type="module">
import { createIcon } from '/generative-icons/runtime.mjs';
import icon from '/generative-icons/gpu-cluster.mjs';
window.shown = await createIcon(document.getElementById('c'), { icon, size: 36, weight: 1.5 }).ready;
</script>`);
  const p = await newPage(context, 'uncopied');
  const from = served.length;
  await p.goto(url);
  await waitFor(p, () => window.shown !== undefined);
  const canvas = await p.evaluateHandle(() => document.getElementById('c'));
  results.uncopied = { shown: await p.evaluate(() => window.shown), first: saveFrames('uncopied', (await logOf(p, canvas)).slice(0, 1))[0],
    fetched: served.slice(from).map(([at]) => at).filter((at) => at.endsWith('.lottie') || at.endsWith('.webp')) };
  log('uncopied', { ...results.uncopied, first: undefined });
  await p.close();
}

// ---- crisp: what a page plays at each size and ratio ----

const CRISP_SIZES = [16, 20, 24, 32, 40, 48], CRISP_RATIOS = [1, 1.5, 2];
// The default run's sample: the seed's React snippet as it is at ratios 1 and 2 (masters of 32
// and 64 px; also test_web_browser's React case), and the JS snippet at 20 px and ratio 1.5 (a
// backing store of 30 px, its cards drawn as bands). The slow matrix plays every cell.
const CRISP_SAMPLE = [['react', 32, 1], ['react', 32, 2], ['js', 20, 1.5]];
const EVERY = '() => window.__sampling';

// One cell: the snippet on a page at `ratio`, its first frame (the rest pose), then a light play
// (the JS snippet's button, a hover on the React one) and a strong one (a click on the canvas),
// every painted frame read back, and every response the page got.
async function crispCell(context, [snippetName, size, ratio]) {
  const name = `crisp-${snippetName}-${size}-${ratio}`;
  const url = snippetName === 'js'
    ? page(`/${name}.html`, `<canvas id="canvas" style="width:${size}px;height:${size}px"></canvas><button id="button">Train</button>` +
      `<script type="module">\n${snippet('seed-js', 'js')}</script>`)
    : page(`/${name}.html`, `<div id="root"></div><script type="module" src="/${size === SEED_SIZE ? 'app' : `app-${size}`}.js"></script>`,
      importMap({ '@lottiefiles/dotlottie-web/dotlottie-player.wasm': WASM }));
  const p = await newPage(context, name);
  const from = served.length;
  await p.goto(url);
  await waitFor(p, () => document.querySelector('canvas')?.__log?.length >= 1);
  await p.waitForTimeout(100); // the JS snippet's `await` is over: its click handler is on
  const canvas = await p.evaluateHandle(() => document.querySelector('canvas'));
  const fetchedAtFirstPaint = served.slice(from);
  const box = await p.evaluate((c) => ({ css: getComputedStyle(c).width, cssHeight: getComputedStyle(c).height, width: c.width, height: c.height,
    ratio: devicePixelRatio, label: c.getAttribute('aria-label') }), canvas);
  await p.evaluate(`window.__keep = ${EVERY}; window.__sampling = true`);
  const b = await canvas.boundingBox();
  if (snippetName === 'js') await p.click('#button');
  else await p.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
  await playedThrough(p, canvas);
  await p.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
  await playedThrough(p, canvas);
  await p.evaluate(() => { window.__sampling = false; });
  const draws = await logOf(p, canvas);
  const rest = await p.evaluate((c) => window.__readNow(c), canvas);
  results.crisp[name] = { snippet: snippetName, size, ratio, ...box, fetchedAtFirstPaint, log: saveFrames(name, draws),
    rest: saveFrames(`${name}-rest`, [rest])[0] };
  log(name, { draws: draws.length, fetched: fetchedAtFirstPaint.length });
  await p.mouse.move(799, 599);
  await p.close();
}

// A size changed from 32 to 48 during a strong play (ratio 1), the ratio from 1 to 2 during a
// light one (32 CSS px), and the canvas's box from 32 to 48 CSS px with no `size` during a strong
// one: every painted frame read back, before, across and after the switch. After the size's
// switch, looks at rest: a weight between presets (the bundle), a preset with another colour and
// theme (its master), each the next frame drawn.
async function crispSwitches(context) {
  const script = (options) => `<script type="module">
import { createIcon } from '/generative-icons/runtime.mjs';
import icon from '/generative-icons/gpu-cluster.mjs';
window.handle = await createIcon(document.getElementById('icon'), { icon, ${options}color: '#ffffff', theme: 'dark' });
</script>`;
  const sized = page('/crisp-switch.html', `<canvas id="icon"></canvas>${script('size: 32, ')}`);
  const boxed = page('/crisp-switch-box.html', `<canvas id="icon" style="width:32px;height:32px"></canvas>${script('')}`);
  for (const change of ['size', 'ratio', 'box']) {
    const p = await newPage(context, `switch-${change}`);
    await p.goto(change === 'box' ? boxed : sized);
    await waitFor(p, () => window.handle?.player);
    const canvas = await p.evaluateHandle(() => document.getElementById('icon'));
    const drawsBefore = await p.evaluate((c) => c.__log.length, canvas);
    await p.evaluate(`window.__keep = ${EVERY}; window.__sampling = true`);
    await p.evaluate((motion) => window.handle.play(motion), change === 'ratio' ? 'light' : 'strong');
    await waitFor(p, (c) => c.__player?.stateMachineGetCurrentState() !== 'rest' && c.__player.currentFrame > 20, canvas, 3000);
    if (change === 'size') {
      await p.evaluate(() => window.handle.update({ size: 48 }));
    } else if (change === 'box') {
      await p.evaluate((c) => { c.style.width = c.style.height = '48px'; }, canvas);
    } else {
      const cdp = await p.context().newCDPSession(p);
      // (The viewport changes by a pixel too: with the same size, Chromium's emulation re-evaluates no media query.)
      await cdp.send('Emulation.setDeviceMetricsOverride', { width: 799, height: 600, deviceScaleFactor: 2, mobile: false });
    }
    await playedThrough(p, canvas, false);
    await p.evaluate(() => { window.__sampling = false; });
    const after = await p.evaluate((c) => ({ css: getComputedStyle(c).width, ratio: devicePixelRatio }), canvas);
    results.crisp[`switch-${change}`] = { ...after, log: saveFrames(`switch-${change}`, (await logOf(p, canvas)).slice(drawsBefore)) };
    if (change === 'size') results.crisp.looks = await crispLooks(p, canvas);
    await p.close();
  }
}

// The next frame drawn after each change of look on an open page at rest.
async function crispLooks(p, canvas) {
  const looks = { between: { weight: 2.25 }, preset: { weight: 2.5, color: '#E5484D', theme: 'light' } };
  const out = {};
  for (const [name, look] of Object.entries(looks)) {
    const before = await p.evaluate((c) => c.__log.length, canvas), from = served.length;
    await p.evaluate((l) => { window.__keep = () => true; window.handle.update(l); }, look);
    await waitFor(p, ([c, n]) => c.__log.length > n, [canvas, before], 3000);
    await p.waitForTimeout(50);
    const draws = (await logOf(p, canvas)).slice(before);
    out[name] = { look, draws: draws.length, first: saveFrames(`looks-${name}`, draws.slice(0, 1))[0], fetched: served.slice(from) };
  }
  await p.evaluate(() => { window.__keep = () => false; });
  return out;
}

async function crispPages(contexts) {
  const list = cells === 'all' ? CRISP_SIZES.flatMap((size) => CRISP_RATIOS.flatMap((ratio) => [['js', size, ratio], ['react', size, ratio]]))
    : CRISP_SAMPLE;
  results.crisp = {};
  for (const cell of list) await crispCell(contexts[cell[2]], cell);
  if (cells !== 'all') await crispSwitches(contexts[1]);
}

const started = Date.now();
const browser = await launchChromium();
try {
  const contexts = {};
  for (const ratio of CRISP_RATIOS) {
    contexts[ratio] = await browser.newContext({ deviceScaleFactor: ratio, viewport: { width: 800, height: 600 } });
    await contexts[ratio].addInitScript(instrument);
    // icons.test is ours; any other request (a CDN) is counted and refused.
    await contexts[ratio].route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === ORIGIN) return serve(route);
      results.foreignRequests = [...(results.foreignRequests ?? []), url.href];
      return route.abort();
    });
  }
  results.pageMs = {};
  const timed = async (name, run) => {
    const t0 = Date.now();
    await run();
    results.pageMs[name] = Date.now() - t0;
  };
  await timed('esbuild', () => reactBundle(cells === 'all' ? CRISP_SIZES : [SEED_SIZE]));
  if (cells !== 'all') {
    await timed('js', () => jsSnippet(contexts[1]));
    await timed('noFlash', () => noFlash(contexts[2]));
    await timed('calm', () => reducedMotion(contexts[1]));
    await timed('forty', () => forty(contexts[1]));
    await timed('element', () => element(contexts[1]));
    await timed('errors', () => errors(contexts[1]));
    await timed('wasmUrl', () => wasmUrl(contexts[1]));
    await timed('wasmErrors', () => wasmErrors(contexts[1]));
    await timed('uncopied', () => uncopiedMaster(contexts[1]));
  }
  await timed('crisp', () => crispPages(contexts));
  results.foreignRequests ??= [];
  results.sessionMs = Date.now() - started;
} finally {
  await browser.close();
}
fs.writeFileSync(path.join(out, 'results.json'), JSON.stringify(results, null, 1));
console.log(`web session: ${results.sessionMs} ms (${JSON.stringify(results.pageMs)}), results in ${out}`);
