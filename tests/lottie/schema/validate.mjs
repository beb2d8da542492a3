// Validate Lottie JSON files against the official lottie-spec schema.
// Usage: node validate.mjs FILE...
// Exit: 0 all valid, 1 some file invalid, 2 usage or I/O error (missing file, bad JSON).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import Ajv2020 from "ajv/dist/2020.js";

const MAX_ERRORS = 20;
const SCHEMA = "@lottie-animation-community/lottie-specs/src/data/lottie.schema.json";

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error("usage: validate.mjs FILE...");
  process.exit(2);
}

// Resolve through node's module lookup so this works wherever node_modules lives.
const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve(SCHEMA), "utf8"));

// Strict mode stays on; the schema's only non-standard keyword is the
// top-level "$version" annotation, so declare it instead of disabling strict.
const ajv = new Ajv2020({ allErrors: true });
ajv.addKeyword("$version");
const validate = ajv.compile(schema);

let status = 0;
for (const file of files) {
  let data;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    console.log(`ERROR ${file}: ${e.message}`);
    status = 2;
    continue;
  }
  if (validate(data)) {
    console.log(`ok ${file}`);
    continue;
  }
  console.log(`FAIL ${file}`);
  // Layers and shapes are oneOf unions, so one bad value deep down also fails
  // every other layer/shape type at a shallower path. The deepest errors are
  // the real culprits: list them first (sort is stable, keeps schema order).
  const depth = (err) => err.instancePath.split("/").length;
  const errors = [...validate.errors].sort((a, b) => depth(b) - depth(a));
  for (const err of errors.slice(0, MAX_ERRORS))
    console.log(`  ${err.instancePath || "/"} ${err.message} (${err.schemaPath})`);
  if (errors.length > MAX_ERRORS) console.log(`  ... ${errors.length - MAX_ERRORS} more`);
  status = Math.max(status, 1);
}
process.exit(status);
