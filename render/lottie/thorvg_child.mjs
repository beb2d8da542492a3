// ThorVG (npm @lottiefiles/dotlottie-web, pinned in tools/dotlottie-web) as a child process of
// `iconsynth check`, the second player beside rlottie. Run as
//   node thorvg_child.mjs PACKAGE_DIR        (PACKAGE_DIR: what tools/dotlottie-web.sh prints)
// or, as iconsynth runs it (the text is compiled in), node --input-type=module -e TEXT PACKAGE_DIR.
// Pipe protocol, every integer a little-endian uint64 (the parent is render/lottie/*.cpp):
//   in:  header length, UTF-8 JSON {"format": "dotlottie"|"json", "animation": id|"", "theme": id|"",
//        "slots"?: {id: {"p": …}}}, payload length, payload (the .lottie file or the Lottie JSON text)
//   out: frame count (op - ip); 0 when loading failed, with a one-line reason on stderr and exit 1
//   then, per request {frame, size} (frame 0 = the in-point): size*size*4 bytes of straight
//   (unpremultiplied) RGBA, row-major, as the player's buffer holds them. EOF on stdin: exit 0.
//   A request {2^64 - 1, 0} is followed by another header and payload, answered by its count.
//   A request {2^64 - 2, 0} restyles the loaded document in place, as a page would at play time:
//   header length and JSON {"theme": id|"", "slots"?: {…}} (theme first, "" resets it, then the
//   slots), answered by the frame count.
// Only frames go to stdout. ICONSYNTH_PLAYER_FAULT=crash|hang misbehaves on the first frame request
// so tests can prove the parent survives a player that dies or goes silent.
import { Console } from 'node:console';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// Before anything can log: the library's console.log/info would otherwise corrupt the frame stream.
globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });

const say = (reason) => process.stderr.write(`thorvg_child: ${String(reason).replace(/\s+/g, ' ')}\n`);
const fail = (reason) => {
  say(reason);
  process.exit(1);
};

// stdin as an exact-length reader; null means the parent closed the pipe. Chunks are joined only
// when a read needs them, so a large payload is not copied once per 64 KiB chunk.
let chunks = [];
let buffered = 0;
let ended = false;
let wake = () => {};
process.stdin.on('data', (chunk) => {
  chunks.push(chunk);
  buffered += chunk.length;
  wake();
});
process.stdin.on('end', () => {
  ended = true;
  wake();
});
async function read(n) {
  while (buffered < n) {
    if (ended) return null;
    await new Promise((r) => (wake = r));
  }
  const all = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  chunks = n < all.length ? [all.subarray(n)] : [];
  buffered -= n;
  return all.subarray(0, n);
}
const RESTYLE = -2;
async function readU64() {
  const bytes = await read(8);
  if (!bytes) return null;
  const value = bytes.readBigUInt64LE(0);
  if (value === 2n ** 64n - 2n) return RESTYLE;
  return value > BigInt(Number.MAX_SAFE_INTEGER) ? Infinity : Number(value);
}
// Waits for the pipe to take the bytes: backpressure, and no exit with frames still queued.
const write = (bytes) => new Promise((ok, bad) => process.stdout.write(bytes, (e) => (e ? bad(e) : ok())));
process.stdout.on('error', (e) => fail(`cannot write to the parent: ${e.message}`)); // EPIPE: it went away
const u64 = (n) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
};

// A plain {width, height} surface: no DOM, the pixels stay in player.buffer. Frame interpolation
// off so setFrame(n) draws frame n itself, as rlottie and our renderer do.
const config = { autoplay: false, loop: false, useFrameInterpolation: false };

// Node, the package and the wasm start once; documents are loaded many times (a bundle's
// animations one after another), which saves the start-up for each.
async function start() {
  // The package names its entry and wasm in its exports; load both from the folder, never a CDN.
  // argv: [node, script, DIR] from a file, [node, DIR] under -e.
  const packageArg = process.argv[process.argv[1]?.endsWith('.mjs') ? 2 : 1];
  if (!packageArg) throw new Error('usage: node thorvg_child.mjs PACKAGE_DIR');
  const dir = resolve(packageArg);
  const { exports } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const wasmUrl = pathToFileURL(join(dir, exports['./dotlottie-player.wasm'])).href;
  // Node's fetch refuses file: URLs, and the loader fetches the wasm by URL: serve that one file,
  // with the MIME type instantiateStreaming wants, and refuse everything else (no network).
  globalThis.fetch = async (url) => {
    if (String(url?.url ?? url) !== wasmUrl) throw new Error(`thorvg_child fetches nothing but the wasm (${url})`);
    return new Response(readFileSync(new URL(wasmUrl)), { headers: { 'Content-Type': 'application/wasm' } });
  };
  const { DotLottie } = await import(pathToFileURL(join(dir, exports['.'].import.default)).href);
  DotLottie.setWasmUrl(wasmUrl); // also turns off the CDN fallback

  const player = new DotLottie({ ...config, canvas: { width: 1, height: 1 } });
  await new Promise((ready, bad) => {
    player.addEventListener('ready', ready);
    player.addEventListener('loadError', (e) => bad(new Error(`the wasm did not start: ${e.error?.message}`)));
  });
  return player;
}

