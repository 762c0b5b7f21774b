#!/usr/bin/env python3
"""Fits Chu piece values to game results (the method of Texel tuning, material only).

Usage: scripts/fit-piece-values.py BINARY GAMES [MORE ...]

GAMES: a PGN from `largeshogi match`, turned into USI moves with `BINARY convert`
(HaChu-compatible rules when an engine is named hachu, the default rules otherwise), or
a file of lines `RESULT<tab>USI moves` (`.tsv`, or `.tsv.gz`), such as
scripts/data/chu-games.tsv.gz, the games today's values were fitted to:
    scripts/fit-piece-values.py target/release/largeshogi scripts/data/chu-games.tsv.gz
The games are replayed here. Every 8th ply from ply 30 to 6 plies before the end, where the last move
captured nothing, gives one sample: each piece kind's count for sente minus gote, and
the game's result for sente (1, 0.5 or 0). A logistic model P(sente wins) =
sigmoid(K * sum(value * count difference) + bias) is fitted by Newton's method with a
ridge pull towards the rules' values (chu.md 3.2), K being the scale at which the rules'
values fit best. Prints the held-out log-loss of the rules' values and of the fit
(samples split in alternate blocks), then the fitted values in centipawns as the Rust
table of `variant/chu.rs` (`ENGINE_VALUES`). Needs numpy.
"""
import gzip
import re
import subprocess
import sys

import numpy as np

START = ("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/"
         "PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL")
# The rules' values (chu.md 3.2), a Pawn being 1; royals are left out (always one each).
RULES = {"P": 1, "I": 1, "C": 2, "S": 2, "G": 3, "F": 3, "T": 3, "E": 3, "O": 3, "X": 3,
         "L": 3, "A": 3, "M": 4, "V": 4, "B": 5, "R": 6, "H": 7, "D": 8, "Q": 12, "N": 20,
         "+P": 3, "+I": 3, "+C": 4, "+S": 4, "+G": 6, "+F": 5, "+T": 6, "+O": 20,
         "+X": 12, "+L": 7, "+A": 5, "+M": 8, "+V": 8, "+B": 7, "+R": 8, "+H": 10,
         "+D": 11}
KINDS = sorted(RULES)
RIDGE = 1e-4
SQUARE = re.compile(r"(\d+)([a-l])")


def start_board():
    board = {}
    for r, row in enumerate(START.split("/")):
        c = 0
        for t in re.findall(r"\+?[A-Za-z]|\d+", row):
            if t.isdigit():
                c += int(t)
            else:
                board[(12 - c, "abcdefghijkl"[r])] = t
                c += 1
    return board


def samples(moves, result):
    """Replays USI moves (every leg captures what stands on it) and yields samples."""
    board = start_board()
    for n, m in enumerate(moves, 1):
        legs = [(int(f), r) for f, r in SQUARE.findall(m)]
        piece = board.pop(legs[0], None) if legs else None
        if piece is None:
            return
        captured = False
        for sq in legs[1:]:
            captured |= board.pop(sq, None) is not None
        if m.endswith("+") and not piece.startswith("+"):
            piece = "+" + piece
        board[legs[-1]] = piece
        if n >= 30 and n % 8 == 0 and n < len(moves) - 6 and not captured:
            row = np.zeros(len(KINDS))
            for p in board.values():
                kind = p.upper()
                if kind in RULES:
                    row[KINDS.index(kind)] += 1 if p.lstrip("+")[0].isupper() else -1
            yield row, result


SCORE = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}


def games(binary, path):
    if path.endswith((".tsv", ".tsv.gz")):
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as f:
            lines = [line.rstrip("\n").split("\t") for line in f]
        return [(moves.split(), SCORE[r]) for r, moves in lines if r in SCORE]
    return pgn_games(binary, path)


def pgn_games(binary, pgn):
    text = open(pgn, encoding="utf-8").read()
    rules = "hachu" if "hachu" in text.lower() else "default"
    run = subprocess.run([binary, "convert", "--rules", rules, "--to", "usi", pgn],
                         capture_output=True, text=True)
    usi = run.stdout.splitlines()
    results = re.findall(r'\[Result "([^"]*)"\]', text)
    if run.returncode != 0 or len(usi) != len(results):
        print(f"skipped {pgn}: {run.stderr.strip() or 'games and results differ'}",
              file=sys.stderr)
        return []
    return [(line.split(), SCORE[r]) for line, r in zip(usi, results) if r in SCORE]


def log_loss(X, y, w, k, b):
    p = np.clip(1 / (1 + np.exp(-(k * (X @ w) + b))), 1e-12, 1 - 1e-12)
    return -(y * np.log(p) + (1 - y) * np.log(1 - p)).mean()


def best_scale(X, y, w):
    return min(((log_loss(X, y, w, k, 0.0), k) for k in np.linspace(0.01, 1, 100)))[1]


def fit(X, y, prior, k):
    n = len(y)
    Xa = np.hstack([k * X, np.ones((n, 1))])
    w = np.append(prior, 0.0)
    ridge = np.diag(np.append(np.full(len(prior), RIDGE), 0.0))
    target = np.append(prior, 0.0)
    for _ in range(25):
        p = 1 / (1 + np.exp(-(Xa @ w)))
        grad = Xa.T @ (p - y) / n + ridge @ (w - target)
        hess = (Xa * (p * (1 - p))[:, None]).T @ Xa / n + ridge
        w -= np.linalg.solve(hess, grad)
    return w[:-1]


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    binary, pgns = sys.argv[1], sys.argv[2:]
    seen, rows, ys = set(), [], []
    for pgn in pgns:
        for moves, result in games(binary, pgn):
            if " ".join(moves) in seen:
                continue
            seen.add(" ".join(moves))
            for row, r in samples(moves, result):
                rows.append(row)
                ys.append(r)
    X, y = np.array(rows), np.array(ys)
    prior = np.array([RULES[k] for k in KINDS], float)
    k = best_scale(X, y, prior)
    halves = [np.arange(len(y)) // 25 % 2 == h for h in (0, 1)]
    for train, test in (halves, halves[::-1]):
        w = fit(X[train], y[train], prior, k)
        print(f"held out: rules {log_loss(X[test], y[test], prior, k, 0):.5f}, "
              f"fit {log_loss(X[test], y[test], w, k, 0):.5f}")
    w = fit(X, y, prior, k)
    print(f"{len(seen)} games, {len(y)} samples, scale {k:.3f}")
    print(", ".join(f'("{kind}", {round(v * 100)})' for kind, v in zip(KINDS, w)))


if __name__ == "__main__":
    main()
