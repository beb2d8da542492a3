// How every browser test starts Chromium: Debian's build (Playwright's download cannot work here),
// headless, no sandbox (CI runs as root), no GPU and no background traffic of its own.
// tests/browser/run.sh puts this file beside the script it runs.
import fs from 'node:fs';
import { chromium } from 'playwright-core';

const LAUNCH_TIMEOUT_MS = 30000;

export async function launchChromium() {
  const executablePath = process.env.ICONSYNTH_CHROMIUM || '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath} (apt-get install -y chromium, or set ICONSYNTH_CHROMIUM)`);
  }
  const options = {
    executablePath,
    headless: true,
    chromiumSandbox: false,
    timeout: LAUNCH_TIMEOUT_MS,
    args: ['--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update',
      '--disable-sync', '--no-first-run'],
  };
  // A loaded CI machine occasionally loses a starting Chromium; one more try, said on stderr.
  try {
    return await chromium.launch(options);
  } catch (e) {
    console.error(`chromium.mjs: launch failed (${e.message.split('\n')[0]}); trying once more`);
    return chromium.launch(options);
  }
}

// A screenshot of a paused page, taken again where headless Chromium refuses it while its
// compositor is busy ("Unable to capture screenshot": once in a fresh-clone CI run, with other
// browsers running beside it).
export async function screenshot(page, options) {
  for (let attempt = 1; ; ++attempt) {
    try {
      return await page.screenshot(options);
    } catch (e) {
      if (attempt >= 3 || !/Unable to capture screenshot/.test(e.message)) throw e;
      console.error(`chromium.mjs: ${e.message.split('\n')[0]}; taking it again`);
      await page.waitForTimeout(200);
    }
  }
}

// A page in a fresh context for a page opened from disk, which must work from disk: any request
// that is not file:// is aborted and pushed to record.requests; console errors go to
// record.consoleErrors, uncaught exceptions to record.pageErrors.
export async function diskPage(browser, record, contextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1100 }, deviceScaleFactor: 1, ...contextOptions });
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    record.requests.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') record.consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => record.pageErrors.push(e.message));
  return page;
}
