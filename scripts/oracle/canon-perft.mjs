// Canonical Chu shogi move generator on top of shogiops (lishogi rules).
//
// "Canonical" = the move set of chu.md sections 3-4 / 8.19:
//   * every one-leg move from shogiops' allMoveDests(), promotion and
//     non-promotion counted separately when both are legal
//     (pieceCanPromote / pieceForcePromote; lishogi: never forced);
//   * for Lion-power pieces (roles 'lion', 'lionpromoted' = +O, 'falcon' = +H,
//     'eagle' = +D) every two-step move whose FIRST step captures an enemy piece
//     (igui, capture-and-continue, double capture), taken from
//     secondLionStepDests(pos, from, first);
//   * ONE pass per Lion-power piece that can step to an empty square in a
//     Lion-power direction and come back;
//   * no moves at all when the side to move has no royal (King / Crown Prince).
// Bare King and repetition are not applied.
//
// Move objects follow shogiops' play()/isLegal() convention:
//   {from, to: finalSquare, midStep: firstStepSquare}.
// (shogiops' own debug perft swaps the two, see chu.md 8.19.)

import { kingAttacks } from 'shogiops/attacks';
import { makeSfen, parseSfen } from 'shogiops/sfen';
import { makeUsi, makeSquareName } from 'shogiops/util';
import { secondLionStepDests } from 'shogiops/variant/chushogi';
import { pieceCanPromote, pieceForcePromote } from 'shogiops/variant/util';

export const LION_POWER_ROLES = ['lion', 'lionpromoted', 'falcon', 'eagle'];
export const LION_ROLES = ['lion', 'lionpromoted'];

const canPromote = pieceCanPromote('chushogi');
const forcePromote = pieceForcePromote('chushogi');

export function parseChu(sfen) {
  const r = parseSfen('chushogi', sfen, false);
  if (r.isErr) throw new Error(`bad sfen ${sfen}: ${r.error}`);
  return r.value;
}

export { makeSfen, makeUsi, makeSquareName };

export function hasRoyal(pos, color = pos.turn) {
  return pos.kingsOf(color).nonEmpty();
}

// Returns an array of shogiops NormalMove objects, canonical form.
// Pass: {from, to: from, midStep: firstEmptySquare} where the mid square is
// the lowest shogiops square index (rank a first, then file 1 first) among the
// empty Lion-power neighbours from which shogiops allows returning.
export function canonicalMoves(pos) {
  const moves = [];
  if (!hasRoyal(pos)) return moves;
  const board = pos.board;
  const them = board.color(pos.turn === 'sente' ? 'gote' : 'sente');
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = board.get(from);
    for (const to of dests) {
      const capture = board.get(to);
      if (canPromote(piece, from, to, capture)) {
        moves.push({ from, to, promotion: true });
        if (!forcePromote(piece, to)) moves.push({ from, to, promotion: false });
      } else moves.push({ from, to, promotion: false });
    }
    if (LION_POWER_ROLES.includes(piece.role)) {
      let passDone = false;
      // first step: adjacent square that is itself a legal one-leg destination
      for (const first of dests.intersect(kingAttacks(from))) {
        const seconds = secondLionStepDests(pos, from, first);
        if (them.has(first)) {
          for (const to of seconds) moves.push({ from, to, midStep: first, promotion: false });
        } else if (!passDone && !board.has(first) && seconds.has(from)) {
          moves.push({ from, to: from, midStep: first, promotion: false });
          passDone = true;
        }
      }
    }
  }
  return moves;
}

export function playMove(pos, move) {
  const child = pos.clone();
  child.play(move);
  return child;
}

export function perft(pos, depth) {
  if (depth <= 0) return 1;
  const moves = canonicalMoves(pos);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) n += perft(playMove(pos, m), depth - 1);
  return n;
}

export function divide(pos, depth) {
  const out = [];
  for (const m of canonicalMoves(pos)) out.push([makeUsi(m), perft(playMove(pos, m), depth - 1)]);
  return out;
}

export function usiList(pos) {
  return canonicalMoves(pos)
    .map(m => makeUsi(m))
    .sort();
}

// Independent sanity check of each generated move against shogiops' isLegal.
export function checkLegalByShogiops(pos) {
  for (const m of canonicalMoves(pos)) {
    if (!pos.isLegal(m)) throw new Error(`shogiops isLegal rejects ${makeUsi(m)} in ${makeSfen(pos)}`);
  }
}

