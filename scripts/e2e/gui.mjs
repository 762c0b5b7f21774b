// End-to-end test of `largeshogi gui` in headless Chromium, driven by Playwright.
// Usage: node gui.mjs <largeshogi binary> <screenshot dir> [variants...]
// For each variant: load the page, play a legal move by clicking, get the engine's reply,
// have an illegal click refused, (Chu) enter a Lion double move, (Ko) a move with a shot,
// switch to analysis and see a PV, save a screenshot. On Tai it also measures the time
// from a click on a piece to its moves being shown.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [binary, outDir, ...only] = process.argv.slice(2);
if (!binary || !outDir) {
  console.error('usage: node gui.mjs <largeshogi binary> <screenshot dir> [variants...]');
  process.exit(2);
}
const variants = only.length ? only : ['chu', 'yanxin', 'ko', 'tai'];
mkdirSync(outDir, { recursive: true });

// Special positions for the multi-part moves (checked against the engine's perft).
const CHU_LION = '6k5/5g6/12/12/12/6p5/6N5/12/12/12/12/5KG5 b - 1'; // 6g6f6e: capture, go on
const CHU_KING = '6k5/5gN5/12/12/12/12/12/12/12/12/12/5KG5 b - 1'; // 6b6a takes the King
const CHU_PROMO = '6k5/5g6/12/12/6S5/12/12/12/12/12/12/5KG5 b - 1'; // 6e6d or 6e6d+
const YANXIN_HAND = 'ljcsgekg3l/aftbrxnr1I2/mv2d2oh2V/1p1ppp1+T4/1iphi1PQ3C/p1y2I+Y3o1/1bY1FD4IJ/1I2INpI2r1/PPPPPP2PPPP/MVSHDY2HBVM/AFTBR+qXMT1FA/LJCSGKEGSCJL b DA6P 61';
const KO_SHOT = '9g9/19/19/19/19/19/8p10/19/19/9LB9/19/19/19/19/19/19/19/19/9G9 b - 1'; // 10j11ix11g

function startServer(variant) {
  return new Promise((resolve, reject) => {
    const proc = spawn(binary, ['gui', '--variant', variant, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    proc.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/\S+\//);
      if (m) resolve({ proc, url: m[0] });
    });
    proc.on('exit', (code) => reject(new Error(`server exited (${code}) before printing its URL`)));
  });
}

function check(cond, what) {
  if (!cond) throw new Error('FAILED: ' + what);
  console.log('  ok   ' + what);
}

const st = (page) => page.evaluate(() => window.gui.state());

async function idxOf(page, name) {
  return page.evaluate((n) => {
    const s = window.gui.state();
    const file = parseInt(n, 10);
    const rank = n.replace(/^\d+/, '').charCodeAt(0) - 97;
    return rank * s.files + (s.files - file);
  }, name);
}

async function clickSq(page, idx) {
  // Pieces let clicks through to the square below (CSS pointer-events), as for a user.
  await page.locator(`#board rect[data-sq="${idx}"]`).click();
}

async function waitVersion(page, pred, what, timeout = 15000) {
  await page.waitForFunction(pred, null, { timeout }).catch(() => { throw new Error('FAILED: ' + what); });
}

// A legal simple move for the side to move: a piece square and a one-click destination.
async function findSimpleMove(page) {
  return page.evaluate(async () => {
    const s = window.gui.state();
    // Black's front ranks first: a Pawn-like move, as a user would start.
    const order = [];
    for (let y = Math.floor(s.ranks / 2); y < s.ranks; y++) for (let x = 0; x < s.files; x++) order.push(y * s.files + x);
    for (const i of order) {
      const name = window.gui.squareName(i);
      const r = await (await fetch('/api/moves?from=' + name)).json();
      const m = (r.moves || []).find((x) => x.seq.length === 1 && !r.moves.some((y) => y !== x && y.seq.join() === x.seq.join()));
      if (m) return { from: i, to: m.seq[0], usi: m.usi, all: r.moves.map((x) => x.seq[0]) };
    }
    return null;
  });
}

async function importPosition(page, text) {
  await page.fill('#io', text);
  await page.click('#import');
  await page.waitForFunction((t) => window.gui.state() && window.gui.state().start_sfen === t && window.gui.state().cursor === 0, text, { timeout: 10000 });
}

