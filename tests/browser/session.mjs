// What the browser sessions share besides Chromium (chromium.mjs): their arguments, waiting for a
// condition, and the iconsynth process a session starts and reads. tests/browser/run.sh puts this
// file beside the script it runs.
import { spawn } from 'node:child_process';

// `--name value` pairs; every name in `required` must be given, `optional` holds the defaults.
export function parseArgs(script, argv, required, optional = {}) {
  const o = { ...optional };
  const known = new Set([...required, ...Object.keys(optional)]);
  for (let i = 0; i < argv.length; i += 2) {
    const name = argv[i].replace(/^--/, '');
    if (!argv[i].startsWith('--') || !known.has(name) || argv[i + 1] === undefined) {
      throw new Error(`${script}: bad argument '${argv[i]}' (takes ${[...known].map((k) => `--${k}`).join(' ')})`);
    }
    o[name] = argv[i + 1];
  }
  for (const k of required) if (o[k] === undefined) throw new Error(`${script}: missing --${k}`);
  return o;
}

// Polls `probe` (sync or async) until it returns something truthy, and returns that.
export async function until(what, probe, timeoutMs = 60000) {
  const start = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

// `cli args…` in `cwd`, everything it says kept; `url()` waits for the URL a served preview prints.
export function startIconsynth(cli, args, cwd) {
  const child = spawn(cli, args, { cwd });
  let said = '';
  child.stdout.on('data', (d) => { said += d; });
  child.stderr.on('data', (d) => { said += d; });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    said: () => said,
    url: async () => (await until('the URL', () => /at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(said)))[1],
    // SIGTERM, as Ctrl-C would; the exit code and signal.
    stop: () => { child.kill('SIGTERM'); return exited; },
  };
}
