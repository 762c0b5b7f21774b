// The largeshogi board page. It knows no rules: legal moves come from the server
// (/api/moves), the board drawing too (/api/board.svg); this script only turns clicks
// into one of the moves the server listed.
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';

let state = null;        // /api/state
let names = 'kanji';
let flipped = false;
let sel = null;          // {from: idx|null, drop: code|null, moves: [...], prefix: [idx...]}
let pendingPromo = null; // moves that differ only by promotion
let lines = {};          // analysis lines by multipv
let infoSfen = null;     // position the lines belong to
let refreshSeq = 0;
let clockBase = null;    // {ms: [b, w], at: time received}
window.lastSelectMs = null;

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  const r = await fetch('/api' + path, opts);
  const j = await r.json().catch(() => ({ error: 'HTTP ' + r.status }));
  if (!r.ok) throw new Error(j.error || ('HTTP ' + r.status));
  return j;
}

function message(text, error) {
  const m = $('message');
  m.textContent = text || '';
  m.className = error ? 'error' : '';
}

// Posts go out one at a time in the order they were made: the server's several workers
// could otherwise apply two quick changes (a time mode, then its value) the wrong way round.
let posting = Promise.resolve();
function post(path, body) {
  posting = posting.then(async () => {
    try {
      await api('POST', path, body || {});
      return true;
    } catch (e) {
      message(e.message, true);
      return false;
    }
  });
  return posting;
}

function squareName(idx) {
  const x = idx % state.files, y = Math.floor(idx / state.files);
  return (state.files - x) + String.fromCharCode(97 + y);
}

async function refresh() {
  const seq = ++refreshSeq;
  const st = await api('GET', '/state');
  const svg = await (await fetch(`/api/board.svg?names=${names}&flip=${flipped ? 1 : 0}`)).text();
  if (seq !== refreshSeq) return; // a newer refresh is under way
  if (!state || st.sfen !== state.sfen) { sel = null; pendingPromo = null; $('promo').hidden = true; }
  if (st.sfen !== infoSfen) { lines = {}; infoSfen = st.sfen; }
  state = st;
  $('board').innerHTML = svg;
  render();
}

function render() {
  const s = state;
  const vs = $('variant');
  if (vs.options.length !== s.variants.length) {
    vs.innerHTML = s.variants.map((v) => `<option>${v}</option>`).join('');
  }
  vs.value = s.variant;
  $('side').value = s.engine_side || 'none';
  $('analysis').checked = s.analysis;
  $('multipv').value = String(s.multipv);
  const clock = s.time.base_ms !== undefined;
  $('tcmode').value = clock ? 'clock' : 'move';
  $('movetime').hidden = clock;
  $('clockset').hidden = !clock;
  if (!clock && document.activeElement !== $('movetime')) $('movetime').value = s.time.movetime_ms / 1000;
  $('clocks').hidden = !s.clocks_ms;
  clockBase = s.clocks_ms ? { ms: s.clocks_ms, at: performance.now() } : null;
  const st = $('status');
  if (s.outcome) {
    st.textContent = 'Game over: ' + s.outcome.text;
    st.className = 'over';
  } else {
    const who = s.side === 'black' ? 'Black (sente)' : 'White (gote)';
    let t = `${who} to move, move ${s.cursor + 1}`;
    if (s.thinking === 'engine') t += ' — engine thinking…';
    if (s.thinking === 'analysis') t += ' — analysing';
    st.textContent = t;
    st.className = '';
  }
  $('names').textContent = names === 'kanji' ? 'English' : 'Kanji';
  renderMoves();
  renderLines();
  renderGraph();
  drawOverlay();
}

function renderMoves() {
  const ol = $('moves');
  ol.innerHTML = '';
  state.line.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = m;
    if (i >= state.cursor) li.className = 'future';
    if (i === state.cursor - 1) li.className = 'current';
    li.onclick = () => jump(i + 1);
    ol.appendChild(li);
  });
  const cur = ol.querySelector('.current');
  if (cur) cur.scrollIntoView({ block: 'nearest' });
}

async function jump(ply) {
  if (ply < state.cursor) await post('/undo', { plies: state.cursor - ply });
  else if (ply > state.cursor) await post('/redo', { plies: ply - state.cursor });
}

function scoreText(info) {
  if (info.score.mate !== undefined) return '#' + info.score.mate;
  const cp = info.score.cp / 100;
  return (cp > 0 ? '+' : '') + cp.toFixed(2);
}

