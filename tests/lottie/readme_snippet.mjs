// Runs the README's page snippet ("snippet: page-player") as written, in Node, against the real
// dotlottie-web: the page's canvas and button are stand-ins, the bundle and the wasm are served
// from disk. Then it records what the page shows, for tests/lottie/readme_snippet_test.cpp:
//   node readme_snippet.mjs README.md WORK_DIR PACKAGE_DIR FRAMES
// WORK_DIR holds gpu-cluster.lottie and gpu-cluster.mjs; FRAMES is a comma list. Writes to WORK_DIR:
//   page.mjs (the snippet, plus an export of `player` and `show`), <step>_<frame>.rgba (straight RGBA,
//   128 × 128) for step "first" (the snippet's look) and "changed" (after show({weight: 3, style:
//   'outline'})), and result.json {first, changed: {animation}, played: frames advanced after a click}.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [readme, work, packageDir, frameList] = process.argv.slice(2);
const size = 128;

// The snippet: the js block after the marker comment.
const text = readFileSync(readme, 'utf8');
const marker = text.indexOf('<!-- snippet: page-player');
const start = text.indexOf('```js\n', marker);
const end = text.indexOf('```\n', start + 6);
if (marker < 0 || start < 0 || end < 0) throw new Error('README has no page-player snippet');
writeFileSync(join(work, 'page.mjs'), `${text.slice(start + 6, end)}\nexport { player, show };\n`);

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
globalThis.document = {
  querySelector(selector) {
    if (selector.startsWith('canvas')) return canvas;
    if (selector.startsWith('button')) return { addEventListener: (type, f) => type === 'click' && clicks.push(f) };
    throw new Error(`the page asked for ${selector}`);
  },
};

const { player, show } = await import(pathToFileURL(join(work, 'page.mjs')).href);
await new Promise((ok, bad) => {
  player.addEventListener('load', () => setTimeout(ok, 0)); // after the page's own handler
  player.addEventListener('loadError', (e) => bad(new Error(`load failed: ${e.error?.message}`)));
});

const frames = frameList.split(',').map(Number);
const record = (step) => {
  for (const f of frames) {
    player.setFrame(f);
    writeFileSync(join(work, `${step}_${f}.rgba`), Buffer.from(player.buffer));
  }
  return { animation: player.activeAnimationId, playing: player.isPlaying };
};
const result = { first: record('first') };
show({ weight: 3, style: 'outline' });
result.changed = record('changed');
// The button: a click plays the animation, and the clock moves it on.
player.setFrame(0);
const before = player.currentFrame;
for (const click of clicks) click();
await new Promise((ok) => setTimeout(ok, 400));
result.played = player.currentFrame - before;
result.clickHandlers = clicks.length;
writeFileSync(join(work, 'result.json'), JSON.stringify(result));
player.destroy();
process.exit(0);
