// The package on a server: plain Node, no DOM. Imports the React module (and the runtime and the
// element, which a server bundle may pull in too), then renders <AnimatedIcon> to a string:
//   node server_render.mjs PACKAGE_DIR
// PACKAGE_DIR is the web package; React resolves from a node_modules beside it (the test links
// tests/web's installed one there). Prints JSON: what the imports did and the markup.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

const dir = process.argv[2];
const out = { hasDocument: typeof document !== 'undefined', hasWindow: typeof window !== 'undefined' };
const load = async (name) => {
  try {
    return await import(pathToFileURL(join(dir, name)).href);
  } catch (e) {
    out[`${name} threw`] = `${e.name}: ${e.message}`;
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
out.customElementsDefined = typeof customElements !== 'undefined';
if (react && icon) {
  const require = createRequire(join(dir, 'package.json')); // React as the package finds it
  const { createElement } = require('react');
  const { renderToString } = require('react-dom/server');
  out.markup = renderToString(createElement(react.AnimatedIcon, { icon, src: icon.src, size: 32, color: '#ffffff', variant: 'outline', weight: 2 }));
}
console.log(JSON.stringify(out));