// Reads one {header, payload} and loads it; the frame count.
async function load(player) {
  const headerLength = await readU64();
  if (headerLength === null || headerLength > 1 << 20) throw new Error('no header or a header over 1 MiB');
  const header = JSON.parse((await read(headerLength))?.toString('utf8') ?? 'null');
  const payloadLength = await readU64();
  if (payloadLength === null || payloadLength > 1 << 30) throw new Error('no payload or a payload over 1 GiB');
  const payload = await read(payloadLength);
  if (!payload) throw new Error('the payload ended early');
  if (header?.format !== 'dotlottie' && header?.format !== 'json') throw new Error(`unknown format ${header?.format}`);

  // After 'ready' load() is synchronous, so isLoaded answers at once (the constructor's data
  // path would report through events only). Config animationId/themeId are ignored by 0.80.0's
  // DotLottie, hence loadAnimation/setTheme.
  const dotlottie = header.format === 'dotlottie';
  player.load({
    ...config,
    // dotLottie must arrive as an ArrayBuffer of its own (the player tests `instanceof ArrayBuffer`),
    // Lottie JSON as text.
    data: dotlottie ? payload.buffer.slice(payload.byteOffset, payload.byteOffset + payload.length) : payload.toString('utf8'),
  });
  if (!player.isLoaded) throw new Error(`ThorVG could not load this ${dotlottie ? '.lottie' : 'Lottie JSON'}`);
  if (header.animation) {
    player.loadAnimation(header.animation);
    if (player.activeAnimationId !== header.animation) throw new Error(`no animation '${header.animation}' in the manifest`);
  }
  // setTheme applies the theme's slots to the loaded animation at once (and redraws), so the
  // first frame request already sees it; false means no such theme (or no manifest: JSON).
  if (header.theme && !player.setTheme(header.theme)) throw new Error(`cannot apply theme '${header.theme}'`);
  if (!header.theme) player.resetTheme(); // none left over from the document before
  applySlots(player, header.slots);
  player.resize(); // draws the new document's frame 0 now: setFrame(0) alone would skip the "current" frame
  const count = Math.round(player.totalFrames);
  if (!(count > 0)) throw new Error('the animation has no frames');
  return count;
}

// Slot values as a page sets them at play time ({id: {"p": {"a": 0, "k": value}}}).
function applySlots(player, slots) {
  if (slots === undefined || slots === null) return;
  if (typeof slots !== 'object' || Array.isArray(slots)) throw new Error('"slots" is not an object');
  player.setSlots(slots);
}

// Reads {theme, slots} and applies them to the document already loaded; the frame count.
async function restyle(player) {
  const headerLength = await readU64();
  if (headerLength === null || headerLength > 1 << 20) throw new Error('no restyle header or one over 1 MiB');
  const header = JSON.parse((await read(headerLength))?.toString('utf8') ?? 'null');
  if (header?.theme) {
    if (!player.setTheme(header.theme)) throw new Error(`cannot apply theme '${header.theme}'`);
  } else if (header?.theme === '') {
    player.resetTheme();
  }
  applySlots(player, header?.slots);
  player.resize(); // redraws the current frame with the new look
  return Math.round(player.totalFrames);
}

// Whatever stops a load, the parent still gets its count (0), after the reason (it reads the
// reason as soon as the 0 arrives).
const failLoad = async (e) => {
  say(e?.message ?? e);
  await write(u64(0)).catch(() => {});
  process.exit(1);
};
const player = await start().catch(failLoad);
let count = await load(player).catch(failLoad);
await write(u64(count));
const fault = process.env.ICONSYNTH_PLAYER_FAULT;
for (;;) {
  const frame = await readU64();
  const size = frame === null ? null : await readU64();
  if (size === null) break;
  if (frame === Infinity) {
    // {2^64 - 1, 0}: another document follows.
    count = await load(player).catch(failLoad);
    await write(u64(count));
    continue;
  }
  if (frame === RESTYLE) {
    count = await restyle(player).catch(failLoad);
    await write(u64(count));
    continue;
  }
  if (fault === 'crash') process.abort();
  if (fault === 'hang') {
    setInterval(() => {}, 1 << 30); // a pending promise alone would let Node exit
    await new Promise(() => {});
  }
  if (frame >= count || !(size >= 1 && size <= 16384)) fail(`bad request: frame ${frame} of ${count}, size ${size}`);
  const canvas = player.canvas;
  if (canvas.width !== size) {
    canvas.width = canvas.height = size;
    player.resize(); // reallocates the target and redraws the current frame
  }
  player.setFrame(frame); // redraws unless `frame` is already current (then resize/load drew it)
  const pixels = player.buffer;
  if (pixels?.length !== size * size * 4) fail(`the buffer holds ${pixels?.length} bytes, not ${size * size * 4}`);
  await write(Buffer.from(pixels)); // a copy: the view is into wasm memory, which the next frame reuses
}
process.exit(0);
