// The package on a server: plain Node, no DOM. Imports the React module (and the runtime and the
// element, which a server bundle may pull in too), then renders <AnimatedIcon> to a string:
//   node server_render.mjs PACKAGE_DIR         the folder's modules, by path
//   node server_render.mjs --installed NAME    the package NAME as npm installed it, through its
//                                              package.json exports (the script is copied into the
//                                              project, so that NAME resolves from its node_modules)
// PACKAGE_DIR is the web package; React resolves from a node_modules beside it (the test links
// tests/web's installed one there). Prints JSON: what the imports did, where each specifier
// resolved (installed) and the markup (where react-dom is installed too).
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const [first, installed] = process.argv.slice(2);
const name = first === '--installed' ? installed : null;
// Each module by its file and, installed, by the subpath package.json exports it under.
const SUBPATHS = { 'react.mjs': 'react', 'element.mjs': 'element', 'runtime.mjs': 'runtime', 'gpu-cluster.mjs': 'gpu-cluster.mjs' };
const specifier = (file) => (name ? `${name}/${SUBPATHS[file]}` : pathToFileURL(join(first, file)).href);
const dir = name ? dirname(fileURLToPath(import.meta.resolve(`${name}/package.json`))) : first;

const out = { hasDocument: typeof document !== 'undefined', hasWindow: typeof window !== 'undefined' };
if (name) {
  out.resolved = Object.fromEntries(Object.keys(SUBPATHS).map((file) => [file, import.meta.resolve(specifier(file))]));
  try {
    out.unexported = import.meta.resolve(`${name}/runtime.mjs`); // a file the exports do not name
  } catch (e) {
    out.unexported = e.code;
  }
}
const load = async (file) => {
  try {
    return await import(specifier(file));
  } catch (e) {
    out[`${file} threw`] = `${e.name}: ${e.message}`;
    return null;
  }
};
const react = await load('react.mjs');
const element = await load('element.mjs');
const runtime = await load('runtime.mjs');
const icon = (await load('gpu-cluster.mjs'))?.default;
out.exports = {
  react: Object.keys(react ?? {}),
  element: Object.keys(element ?? {}),
  runtime: Object.keys(runtime ?? {}),
};
out.src = icon?.src?.href ?? null;
out.customElementsDefined = typeof customElements !== 'undefined';
const require = createRequire(join(dir, 'package.json')); // React as the package finds it
let server = null;
try {
  server = require('react-dom/server');
} catch {
  out.markup = null; // no react-dom where the package is
}
if (react && icon && server) {
  const { createElement } = require('react');
  out.markup = server.renderToString(createElement(react.AnimatedIcon, { icon, src: icon.src, size: 32, color: '#ffffff', variant: 'outline', weight: 2 }));
}
console.log(JSON.stringify(out));