// Independent brute-force cross-check of the canonical move set: try every
// (from, to, promotion) and every Lion-power (from, mid, to) triple through
// shogiops' isLegal(), play each accepted move and collect the distinct
// resulting positions (board + side + counter-strike square). Canonical moves
// must map one-to-one onto that set. Throws on mismatch.
const ALL_SQUARES = [];
for (let rank = 0; rank < 12; rank++) for (let file = 0; file < 12; file++) ALL_SQUARES.push(file + 16 * rank);
const boardKey = p => makeSfen(p).split(' ')[0];
// Passes of different pieces leave the same position but are distinct moves
// (one pass per Lion-power piece), so a board-preserving move is keyed by its
// origin square.
const moveKey = (pos, m) => {
  const child = playMove(pos, m);
  if (boardKey(child) === boardKey(pos)) return `pass@${m.from}`;
  return makeSfen(child).split(' ').slice(0, 3).join(' ');
};

export function bruteForceCheck(pos) {
  const canon = canonicalMoves(pos);
  const canonKeys = new Map();
  for (const m of canon) {
    if (!pos.isLegal(m)) throw new Error(`isLegal rejects canonical ${makeUsi(m)} in ${makeSfen(pos)}`);
    const k = moveKey(pos, m);
    if (canonKeys.has(k))
      throw new Error(`canonical moves ${canonKeys.get(k)} and ${makeUsi(m)} coincide in ${makeSfen(pos)}`);
    canonKeys.set(k, makeUsi(m));
  }
  if (!hasRoyal(pos)) return canon.length;
  const brute = new Map();
  for (const from of pos.board.color(pos.turn)) {
    const piece = pos.board.get(from);
    for (const to of ALL_SQUARES)
      for (const promotion of [false, true]) {
        const m = { from, to, promotion };
        if (pos.isLegal(m)) brute.set(moveKey(pos, m), makeUsi(m));
      }
    if (LION_POWER_ROLES.includes(piece.role))
      for (const midStep of kingAttacks(from))
        for (const to of ALL_SQUARES) {
          const m = { from, to, midStep, promotion: false };
          if (pos.isLegal(m)) brute.set(moveKey(pos, m), makeUsi(m));
        }
  }
  for (const [k, u] of brute)
    if (!canonKeys.has(k)) throw new Error(`shogiops accepts ${u} with no canonical equivalent in ${makeSfen(pos)}`);
  if (brute.size !== canonKeys.size)
    throw new Error(`canonical ${canonKeys.size} vs brute-force ${brute.size} in ${makeSfen(pos)}`);
  return canon.length;
}

export const START_SFEN =
  'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1';

// chu.md section 9 test positions (T0-T17; T18 is a move sequence).
export const FIXED_POSITIONS = [
  ['T0', START_SFEN],
  ['T1', '11k/12/12/12/12/6n5/12/6N5/12/12/12/K11 b - 1'],
  ['T2', '11k/12/12/12/6g5/6n5/12/6N5/12/12/12/K11 b - 1'],
  ['T3', '11k/12/12/12/12/6n5/12/6N5/12/12/6r5/K11 b - 1'],
  ['T4', '11k/12/12/12/6g5/6n5/6s5/6N5/12/12/12/K11 b - 1'],
  ['T5', '11k/12/12/12/6g5/6n5/6p5/6N5/12/12/12/K11 b - 1'],
  ['T6', '11k/12/12/6N5/6p5/6n5/12/12/12/12/12/K11 b - 1'],
  ['T7', '11k/12/9r2/12/12/6n5/5+OG5/12/12/12/12/K11 b 3c 1'],
  ['T8', '11k/12/12/12/12/12/12/12/12/6+o5/6G5/K11 b 6j 1'],
  ['T9', '11k/12/12/12/12/12/6ps4/6N5/12/12/12/K11 b - 1'],
  ['T10', '11k/12/8pg2/3S4S3/2p2S6/12/12/12/12/12/12/K11 b - 1'],
  ['T11', 'g10k/6P5/12/9L2/12/3L8/12/12/12/12/12/K11 b - 1'],
  ['T12', '11k/12/12/12/12/6g5/6p5/6+H5/12/12/12/K11 b - 1'],
  ['T13', '11k/12/12/12/12/4g7/5p6/6+D5/12/12/12/K11 b - 1'],
  ['T14', '11k/12/12/12/12/12/12/12/12/12/12/KG10 w - 1'],
  ['T15', '11k/12/12/12/12/6g5/6n5/6N5/12/12/12/K11 b - 1'],
  ['T16', '11k/12/9r2/12/12/6n5/12/6+H5/12/12/12/K11 b 3c 1'],
  ['T17', '11k/12/12/12/6g5/6n5/6+p5/6N5/12/12/12/K11 b - 1'],
];