async function runVariant(browser, variant) {
  console.log(`== ${variant}`);
  const t0 = Date.now();
  const { proc, url } = await startServer(variant);
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    await page.goto(url);
    await page.waitForSelector('#board svg.board');
    await page.waitForFunction(() => window.gui.state() !== null);
    check((await st(page)).variant === variant, `page shows the ${variant} board`);

    // The engine plays White quickly.
    await page.selectOption('#tcmode', 'move');
    await page.fill('#movetime', '0.3');
    await page.dispatchEvent('#movetime', 'change');
    await page.selectOption('#side', 'white');
    await waitVersion(page, () => window.gui.state().engine_side === 'white' && window.gui.state().time.movetime_ms === 300, 'engine set to play White');

    if (variant === 'tai') {
      // The worst case for the click-to-moves time: the Emperor (271 destinations).
      const emperor = await idxOf(page, '13y');
      const times = [];
      for (let k = 0; k < 5; k++) {
        await clickSq(page, emperor);
        await page.waitForSelector('#overlay .mark-target');
        await page.waitForFunction(() => window.lastSelectMs !== null);
        times.push(await page.evaluate(() => window.lastSelectMs));
        await page.keyboard.press('Escape');
        await page.waitForSelector('#overlay .mark-target', { state: 'detached' });
      }
      times.sort((a, b) => a - b);
      const count = await page.evaluate(async () => (await (await fetch('/api/moves?from=13y')).json()).moves.length);
      console.log(`  info Tai Emperor 13y (${count} moves): click (event time) to highlighted board painted ${times.map((t) => t.toFixed(1)).join(', ')} ms (median ${times[2].toFixed(1)})`);
      check(times[2] <= 100, `Tai Emperor: median click-to-moves ${times[2].toFixed(1)} ms (<= 100 ms)`);
    }

    const mv = await findSimpleMove(page);
    check(mv !== null, `found a legal move (${mv && mv.usi})`);

    // Click on the piece: its moves are shown (timed).
    const tClick = Date.now();
    await clickSq(page, mv.from);
    await page.waitForSelector('#overlay .mark-target');
    const wall = Date.now() - tClick;
    await page.waitForFunction(() => window.lastSelectMs !== null);
    const inPage = await page.evaluate(() => window.lastSelectMs);
    const targets = await page.locator('#overlay .mark-target').count();
    check(targets === new Set(mv.all).size, `${targets} destinations highlighted`);
    console.log(`  info click-to-moves: ${inPage.toFixed(1)} ms in the page, ${wall} ms as Playwright sees it`);
    if (variant === 'tai') check(inPage <= 100, `Tai: moves shown ${inPage.toFixed(1)} ms after the click (<= 100 ms)`);

    // An illegal click: a square the piece cannot reach.
    const n = (await st(page)).files * (await st(page)).ranks;
    let bad = -1;
    for (let i = 0; i < n; i++) if (!mv.all.includes(i) && i !== mv.from) {
      const own = await page.evaluate((q) => { const e = document.querySelector(`rect[data-sq="${q}"]`); return !!e; }, i);
      if (own) { bad = i; break; }
    }
    const before = (await st(page)).cursor;
    const refusedBefore = await page.evaluate(() => Number(document.body.dataset.refused || 0));
    await clickSq(page, bad);
    const refused = await page.evaluate(() => Number(document.body.dataset.refused || 0));
    const msg = await page.textContent('#message');
    check(refused === refusedBefore + 1 && (await st(page)).cursor === before && /Illegal|No piece/.test(msg), `illegal click refused ("${msg.trim()}")`);

    // The legal move, then the engine's reply.
    if (!(await page.evaluate(() => window.gui.selection()))) await clickSq(page, mv.from);
    await clickSq(page, mv.to);
    await waitVersion(page, () => window.gui.state().cursor >= 1, 'move played');
    check((await st(page)).line[0] === mv.usi, `played ${mv.usi} by clicking`);
    await waitVersion(page, () => window.gui.state().cursor >= 2 && window.gui.state().thinking === null, 'engine replied', 20000);
    check(true, `engine replied ${(await st(page)).line[1]}`);

    // A move the server refuses (sent as the page would): 4xx, nothing changes.
    const r = await page.evaluate(async () => {
      const res = await fetch('/api/move', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ move: '1a1a' }) });
      return { status: res.status, body: await res.json() };
    });
    check(r.status === 400 && r.body.error && (await st(page)).cursor === 2, `server refuses a bad move with ${r.status}: ${r.body.error}`);

    await page.selectOption('#side', 'none');
    await waitVersion(page, () => window.gui.state().engine_side === null, 'engine side off');

    if (variant === 'chu') {
      await importPosition(page, CHU_LION);
      const [a, b, c] = [await idxOf(page, '6g'), await idxOf(page, '6f'), await idxOf(page, '6e')];
      await clickSq(page, a);
      await page.waitForSelector('#overlay .mark-target');
      await clickSq(page, b); // capture the Pawn, then go on
      await page.waitForSelector('#overlay .mark-stop');
      await clickSq(page, c);
      await waitVersion(page, () => window.gui.state().cursor === 1, 'Lion move played');
      check((await st(page)).line[0] === '6g6f6e', 'Lion double move 6g6f6e entered by three clicks');
      // igui: capture and come back (click the Lion's own square as the second step).
      await importPosition(page, CHU_LION);
      await clickSq(page, a);
      await page.waitForSelector('#overlay .mark-target');
      await clickSq(page, b);
      await page.waitForSelector('#overlay .mark-stop');
      await clickSq(page, a);
      await waitVersion(page, () => window.gui.state().cursor === 1, 'igui played');
      check((await st(page)).line[0] === '6g6f6g', 'igui 6g6f6g entered by clicking back on the Lion');
      // Game over with its reason.
      await importPosition(page, CHU_KING);
      await clickSq(page, await idxOf(page, '6b'));
      await page.waitForSelector('#overlay .mark-target');
      await clickSq(page, await idxOf(page, '6a'));
      await page.waitForSelector('#overlay .mark-stop');
      await clickSq(page, await idxOf(page, '6a')); // stop there
      await waitVersion(page, () => window.gui.state().outcome !== null, 'game over');
      const status = await page.textContent('#status');
      check(/Game over: black wins: royals captured/.test(status), `game over shown: "${status}"`);
    }
    if (variant === 'chu') {
      await importPosition(page, CHU_PROMO);
      await clickSq(page, await idxOf(page, '6e'));
      await page.waitForSelector('#overlay .mark-target');
      await clickSq(page, await idxOf(page, '6d'));
      await page.waitForSelector('#promo:not([hidden])');
      await page.click('#promoYes');
      await waitVersion(page, () => window.gui.state().cursor === 1, 'promotion played');
      check((await st(page)).line[0] === '6e6d+', 'promotion chosen in the dialog: 6e6d+');
    }
    if (variant === 'yanxin') {
      await importPosition(page, YANXIN_HAND);
      await page.click('#board [data-drop="D"][data-color="black"]');
      await page.waitForSelector('#overlay .mark-target');
      const to = await idxOf(page, '4a');
      await clickSq(page, to);
      await waitVersion(page, () => window.gui.state().cursor === 1, 'drop played');
      check((await st(page)).line[0] === 'D*4a', 'drop from the hand entered by clicks: D*4a');
    }
    if (variant === 'ko') {
      await importPosition(page, KO_SHOT);
      const [a, b, c] = [await idxOf(page, '10j'), await idxOf(page, '11i'), await idxOf(page, '11g')];
      await clickSq(page, a);
      await page.waitForSelector('#overlay .mark-target');
      await clickSq(page, b); // the step; then the shot target is ringed
      await page.waitForSelector('#overlay .mark-shot');
      await clickSq(page, c);
      await waitVersion(page, () => window.gui.state().cursor === 1, 'shot move played');
      const s = await st(page);
      check(s.line[0] === '10j11ix11g' && s.last.gone.includes(c), 'Longbow move with a shot 10j11ix11g entered; the shot piece is gone');
    }

    // Analysis: a PV appears.
    await page.check('#analysis');
    await page.waitForFunction(() => { const d = document.querySelector('#pvs .pv'); return d && /d\d+ .* \S+/.test(d.textContent); }, null, { timeout: 20000 })
      .catch(() => { throw new Error('FAILED: no PV shown'); });
    await page.waitForTimeout(1200);
    const pv = await page.textContent('#pvs .pv');
    check(true, `analysis shows a PV: ${pv.slice(0, 70)}`);
    const shot = join(outDir, `${variant}.png`);
    await page.screenshot({ path: shot });
    console.log(`  info screenshot ${shot}`);
    await page.uncheck('#analysis');
    await waitVersion(page, () => window.gui.state().thinking === null, 'analysis stopped');
    check(errors.length === 0, 'no script errors' + (errors.length ? ': ' + errors.join('; ') : ''));
    console.log(`  info ${variant} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await page.close();
    proc.kill();
  }
}

const profile = mkdtempSync(join(tmpdir(), 'largeshogi-e2e-'));
// A persistent context on a fresh profile directory: Playwright passes it to Chromium as
// --user-data-dir (it refuses that flag in args).
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  viewport: { width: 1366, height: 768 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
let failed = false;
try {
  for (const v of variants) await runVariant(browser, v);
} catch (e) {
  console.error(e.message);
  failed = true;
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(failed ? 'gui e2e: FAILED' : `gui e2e: all ${variants.length} variants passed`);
process.exit(failed ? 1 : 0);
