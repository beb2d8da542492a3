// Drives the bundle's state machines in the real player (npm @lottiefiles/dotlottie-web in plain
// Node, its own clock) as a page's pointer would, and records what happened for
// tests/lottie/state_machine_test.cpp (it asserts nothing itself):
//   node state_machine_session.mjs BUNDLE.lottie PACKAGE_DIR OUT.json STYLE...
// For each style, on a player of its own (all at once): the state machine loads and starts; then
// idle, pointer enter, click, a click during the hover play, the page's own Event, and reduced
// motion (hover, then click), each followed until the machine is back at rest.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [bundlePath, packageDir, outPath, ...styles] = process.argv.slice(2);
const dir = resolve(packageDir);
const { exports } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const wasmUrl = pathToFileURL(join(dir, exports['./dotlottie-player.wasm'])).href;
globalThis.fetch = async (url) => {
  if (String(url?.url ?? url) !== wasmUrl) throw new Error(`fetches nothing but the wasm (${url})`);
  return new Response(readFileSync(new URL(wasmUrl)), { headers: { 'Content-Type': 'application/wasm' } });
};
const { DotLottie } = await import(pathToFileURL(join(dir, exports['.'].import.default)).href);
DotLottie.setWasmUrl(wasmUrl);
const bytes = readFileSync(bundlePath);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function session(style) {
  const player = new DotLottie({ canvas: { width: 64, height: 64 }, autoplay: false, loop: false });
  await new Promise((ok) => player.addEventListener('ready', ok));
  player.load({ autoplay: false, loop: false, data: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) });
  await sleep(20);
  const now = () => ({
    state: player.stateMachineGetCurrentState(),
    animation: player.activeAnimationId,
    frame: Math.round(player.currentFrame * 100) / 100,
    playing: player.isPlaying,
  });
  // Follows the machine after an event until it is back at rest (or 4 s pass).
  const follow = async (act) => {
    const before = now();
    act();
    const entered = now();
    let maxFrame = entered.frame;
    const animations = new Set([entered.animation]);
    const t0 = Date.now();
    await sleep(30);
    while (Date.now() - t0 < 4000 && now().state !== 'rest') {
      maxFrame = Math.max(maxFrame, now().frame);
      animations.add(now().animation);
      await sleep(25);
    }
    await sleep(60);
    return { before, entered, maxFrame, animations: [...animations], end: now(), ms: Date.now() - t0 };
  };
  const out = { style, loaded: player.stateMachineLoad(style), started: player.stateMachineStart() };
  out.inputs = player.stateMachineGetInputs();
  out.initial = now();
  await sleep(400);
  out.idle = now(); // nothing plays without an event
  out.hover = await follow(() => player.stateMachinePostPointerEnterEvent(10, 10));
  out.click = await follow(() => player.stateMachinePostClickEvent(10, 10));
  out.clickDuringHover = await follow(() => {
    player.stateMachinePostPointerEnterEvent(10, 10);
    setTimeout(() => player.stateMachinePostClickEvent(10, 10), 250);
  });
  out.pageEvent = await follow(() => player.stateMachineFireEvent('strong'));
  player.stateMachineSetBooleanInput('reducedMotion', true);
  player.stateMachinePostPointerEnterEvent(10, 10);
  await sleep(400);
  out.reducedHover = now();
  out.reducedClick = await follow(() => player.stateMachinePostClickEvent(10, 10));
  player.destroy();
  return out;
}

const results = await Promise.all(styles.map((s) => session(s).catch((e) => ({ style: s, error: String(e?.message ?? e) }))));
writeFileSync(outPath, JSON.stringify(results, null, 1));
process.exit(0);