// Format one oracle line: <sfen>|<d1>|<d2>|<d3>|<moves>
export function oracleLine(sfen, maxDepth = 3) {
  const pos = parseChu(sfen);
  const counts = [];
  for (let d = 1; d <= maxDepth; d++) counts.push(perft(pos, d));
  return `${makeSfen(pos)}|${counts.join('|')}|${usiList(pos).join(' ')}`;
}

// ---------------------------------------------------------------------------
// CLI
//   node canon-perft.mjs --selfcheck
//   node canon-perft.mjs --fixed <out-file>
//   node canon-perft.mjs "<sfen>" <depth> [--divide]

const EXPECTED_START = [36, 1296, 48315, 1801639];
// chu.md section 9, "Deeper cross-check" (d1, d2, d3)
const EXPECTED_DEEP = {
  T4: [35, 1265, 38496],
  T6: [34, 994, 28492],
  T7: [38, 2195, 72505],
  T9: [44, 336, 10561],
  T12: [41, 358, 12337],
  T13: [40, 349, 12197],
  T15: [36, 1019, 29035],
};
// chu.md section 9, "so-canon" single-depth counts (T14 has none listed)
const EXPECTED_SO_CANON = {
  T0: 36, T1: 28, T2: 27, T3: 27, T4: 35, T5: 34, T6: 34, T7: 38, T8: 9, T9: 44,
  T10: 24, T11: 18, T12: 41, T13: 40, T15: 36, T16: 39, T17: 35,
};

function selfCheck() {
  let ok = true;
  const report = (label, got, exp) => {
    const pass = exp === undefined || got === exp;
    if (!pass) ok = false;
    console.log(`${pass ? 'ok  ' : 'FAIL'} ${label}: ${got}${exp === undefined ? ' (no reference)' : pass ? '' : ` expected ${exp}`}`);
  };
  const start = parseChu(START_SFEN);
  for (let d = 1; d <= EXPECTED_START.length; d++) {
    const t0 = Date.now();
    report(`start perft(${d})`, perft(start, d), EXPECTED_START[d - 1]);
    console.log(`      (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  for (const [name, sfen] of FIXED_POSITIONS) {
    const pos = parseChu(sfen);
    bruteForceCheck(pos);
    report(`${name} so-canon`, perft(pos, 1), EXPECTED_SO_CANON[name]);
    const deep = EXPECTED_DEEP[name];
    if (deep) for (let d = 2; d <= 3; d++) report(`${name} perft(${d})`, perft(pos, d), deep[d - 1]);
  }
  console.log(ok ? 'SELF-CHECK PASSED' : 'SELF-CHECK FAILED');
  return ok;
}

async function writeFixed(outFile) {
  const fs = await import('node:fs');
  const lines = [
    `# Chu shogi canonical perft oracle, chu.md section 9 positions T0-T17 (T18 is a sequence).`,
    `# Produced by: cd scripts/oracle && node canon-perft.mjs --fixed ../../tests/data/chu_oracle_fixed.txt`,
    `# Oracle: shogiops ${SHOGIOPS_VERSION} (npm), canonical move set of chu.md 8.19; rules = lishogi`,
    `# (Pawn/Lance last-rank promotion optional, counter-strike allowed on the capturer's square, no bare King, no repetition).`,
    `# Each line: T-name comment line, then <sfen>|<d1>|<d2>|<d3>|<sorted depth-1 moves, shogiops USI>`,
    `# Two-leg moves: from+mid+to; pass: from+mid+from (mid = lowest shogiops square index among empty Lion-power neighbours).`,
  ];
  for (const [name, sfen] of FIXED_POSITIONS) {
    const t0 = Date.now();
    lines.push(`# ${name}`);
    lines.push(oracleLine(sfen, 3));
    console.error(`${name} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
  fs.writeFileSync(outFile, lines.join('\n') + '\n');
  console.error(`wrote ${FIXED_POSITIONS.length} positions to ${outFile}`);
}

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
export const SHOGIOPS_VERSION = JSON.parse(
  readFileSync(new URL('./node_modules/shogiops/package.json', import.meta.url), 'utf8')
).version;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--selfcheck') process.exit(selfCheck() ? 0 : 1);
  else if (args[0] === '--fixed') await writeFixed(args[1]);
  else if (args.length >= 2) {
    const pos = parseChu(args[0]);
    const depth = parseInt(args[1]);
    if (args.includes('--divide')) {
      let total = 0;
      for (const [u, n] of divide(pos, depth)) {
        console.log(`${u}: ${n}`);
        total += n;
      }
      console.log(`total ${total}`);
    } else console.log(perft(pos, depth));
  } else {
    console.error('usage: node canon-perft.mjs --selfcheck | --fixed <out> | "<sfen>" <depth> [--divide]');
    process.exit(2);
  }
}