function renderLines() {
  const div = $('pvs');
  div.innerHTML = '';
  Object.keys(lines).sort((a, b) => a - b).forEach((k) => {
    const info = lines[k];
    const d = document.createElement('div');
    d.className = 'pv';
    const nps = info.nps >= 1e6 ? (info.nps / 1e6).toFixed(2) + 'M' : Math.round(info.nps / 1e3) + 'k';
    d.textContent = `${k}. d${info.depth} ${scoreText(info)} ${nps}n/s  ${info.pv.join(' ')}`;
    d.title = d.textContent;
    div.appendChild(d);
  });
}

function renderGraph() {
  const g = $('graph');
  g.innerHTML = '';
  const ev = state.evals;
  const n = Math.max(ev.length - 1, 1);
  const y = (cp) => 40 - 38 * Math.tanh(cp / 600);
  const mid = document.createElementNS(SVGNS, 'line');
  mid.setAttribute('x1', 0); mid.setAttribute('x2', 300);
  mid.setAttribute('y1', 40); mid.setAttribute('y2', 40);
  mid.setAttribute('stroke', '#aaa'); mid.setAttribute('stroke-width', '0.5');
  g.appendChild(mid);
  let pts = [];
  const flush = () => {
    if (pts.length) {
      const pl = document.createElementNS(SVGNS, 'polyline');
      pl.setAttribute('points', pts.join(' '));
      pl.setAttribute('fill', 'none');
      pl.setAttribute('stroke', '#8a3b00');
      pl.setAttribute('stroke-width', '1.5');
      pl.setAttribute('vector-effect', 'non-scaling-stroke');
      g.appendChild(pl);
    }
    pts = [];
  };
  ev.forEach((cp, i) => {
    if (cp === null) { flush(); return; }
    pts.push(`${(300 * i / n).toFixed(1)},${y(cp).toFixed(1)}`);
  });
  flush();
}

// ---- Board interaction -------------------------------------------------------------

function boardSvg() { return $('board').querySelector('svg'); }

function cellRect(idx) {
  return boardSvg().querySelector(`rect[data-sq="${idx}"]`);
}

function mark(layer, idx, kind) {
  const r = cellRect(idx);
  if (!r) return;
  const x = +r.getAttribute('x'), y = +r.getAttribute('y'), c = +r.getAttribute('width');
  let el;
  if (kind === 'target') {
    el = document.createElementNS(SVGNS, 'circle');
    el.setAttribute('cx', x + c / 2); el.setAttribute('cy', y + c / 2); el.setAttribute('r', c / 5);
    el.setAttribute('fill', '#1a7f37'); el.setAttribute('fill-opacity', '0.6');
  } else if (kind === 'shot') {
    el = document.createElementNS(SVGNS, 'circle');
    el.setAttribute('cx', x + c / 2); el.setAttribute('cy', y + c / 2); el.setAttribute('r', c / 2 - 4);
    el.setAttribute('fill', 'none'); el.setAttribute('stroke', '#d00'); el.setAttribute('stroke-width', 3);
  } else {
    el = document.createElementNS(SVGNS, 'rect');
    el.setAttribute('x', x + 1); el.setAttribute('y', y + 1);
    el.setAttribute('width', c - 2); el.setAttribute('height', c - 2);
    el.setAttribute('fill', 'none');
    el.setAttribute('stroke', kind === 'from' ? '#1f4fd8' : kind === 'stop' ? '#d08000' : '#7a3fd0');
    el.setAttribute('stroke-width', 3);
  }
  el.setAttribute('class', 'mark-' + kind);
  el.setAttribute('data-mark', idx);
  layer.appendChild(el);
}

// The squares a click may go to next, given the squares clicked so far.
function nextSquares() {
  const k = sel.prefix.length;
  const out = new Map(); // idx -> is a shot
  for (const m of sel.moves) {
    if (m.seq.length > k && sel.prefix.every((q, i) => m.seq[i] === q)) {
      out.set(m.seq[k], isShotStep(m, k));
    }
  }
  return out;
}

// Whether step k of a move's click sequence is a shot (shots come after the destination).
function isShotStep(m, k) {
  return k >= m.seq.length - m.shots;
}

function drawOverlay() {
  const svg = boardSvg();
  if (!svg) return;
  let layer = svg.querySelector('#overlay');
  if (layer) layer.remove();
  layer = document.createElementNS(SVGNS, 'g');
  layer.setAttribute('id', 'overlay');
  svg.appendChild(layer);
  if (!sel) return;
  if (sel.from !== null) mark(layer, sel.from, 'from');
  sel.prefix.forEach((q) => mark(layer, q, 'path'));
  if (sel.prefix.length && exactMoves(sel.prefix).length) mark(layer, sel.prefix[sel.prefix.length - 1], 'stop');
  for (const [q, shot] of nextSquares()) mark(layer, q, shot ? 'shot' : 'target');
}

