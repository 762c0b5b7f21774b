// Generate random Chu shogi test positions and their canonical perft counts
// (shogiops / lishogi rules) for tests/data/chu_oracle.txt.
//
//   node gen-positions.mjs [--seed N] [--out FILE] [--max-d3 N]
//
// Deterministic: a seeded mulberry32 PRNG drives everything (no Math.random),
// and shogiops' move enumeration order is deterministic.

import { writeFileSync } from 'node:fs';
import { kingAttacks } from 'shogiops/attacks';
import {
  LION_POWER_ROLES,
  LION_ROLES,
  SHOGIOPS_VERSION,
  START_SFEN,
  bruteForceCheck,
  canonicalMoves,
  makeSfen,
  makeUsi,
  parseChu,
  playMove,
} from './canon-perft.mjs';

// ---------------------------------------------------------------- arguments
const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : def;
};
const SEED = parseInt(opt('--seed', '20240611'));
const OUT = opt('--out', '../../tests/data/chu_oracle.txt');
const MAX_D3 = parseInt(opt('--max-d3', '3000000'));
const TARGET_TOTAL = parseInt(opt('--count', '80'));

// ---------------------------------------------------------------- PRNG
function mulberry32(a) {
  return function () {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(SEED);
const randInt = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1)); // inclusive
function shuffle(a) {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

// ---------------------------------------------------------------- custom starts
// Build an SFEN from a list of "<letter><square>" placements, e.g. 'K7l', '+h9i', 'n6e'.
function buildSfen(placements, turn = 'b') {
  const grid = Array.from({ length: 12 }, () => Array(12).fill(null));
  for (const p of placements) {
    const m = p.match(/^(\+?[a-zA-Z])(\d\d?)([a-l])$/);
    if (!m) throw new Error(`bad placement ${p}`);
    const file = parseInt(m[2]),
      rank = m[3].charCodeAt(0) - 97;
    if (grid[rank][12 - file]) throw new Error(`square taken ${p}`);
    grid[rank][12 - file] = m[1];
  }
  const rows = grid.map(row => {
    let s = '',
      e = 0;
    for (const c of row) {
      if (!c) e++;
      else {
        if (e) s += e;
        e = 0;
        s += c;
      }
    }
    if (e) s += e;
    return s;
  });
  return `${rows.join('/')} ${turn} - 1`;
}

const CUSTOM_STARTS = {
  // Lion-power melee: Lions, promoted Kirins, Falcons and Eagles facing each
  // other in the middle, with Silvers, Golds, Pawns and Go-Betweens as bridges.
  melee: buildSfen([
    'k6a', 'g5a', 's8a', 'e7a', 'n6e', '+o8e', '+h4d', '+d9d', 's6d', 'g7d', 'p5e', 'p7f', 'p3e', 'p10e', 'i4f', 'i9f', 'r2c', 'b11c',
    'K7l', 'G8l', 'S5l', 'E6l', 'N7h', '+O5h', '+H9i', '+D4i', 'S7i', 'G6i', 'P8g', 'P6g', 'P10h', 'P3h', 'I9g', 'I4g', 'R11j', 'B2j',
  ]),
  // Promotion race: Pawns, Lances, Silvers, Coppers, Kirins, Rooks, Dragons near
  // the zones, each side with a Lion.
  promo: buildSfen([
    'k1a', 'n3b', 'g2a', 'p5h', 'p9h', 'p11g', 'l12e', 's6h', 'c8g', 'o10g', 'r4f', 'd7f', 'h2f', 'x1e', 'i6g', 't3d', 'f9c',
    'K12l', 'N10k', 'G11l', 'P8e', 'P4e', 'P2e', 'L1h', 'S7e', 'C5f', 'O3f', 'R9g', 'D6f', 'H11f', 'X12h', 'I7g', 'T10i', 'F4j',
  ]),
  // Start position without the Pawn rows (open lines, fast Lion contact).
  noPawns: 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/12/3i4i3/12/12/3I4I3/12/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1',
  // Start position with half of the Pawns and the Go-Betweens removed.
  halfPawns: 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/p1p1p1p1p1p1/12/12/12/12/1P1P1P1P1P1P/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1',
  // Endgame: Kings, Crown Princes, Lions and a handful of pieces.
  endgame: buildSfen([
    'k6a', '+e8b', 'n6d', '+h3c', 'p5f', 'p9e', 'l1a', 'g4b', 'c10d', 'i7e',
    'K7l', '+E5k', 'N7i', '+D10j', 'P8g', 'P4h', 'L12l', 'G9k', 'C3i', 'I6h',
  ]),
  // Kirins that can take a Lion while entering the zone and promote (lishogi's
  // same-square counter-strike exemption), with further Lions in reach of
  // non-Lions so that the counter-strike restriction bites.
  kirinStrike: buildSfen([
    'k6a', 'n7c', 'g7b', 's4d', 'o5h', 'g6b', 's3b', 'p3f', 'p10e', 'r2c', 'b11b', '+o9c', 'p9d',
    'K7l', 'O7e', 'N4e', '+O5j', 'G5k', 'G8k', 'S9i', 'P9g', 'P3g', '+H10h', 'R11j', 'I6g', 'B2k',
  ]),
  // Lion duel at distance 2 with protectors and x-ray lines.
  lionDuel: buildSfen([
    'k6a', 'n6f', 'g5e', 'p6e', 's7g', 'r6b', '+o9d', 'l2a', 'p2d', 'b10b',
    'K7l', 'N6h', 'G7i', 'P5h', 'S6i', 'R6k', '+H9j', 'L11l', 'P11i', 'B3k',
  ]),
};

// ---------------------------------------------------------------- features
const lastRank = color => (color === 'sente' ? 0 : 11);
const dist = (a, b) => Math.max(Math.abs((a & 15) - (b & 15)), Math.abs((a >> 4) - (b >> 4)));

function features(pos, moves) {
  const board = pos.board,
    us = board.color(pos.turn),
    them = board.color(pos.turn === 'sente' ? 'gote' : 'sente');
  const f = {};
  const lp = board.roles(...LION_POWER_ROLES).intersect(us);
  // side to move has a Lion-power piece within 2 squares of an enemy piece
  f.lionNear = false;
  for (const s of lp) for (const t of them) if (dist(s, t) <= 2) f.lionNear = true;
  // Lion vs enemy Lion within 2 squares (Lion trading rules)
  f.lionLion = false;
  for (const s of board.roles(...LION_ROLES).intersect(us))
    for (const t of board.roles(...LION_ROLES).intersect(them)) if (dist(s, t) <= 2) f.lionLion = true;
  f.twoLeg = moves.some(m => m.midStep !== undefined && board.has(m.midStep) && m.to !== m.midStep);
  f.promo = moves.some(m => m.promotion);
  f.counterStrike = pos.lastLionCapture !== undefined;
  f.plLast = moves.some(m => {
    const r = board.get(m.from).role;
    return (r === 'pawn' || r === 'lance') && m.to >> 4 === lastRank(pos.turn);
  });
  // lishogi-only: a dead (unpromoted) Pawn or Lance already on its last rank
  f.deadPiece = false;
  for (const s of board.roles('pawn', 'lance')) {
    const p = board.get(s);
    if (s >> 4 === lastRank(p.color)) f.deadPiece = true;
  }
  f.pass = moves.some(m => m.midStep !== undefined && m.to === m.from && !board.has(m.midStep));
  f.nonLionTakesLion = moves.some(m => {
    const r = board.get(m.from).role;
    if (LION_ROLES.includes(r)) return false;
    const hit = [m.to, m.midStep].filter(s => s !== undefined && them.has(s));
    return hit.some(s => LION_ROLES.includes(board.get(s).role));
  });
  // counter-strike field set AND it actually forbids at least one move
  // (compare with the same position with the field cleared)
  f.csBites = false;
  // lishogi exemption: an enemy Lion stands on the counter-strike square
  // (a Kirin took the Lion there and promoted) and a non-Lion of ours attacks it
  f.csSameSquare = false;
  if (f.counterStrike) {
    const cleared = pos.clone();
    cleared.lastLionCapture = undefined;
    const have = new Set(moves.map(makeUsi));
    f.csBites = canonicalMoves(cleared).some(m => !have.has(makeUsi(m)));
    const onSq = board.get(pos.lastLionCapture);
    f.csSameSquare =
      !!onSq &&
      them.has(pos.lastLionCapture) &&
      LION_ROLES.includes(onSq.role) &&
      moves.some(m => m.to === pos.lastLionCapture && !LION_ROLES.includes(board.get(m.from).role));
  }
  return f;
}
const FEATURE_NAMES = [
  'lionNear', 'lionLion', 'twoLeg', 'pass', 'promo', 'counterStrike', 'csBites', 'csSameSquare',
  'plLast', 'deadPiece', 'nonLionTakesLion',
];

// ---------------------------------------------------------------- playouts
const captures = (pos, m) => {
  const them = pos.board.color(pos.turn === 'sente' ? 'gote' : 'sente');
  return [m.to, m.midStep].filter(s => s !== undefined && them.has(s)).map(s => pos.board.get(s));
};

function weight(pos, m) {
  const caps = captures(pos, m);
  if (caps.some(p => p.role === 'king' || p.role === 'prince')) return 0; // keep the game going
  const role = pos.board.get(m.from).role;
  let w = 1;
  if (caps.length) w *= 6;
  if (LION_POWER_ROLES.includes(role)) w *= 3;
  if (m.promotion) w *= 2;
  // lishogi: a Pawn/Lance may stay unpromoted on its last rank (dead piece)
  if ((role === 'pawn' || role === 'lance') && !m.promotion && m.to >> 4 === (pos.turn === 'sente' ? 0 : 11)) w *= 4;
  if (!LION_ROLES.includes(role) && caps.some(p => LION_ROLES.includes(p.role))) w *= 20;
  if (m.midStep !== undefined && m.to === m.from && !pos.board.has(m.midStep)) w *= 0.3; // passes
  return w;
}

function pick(pos, moves) {
  const ws = moves.map(m => weight(pos, m));
  const total = ws.reduce((a, b) => a + b, 0);
  if (total <= 0) return undefined;
  let r = rand() * total;
  for (let i = 0; i < moves.length; i++) {
    r -= ws[i];
    if (r < 0 && ws[i] > 0) return moves[i];
  }
  for (let i = moves.length - 1; i >= 0; i--) if (ws[i] > 0) return moves[i];
  return undefined;
}

const candidates = [];
const seen = new Set();
const keyOf = pos => makeSfen(pos).split(' ').slice(0, 3).join(' ');

function playout(startName, startSfen, plies, playoutId) {
  let pos = parseChu(startSfen);
  for (let ply = 0; ply < plies; ply++) {
    const moves = canonicalMoves(pos);
    if (moves.length === 0) break;
    if (ply >= 1) {
      const k = keyOf(pos);
      if (!seen.has(k)) {
        seen.add(k);
        candidates.push({ sfen: makeSfen(pos), start: startName, ply, playoutId, f: features(pos, moves), n1: moves.length });
      }
    }
    const m = pick(pos, moves);
    if (!m) break;
    pos = playMove(pos, m);
  }
}

const t0 = Date.now();
let playoutId = 0;
const PLAYOUTS = [
  ['start', START_SFEN, 24, 40, 150],
  ...Object.entries(CUSTOM_STARTS).map(([n, s]) => [n, s, 12, 10, 80]),
];
for (const [name, sfen, count, lo, hi] of PLAYOUTS) {
  for (let i = 0; i < count; i++) playout(name, sfen, randInt(lo, hi), playoutId++);
}
console.error(`${candidates.length} candidate positions from ${playoutId} playouts (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
console.error('candidates with feature: ' + FEATURE_NAMES.map(f => `${f}=${candidates.filter(c => c.f[f]).length}`).join(' '));

// ---------------------------------------------------------------- perft with a budget
class TooBig extends Error {}
function perftCounts(pos) {
  // returns [d1, d2, d3]; throws TooBig when d3 exceeds MAX_D3
  const moves = canonicalMoves(pos);
  let d2 = 0,
    d3 = 0;
  for (const m of moves) {
    const c = playMove(pos, m);
    const cm = canonicalMoves(c);
    d2 += cm.length;
    for (const m2 of cm) {
      d3 += canonicalMoves(playMove(c, m2)).length;
      if (d3 > MAX_D3) throw new TooBig();
    }
  }
  return [moves.length, d2, d3];
}

// ---------------------------------------------------------------- selection
// Quotas: fill each feature up to its target (rarest first), then top up with
// playouts from the start position and then anything. At most 2 positions per
// playout, no duplicate positions.
const QUOTAS = [
  ['csSameSquare', 3],
  ['csBites', 5],
  ['counterStrike', 10],
  ['deadPiece', 4],
  ['nonLionTakesLion', 6],
  ['plLast', 12],
  ['lionLion', 10],
  ['promo', 16],
  ['twoLeg', 20],
  ['lionNear', 30],
];
const chosen = [];
const perPlayout = new Map();
shuffle(candidates);
let skippedBig = 0;
const tSel = Date.now();

function tryTake(c) {
  if (chosen.length >= TARGET_TOTAL) return false;
  if ((perPlayout.get(c.playoutId) || 0) >= 2) return false;
  if (c.taken || c.rejected) return false;
  const pos = parseChu(c.sfen);
  let counts;
  try {
    counts = perftCounts(pos);
  } catch (e) {
    if (e instanceof TooBig) {
      c.rejected = true;
      skippedBig++;
      return false;
    }
    throw e;
  }
  bruteForceCheck(pos);
  c.taken = true;
  c.counts = counts;
  c.moves = canonicalMoves(pos).map(makeUsi).sort();
  perPlayout.set(c.playoutId, (perPlayout.get(c.playoutId) || 0) + 1);
  chosen.push(c);
  return true;
}

const have = feat => chosen.filter(c => c.f[feat]).length;
for (const [feat, target] of QUOTAS) {
  for (const c of candidates) {
    if (have(feat) >= target) break;
    if (c.f[feat]) tryTake(c);
  }
}
for (const c of candidates) if (c.start === 'start' && chosen.filter(x => x.start === 'start').length < 20) tryTake(c);
for (const c of candidates) tryTake(c);
console.error(`selected ${chosen.length} positions, skipped ${skippedBig} with perft(3) > ${MAX_D3} (${((Date.now() - tSel) / 1000).toFixed(1)} s)`);

// Stable output order: by start name, then playout, then ply.
chosen.sort((a, b) => a.playoutId - b.playoutId || a.ply - b.ply);

// ---------------------------------------------------------------- output
const header = [
  `# Chu shogi canonical perft oracle: random playout positions.`,
  `# Produced by: cd scripts/oracle && node gen-positions.mjs --seed ${SEED} --count ${TARGET_TOTAL} --max-d3 ${MAX_D3} --out ../../tests/data/chu_oracle.txt`,
  `# Oracle: shogiops ${SHOGIOPS_VERSION} (npm), canonical move set of chu.md 8.19 (canon-perft.mjs); rules = lishogi`,
  `# (Pawn/Lance last-rank promotion optional, counter-strike allowed on the capturer's square, no bare King, no repetition).`,
  `# PRNG mulberry32 seed ${SEED}; each depth-1 move list was also cross-checked against a brute-force shogiops isLegal() enumeration.`,
  `# Format: <sfen>|<d1>|<d2>|<d3>|<sorted depth-1 moves, shogiops USI>; two-leg moves from+mid+to, pass from+mid+from`,
  `# (pass mid = lowest shogiops square index, i.e. rank a first then file 1 first, among empty Lion-power neighbours).`,
];
const lines = chosen.map(c => `${c.sfen}|${c.counts.join('|')}|${c.moves.join(' ')}`);
writeFileSync(OUT, header.join('\n') + '\n' + lines.join('\n') + '\n');

// ---------------------------------------------------------------- summary
const summary = [`positions: ${chosen.length} (written to ${OUT})`];
for (const f of FEATURE_NAMES) summary.push(`  ${f.padEnd(17)} ${have(f)}`);
const byStart = {};
for (const c of chosen) byStart[c.start] = (byStart[c.start] || 0) + 1;
summary.push(`  by start: ${Object.entries(byStart).map(([k, v]) => `${k}=${v}`).join(' ')}`);
const d3s = chosen.map(c => c.counts[2]);
summary.push(`  perft(3): min ${Math.min(...d3s)}, max ${Math.max(...d3s)}, total ${d3s.reduce((a, b) => a + b, 0)}`);
summary.push(`  total time ${((Date.now() - t0) / 1000).toFixed(1)} s`);
console.log(summary.join('\n'));
