// Opens cardlab's HTML reports in Debian's headless Chromium (puppeteer-core)
// and checks what a reader would see: the page renders without a request to
// the network and without a script, the expected SVG charts are there with
// one bar per seat (and variant), and a screenshot is far from blank.
// Usage: node report_chromium.js SIM.html COMPARE.html PLAYERS VARIANTS OUTDIR
const puppeteer = require('puppeteer-core');
const path = require('path');

const [simFile, compareFile, players, variants, outDir] = process.argv.slice(2);
const fail = (msg) => { console.error('FAIL ' + msg); process.exitCode = 1; };

async function inkShare(browser, png) {
  // the share of pixels of the screenshot that are not (near) white
  const page = await browser.newPage();
  const share = await page.evaluate(async (data) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + data;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width; c.height = img.height;
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, c.width, c.height).data;
    let ink = 0;
    for (let i = 0; i < px.length; i += 4) if (px[i] < 235 || px[i + 1] < 235 || px[i + 2] < 235) ink++;
    return ink / (px.length / 4);
  }, png.toString('base64'));
  await page.close();
  return share;
}

async function check(browser, file, expect) {
  const page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 900 });
  const requests = [];
  page.on('request', (r) => { if (!r.url().startsWith('file:') && !r.url().startsWith('data:')) requests.push(r.url()); });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto('file://' + path.resolve(file), { waitUntil: 'load' });
  const found = await page.evaluate(() => ({
    scripts: document.querySelectorAll('script').length,
    svgs: document.querySelectorAll('svg.chart').length,
    bars: document.querySelectorAll('svg#wins rect.bar').length,
    whiskers: document.querySelectorAll('svg#wins g.whisker').length,
    bins: document.querySelectorAll('svg#length rect.bin').length,
    lines: document.querySelectorAll('svg.standings polyline.line').length,
    diffs: document.querySelectorAll('svg[id^=diff] circle.diff').length,
    tables: document.querySelectorAll('table').length,
    winsWidth: (document.querySelector('svg#wins') || { getBoundingClientRect: () => ({ width: 0 }) })
      .getBoundingClientRect().width,
  }));
  const shot = await page.screenshot({ fullPage: true, path: path.join(outDir, path.basename(file, '.html') + '.png') });
  const ink = await inkShare(browser, shot);
  await page.close();
  const where = path.basename(file);
  if (requests.length) fail(`${where}: requests outside the file: ${requests.join(', ')}`);
  if (errors.length) fail(`${where}: page errors: ${errors.join('; ')}`);
  if (found.scripts !== 0) fail(`${where}: ${found.scripts} scripts; a report has none`);
  for (const [k, v] of Object.entries(expect)) {
    if (found[k] !== v) fail(`${where}: ${k} is ${found[k]}, expected ${v}`);
  }
  if (found.winsWidth < 400) fail(`${where}: the win chart is ${found.winsWidth} px wide`);
  if (ink < 0.03) fail(`${where}: the screenshot is nearly blank (${(100 * ink).toFixed(1)}% ink)`);
  console.log(`${where}: ${found.svgs} charts, ${found.tables} tables, ${(100 * ink).toFixed(1)}% ink`);
}

(async () => {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const n = Number(players), v = Number(variants);
    await check(browser, simFile, { bars: n, whiskers: n, bins: 24, lines: 4 * n });
    await check(browser, compareFile, { bars: n * v, whiskers: n * v, diffs: n * (v - 1) });
  } finally {
    await browser.close();
  }
})().catch((e) => { console.error('FAIL ' + e); process.exit(1); });
