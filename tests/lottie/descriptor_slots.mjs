// Runs a descriptor module (render/lottie/descriptor_module.js, filled in) as a page would, for
// the C++ tests: prints one JSON object with what its default export describes (functions
// dropped), `src`, and slots(...) of each case in CASES.json (or the error it throws).
//   node descriptor_slots.mjs MODULE.mjs CASES.json
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [modulePath, casesPath] = process.argv.slice(2);
if (!modulePath || !casesPath) {
  console.error('usage: node descriptor_slots.mjs MODULE.mjs CASES.json');
  process.exit(2);
}
const descriptor = await import(pathToFileURL(resolve(modulePath)).href);
const results = JSON.parse(readFileSync(casesPath, 'utf8')).map((options) => {
  try {
    return { slots: descriptor.slots(options) };
  } catch (e) {
    return { error: `${e.name}: ${e.message}` };
  }
});
const icon = descriptor.default;
process.stdout.write(JSON.stringify({
  describe: JSON.parse(JSON.stringify(icon)), // functions drop out; src becomes its href
  functions: Object.keys(icon).filter((k) => typeof icon[k] === 'function'),
  frozen: Object.isFrozen(icon),
  src: descriptor.src.href,
  sameSlots: icon.slots === descriptor.slots,
  results,
}));
