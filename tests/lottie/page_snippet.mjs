// Runs the page-player snippet (iconsynth-web-package(7)), as written, in Node, against the real
// dotlottie-web: the page's canvas, button and matchMedia are stand-ins, the bundle and the wasm
// are served from disk. Then it records what the page shows, for tests/lottie/page_snippet_test.cpp:
//   node page_snippet.mjs SNIPPET.mjs WORK_DIR PACKAGE_DIR reduce|no-preference
// WORK_DIR holds gpu-cluster.lottie and gpu-cluster.mjs. Writes to WORK_DIR: page.mjs (the snippet,
// plus an export of `player` and `show`), <step>.rgba (straight RGBA, 128 × 128) and result.json
// with each step's state, animation and frame:
//   first    after load: the state machine at rest
//   changed  after show({weight: 3, style: 'outline'})
//   hover    pointer enter, 300 ms later (reduced motion: nothing plays)
//   button   the page's button (fires the look's motion), 300 ms later
//   click    once back at rest, a click on the canvas, 300 ms later (strong, drawn in the look)
import { mkdirSync, readFileSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [snippetFile, work, packageDir, preference] = process.argv.slice(2);
const size = 128;

// The snippet, as the test took it from the docs.
const snippet = readFileSync(snippetFile, 'utf8');
writeFileSync(join(work, 'page.mjs'), `${snippet}\nexport { player, show };\n`);

// The package resolves as the page's bundler would, from node_modules beside the page.
const modules = join(work, 'node_modules', '@lottiefiles');
mkdirSync(modules, { recursive: true });
if (!existsSync(join(modules, 'dotlottie-web'))) symlinkSync(resolve(packageDir), join(modules, 'dotlottie-web'));

// Node's fetch reads no file: URLs; the page's fetches are the bundle (src) and the wasm.
const { exports } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const wasmUrl = pathToFileURL(join(resolve(packageDir), exports['./dotlottie-player.wasm'])).href;
globalThis.fetch = async (url) => {
  const href = String(url?.url ?? url);
  if (!href.startsWith('file:')) throw new Error(`the page fetched ${href}: nothing but files here`);
  const type = href.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
  return new Response(readFileSync(new URL(href)), { headers: { 'Content-Type': type } });
};
const { DotLottie } = await import(pathToFileURL(join(modules, 'dotlottie-web', exports['.'].import.default)).href);
DotLottie.setWasmUrl(wasmUrl);

const canvas = { width: size, height: size };
const clicks = [];
globalThis.matchMedia = (query) => ({ matches: query === `(prefers-reduced-motion: ${preference})`, media: query });
globalThis.document = {
  querySelector(selector) {
    if (selector.startsWith('canvas')) return canvas;
    if (selector.startsWith('button')) return { addEventListener: (type, f) => type === 'click' && clicks.push(f) };
    throw new Error(`the page asked for ${selector}`);
  },
};

const { player, show } = await import(pathToFileURL(join(work, 'page.mjs')).href);
await new Promise((ok, bad) => {
  player.addEventListener('load', () => setTimeout(ok, 50)); // after the page's own handler
  player.addEventListener('loadError', (e) => bad(new Error(`load failed: ${e.error?.message}`)));
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const result = { clickHandlers: clicks.length };
const record = (step) => {
  writeFileSync(join(work, `${step}.rgba`), Buffer.from(player.buffer));
  result[step] = {
    state: player.stateMachineGetCurrentState(),
    animation: player.activeAnimationId,
    frame: player.currentFrame,
    playing: player.isPlaying,
  };
};
const backAtRest = async () => {
  for (let t = 0; t < 3000 && player.stateMachineGetCurrentState() !== 'rest'; t += 50) await sleep(50);
  await sleep(100);
};
record('first');
show({ weight: 3, style: 'outline' });
await sleep(50);
record('changed');
player.stateMachinePostPointerEnterEvent(10, 10);
await sleep(300);
record('hover');
await backAtRest();
for (const click of clicks) click();
await sleep(300);
record('button');
await backAtRest();
player.stateMachinePostClickEvent(10, 10);
await sleep(300);
player.pause(); // hold the frame the buffer shows
await sleep(50);
record('click');
writeFileSync(join(work, 'result.json'), JSON.stringify(result));
player.destroy();
process.exit(0);