function exactMoves(prefix) {
  return sel.moves.filter((m) => m.seq.length === prefix.length && prefix.every((q, i) => m.seq[i] === q));
}

function ownTurn() {
  if (!state || state.outcome) return false;
  return state.thinking !== 'engine';
}

// t0: when the click happened (the event's time stamp), for the click-to-moves time.
async function selectPiece(from, drop, t0 = performance.now()) {
  const q = from !== null ? 'from=' + squareName(from) : 'drop=' + encodeURIComponent(drop);
  let r;
  try { r = await api('GET', '/moves?' + q); } catch (e) { message(e.message, true); return; }
  if (!r.moves.length) { sel = null; drawOverlay(); message('That piece has no legal move.', true); return; }
  sel = { from, drop, moves: r.moves, prefix: [] };
  message(helpText());
  drawOverlay();
  // Measured once the highlighted board has been painted (the frame after the next).
  window.lastSelectMs = null;
  requestAnimationFrame(() => requestAnimationFrame(() => { window.lastSelectMs = performance.now() - t0; }));
  document.body.dataset.selected = String(from !== null ? from : drop);
}

function helpText() {
  const k = sel.prefix.length;
  if (k === 0) return 'Click a green square (Esc cancels).';
  const exact = exactMoves(sel.prefix).length > 0;
  const more = nextSquares();
  const shots = [...more.values()].some((s) => s);
  if (exact && shots) return 'Click a red-ringed piece to shoot it, or click the orange square again to move without shooting.';
  if (exact) return 'Click a green square to go on, or the orange square again to stop there.';
  return shots ? 'Click the target to shoot.' : 'Click the next square of the move.';
}

async function commit(moves) {
  const promo = moves.filter((m) => m.promote), plain = moves.filter((m) => !m.promote);
  if (promo.length && plain.length) {
    pendingPromo = { promo: promo[0], plain: plain[0] };
    $('promo').hidden = false;
    message('Promote the piece?');
    return;
  }
  await send(moves[0]);
}

async function send(m) {
  sel = null;
  pendingPromo = null;
  $('promo').hidden = true;
  drawOverlay();
  if (await post('/move', { move: m.usi })) message('Played ' + m.usi);
}

async function clickSquare(idx, t0) {
  if (!state) return;
  if (!ownTurn()) { message(state.outcome ? 'The game is over.' : 'The engine is thinking.', true); return; }
  if (pendingPromo) return;
  if (sel) {
    const k = sel.prefix.length;
    // Clicking the last square again ends a move that could go on.
    if (k && idx === sel.prefix[k - 1] && exactMoves(sel.prefix).length) {
      return commit(exactMoves(sel.prefix));
    }
    const next = nextSquares();
    if (next.has(idx)) {
      const prefix = sel.prefix.concat([idx]);
      const exact = exactMoves(prefix);
      sel.prefix = prefix;
      if (nextSquares().size === 0) return commit(exact);
      message(helpText());
      drawOverlay();
      return;
    }
    if (k === 0 && idx === sel.from) { sel = null; message(''); drawOverlay(); return; }
    if (k === 0 && pieceOfMover(idx)) return selectPiece(idx, null, t0);
    message(`Illegal: ${sel.from !== null ? squareName(sel.from) : sel.drop + '*'} cannot go to ${squareName(idx)} here.`, true);
    document.body.dataset.refused = String(Number(document.body.dataset.refused || 0) + 1);
    return;
  }
  if (pieceOfMover(idx)) return selectPiece(idx, null, t0);
  message(`No piece of the side to move on ${squareName(idx)}.`, true);
  document.body.dataset.refused = String(Number(document.body.dataset.refused || 0) + 1);
}

// Whether the side to move has a piece on idx.
function pieceOfMover(idx) {
  return state.owners[idx] === state.side[0];
}

$('board').addEventListener('click', (e) => {
  const hand = e.target.closest('[data-drop]');
  if (hand) {
    if (!ownTurn()) return;
    if (hand.dataset.color !== state.side) { message('That is the opponent\'s hand.', true); return; }
    selectPiece(null, hand.dataset.drop, e.timeStamp);
    return;
  }
  const sq = e.target.closest('[data-sq]');
  if (sq) clickSquare(+sq.dataset.sq, e.timeStamp);
});
$('board').addEventListener('contextmenu', (e) => { e.preventDefault(); cancel(); });
document.addEventListener('keydown', (e) => { if (e.key === 'Escape') cancel(); });
function cancel() { sel = null; pendingPromo = null; $('promo').hidden = true; message(''); drawOverlay(); }
$('promoYes').onclick = () => pendingPromo && send(pendingPromo.promo);
$('promoNo').onclick = () => pendingPromo && send(pendingPromo.plain);

