// Drives `iconsynth golden review` like a reviewer in headless Chromium, by role and accessible
// name only: Accept and Undo accept for the first group, then for one variant of it, then an undo
// refused because a file of the accept changed on disk; after each step it records the sha256 of
// every file of the set, what the page shows and, after an accept, what `golden check --json`
// says; the static report --report wrote is left beside the set. It asserts nothing itself: tests/review/review_browser_test.cpp does.
//   tests/browser/run.sh tests/review/browser/review_session.mjs --cli ICONSYNTH --set DIR --change PATH=VALUE --record FILE
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { launchChromium } from './chromium.mjs';
import { parseArgs, startIconsynth } from './session.mjs';

const opts = parseArgs('review_session.mjs', process.argv.slice(2), ['cli', 'set', 'change', 'record']);
const record = { consoleErrors: [], pageErrors: [], refusedRequests: [], steps: {} };

// sha256 of every file of the set, by its path in it.
function hashes(dir = opts.set, prefix = '') {
  const out = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const name = prefix + entry.name;
    if (entry.isDirectory()) Object.assign(out, hashes(full, `${name}/`));
    else out[name] = crypto.createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return out;
}

function checked() {
  const r = spawnSync(opts.cli, ['golden', 'check', '--json', '--dir', opts.set, '--set', opts.change], { encoding: 'utf8' });
  const summary = JSON.parse(r.stdout);
  return { exit: r.status, variants: Object.fromEntries(summary.variants.map((v) => [v.id, v.passed])), bundle: summary.bundle.failures.length === 0 };
}

// Run beside the set, which it names as a user would; the static report goes beside it too.
const review = startIconsynth(opts.cli, ['golden', 'review', '--dir', path.basename(opts.set), '--set', opts.change, '--report', 'report'],
  path.dirname(opts.set));
const browser = await launchChromium();
try {
  const url = await review.url();
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 1100 } })).newPage();
  // A refused request is recorded with its path and status (the browser's console says only the status).
  page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) record.consoleErrors.push(m.text()); });
  page.on('response', (r) => { if (r.status() >= 400) record.refusedRequests.push(`${r.status()} ${new URL(r.url()).pathname}`); });
  page.on('pageerror', (e) => record.pageErrors.push(e.message));
  await page.goto(url);
  await page.waitForSelector('body[data-review-ready]', { timeout: 20000 });

  const group = page.getByRole('region', { name: /^Group 1:/ });
  const section = group.locator('xpath=.');
  record.groupVariants = (await section.getAttribute('data-variants')).split(' ');
  const first = record.groupVariants[0];
  const groupControls = group.getByRole('group', { name: 'All variants of this group' });
  const variantControls = group.getByRole('group', { name: first, exact: true });
  const status = page.getByRole('status', { name: 'Review' });

  // What the page shows now, once no request is under way.
  const shown = async () => {
    await page.waitForFunction(() => !document.body.hasAttribute('aria-busy'));
    const verdicts = {};
    for (const v of record.groupVariants) verdicts[v] = await group.getByRole('group', { name: v, exact: true }).locator('.verdict').textContent();
    return {
      status: await status.textContent(),
      group: await section.getAttribute('data-review'),
      groupButtons: await groupControls.getByRole('button').allTextContents(),
      verdicts,
      hashes: hashes(),
    };
  };
  const step = async (name, action, withCheck = false) => {
    await action();
    record.steps[name] = await shown();
    if (withCheck) record.steps[name].check = checked();
  };

  record.steps.opened = await shown();
  await step('groupAccepted', () => groupControls.getByRole('button', { name: 'Accept', exact: true }).click(), true);
  await step('groupUndone', () => groupControls.getByRole('button', { name: 'Undo accept' }).click());
  await step('variantAccepted', () => variantControls.getByRole('button', { name: 'Accept', exact: true }).click(), true);
  await step('variantUndone', () => variantControls.getByRole('button', { name: 'Undo accept' }).click());
  await step('acceptedAgain', () => groupControls.getByRole('button', { name: 'Accept', exact: true }).click());
  // A file of the accept edited on disk: the undo is refused, nothing restored.
  record.edited = `png/${first}.png`;
  fs.appendFileSync(path.join(opts.set, record.edited), 'edited');
  record.steps.edited = { hashes: hashes() };
  await step('undoRefused', () => groupControls.getByRole('button', { name: 'Undo accept' }).click());
} finally {
  await browser.close();
  record.stopped = await review.stop();
  record.said = review.said();
  fs.writeFileSync(opts.record, JSON.stringify(record, null, 2));
}