// ---- Controls -----------------------------------------------------------------------

$('variant').onchange = () => post('/new', { variant: $('variant').value });
$('new').onclick = () => post('/new', {});
$('zoom').onchange = () => { $('board').style.height = (100 * +$('zoom').value) + '%'; };
$('flip').onclick = () => { flipped = !flipped; refresh(); };
$('names').onclick = () => { names = names === 'kanji' ? 'english' : 'kanji'; refresh(); };
$('side').onchange = () => post('/settings', { engine_side: $('side').value });
$('tcmode').onchange = () => { $('movetime').hidden = $('tcmode').value !== 'move'; $('clockset').hidden = $('tcmode').value !== 'clock'; sendTime(); };
$('movetime').onchange = sendTime;
$('base').onchange = sendTime;
$('inc').onchange = sendTime;
function sendTime() {
  if ($('tcmode').value === 'move') {
    post('/settings', { movetime_ms: Math.round(1000 * Math.max(0.05, +$('movetime').value || 1)) });
  } else {
    post('/settings', { base_ms: Math.round(60000 * Math.max(0.01, +$('base').value || 5)), inc_ms: Math.round(1000 * Math.max(0, +$('inc').value || 0)) });
  }
}
$('go').onclick = () => post('/go');
$('stop').onclick = () => post('/stop');
$('undo').onclick = () => {
  // Against the engine, take back to the user's own turn.
  let n = 1;
  if (state.engine_side && state.cursor >= 2) {
    const sideAfter = (state.cursor - 1) % 2 === 0 ? startSide() : otherSide(startSide());
    if (sideAfter === state.engine_side) n = 2;
  }
  post('/undo', { plies: Math.min(n, state.cursor) || 1 });
};
$('redo').onclick = () => post('/redo', { plies: 1 });
function startSide() { return state.start_sfen.split(' ')[1] === 'w' ? 'white' : 'black'; }
function otherSide(s) { return s === 'black' ? 'white' : 'black'; }
$('analysis').onchange = () => post('/analysis', { on: $('analysis').checked });
$('multipv').onchange = () => { lines = {}; post('/settings', { multipv: +$('multipv').value }); };
$('import').onclick = async () => { if (await post('/import', { text: $('io').value })) message('Imported.'); };
async function exportAs(format) {
  try { $('io').value = (await api('GET', '/export?format=' + format)).text; message('Exported ' + format.toUpperCase()); } catch (e) { message(e.message, true); }
}
$('exsfen').onclick = () => exportAs('sfen');
$('exusi').onclick = () => exportAs('usi');
$('expgn').onclick = () => exportAs('pgn');
$('exkif').onclick = () => exportAs('kif');
$('copy').onclick = async () => {
  $('io').value = state.sfen;
  try { await navigator.clipboard.writeText(state.sfen); message('SFEN copied.'); }
  catch (_) { $('io').select(); document.execCommand('copy'); message('SFEN copied.'); }
};

// ---- Clocks and events ----------------------------------------------------------------

function fmt(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
setInterval(() => {
  if (!clockBase || !state) return;
  const el = performance.now() - clockBase.at;
  const running = state.cursor > 0 && !state.outcome;
  const run = (i) => running && ((state.side === 'black') === (i === 0));
  const v = [0, 1].map((i) => clockBase.ms[i] - (run(i) ? el : 0));
  if (running && Math.min(v[0], v[1]) <= 0 && !clockBase.flagged) { clockBase.flagged = true; refresh(); }
  $('clockB').textContent = '☗ ' + fmt(v[0]);
  $('clockW').textContent = '☖ ' + fmt(v[1]);
  $('clockB').className = run(0) ? 'run' : '';
  $('clockW').className = run(1) ? 'run' : '';
}, 200);

function connect() {
  const es = new EventSource('/api/events');
  es.addEventListener('state', (e) => {
    const v = JSON.parse(e.data).version;
    if (!state || v !== state.version) refresh().catch((err) => message(err.message, true));
  });
  es.addEventListener('info', (e) => {
    const info = JSON.parse(e.data);
    if (!state || info.sfen !== state.sfen) return;
    lines[info.multipv] = info;
    if (info.multipv === 1 && state.evals.length) {
      state.evals[state.cursor] = info.black_cp;
      renderGraph();
    }
    renderLines();
  });
  es.onopen = () => refresh().catch((err) => message(err.message, true));
}
connect();

// For scripts and the end-to-end test: read-only views of the page's state.
window.gui = { state: () => state, selection: () => sel, squareName };
