#!/usr/bin/env python3
"""What, beside the lead, goes with a won Chu game rather than a draw (conversion).

Usage: scripts/fit-conversion-factors.py BINARY [GAMES ...]

GAMES: files of lines `RESULT<tab>USI moves` (`.tsv` or `.tsv.gz`; default
scripts/data/chu-games.tsv.gz) or PGNs from `largeshogi match`, read as
scripts/fit-piece-values.py reads them. Each game is replayed by `BINARY analyze --eval --json`
(as in scripts/fit-eval-weights.py). Every 4th ply from ply 30 to ply 320 where one side
leads by 5 pawns (415 cp) or more in material gives a sample, with the game's result for
the side ahead (1, 0.5, 0). Logistic models of that result are fitted by Newton's
method; a factor's coefficient over the lead's is what it is worth in pawns of lead:

1. by bands of the lead: whether the side ahead and the side behind have a Lion (獅子,
   or a promoted Kirin), at the same lead, ply and total material;
2. 10 pawns or more ahead, plies 100 to 300: the Lions on the board, the share of the
   side ahead's pieces in its own camp (its first four ranks), the rank of the side
   behind's King from its own back rank, and its distance from the board's centre
   (the edge term of src/eval/conversion.rs);
3. by bands of the lead: each side's light material on the board (non-royal pieces
   worth less than 370 cp at the engine's values, `ENGINE_VALUES` of
   src/variant/chu.rs: steppers, Lances, Reverse Chariots, Side Movers), at the same lead,
   total material and ply, and what that makes of a pair of light pieces traded.

These are associations in played games, not effects of a move: terms drawn from them
did no better in full games (docs/search-experiments.md, Evaluation, stops 71 and 81).
Needs numpy.
"""
import importlib.util
import os
import re
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))


def sibling(name, file):
    """A script of this folder loaded as a module (its name has hyphens)."""
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, file))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fit_eval = sibling("fit_eval", "fit-eval-weights.py")
fit_values = sibling("fit_values", "fit-piece-values.py")

PAWN = 83
LIONS = ("N", "+O")
ROYALS = ("K", "+E")
RANKS = FILES = 12
CAMP = 4
BANDS = [(5, 1000), (5, 10), (10, 20), (20, 40), (40, 1000)]


def source(*path):
    """A file of the engine's source tree."""
    return open(os.path.join(HERE, "..", "src", *path), encoding="utf-8").read()


def engine_values():
    """Centipawns by piece letter, from `ENGINE_VALUES` of src/variant/chu.rs."""
    table = source("variant", "chu.rs").split("const ENGINE_VALUES", 1)[1].split("];", 1)[0]
    return {k: int(v) for k, v in re.findall(r'\("(\+?[A-Z])", (\d+)\)', table)}


VALUES = engine_values()
# Pieces worth less than this (centipawns) are light (part 3): the engine's own bound.
LIGHT_BELOW = int(re.search(r"const LIGHT_BELOW: i32 = (\d+);",
                            source("eval", "conversion.rs")).group(1))


def board(sfen):
    """(row from the top, column from the left, sente?, kind) of every piece of an SFEN."""
    for row, text in enumerate(sfen.split()[0].split("/")):
        col = 0
        for m in re.finditer(r"(\d+)|(\+?[A-Za-z])", text):
            if m.group(1):
                col += int(m.group(1))
                continue
            token = m.group(2)
            yield row, col, token[-1].isupper(), token.upper()
            col += 1


def sample(t, result):
    """The factors of one position for the side ahead, and its result."""
    lead = t["black"]["material"] - t["white"]["material"]
    ahead_is_sente = lead > 0
    pieces = list(board(t["sfen"]))
    lions = [sum(1 for *_, s, k in pieces if k in LIONS and s == side)
             for side in (ahead_is_sente, not ahead_is_sente)]
    # Rows from each side's own back rank.
    def advance(row, sente):
        return RANKS - 1 - row if sente else row
    army = [(r, s) for r, _, s, k in pieces if s == ahead_is_sente and k not in ROYALS]
    at_home = sum(1 for r, s in army if advance(r, s) < CAMP) / max(1, len(army))
    king = next(((r, c) for r, c, s, k in pieces if s != ahead_is_sente and k == "K"), None)
    if king is None:
        return None
    king_rank = advance(king[0], not ahead_is_sente)
    centre = max(abs(2 * king[0] - RANKS + 1), abs(2 * king[1] - FILES + 1)) // 2
    total = t["black"]["material"] + t["white"]["material"]
    light = [sum(VALUES.get(k, 0) for *_, s, k in pieces
                 if s == side and k not in ROYALS and VALUES.get(k, 0) < LIGHT_BELOW) / PAWN
             for side in (ahead_is_sente, not ahead_is_sente)]
    factors = {"lead": abs(lead) / PAWN, "ply": t["ply"] / 100, "total": total / PAWN / 100,
               "light_ahead": light[0], "light_behind": light[1],
               "ahead_lion": min(lions[0], 1), "behind_lion": min(lions[1], 1),
               "lions": min(sum(lions), 2), "at_home": at_home, "king_rank": king_rank,
               "king_centre": centre}
    return factors, result if ahead_is_sente else 1 - result


def report(samples, names, keep):
    """Samples, each factor in pawns of lead, and the model's log-loss."""
    rows = [s for s in samples if keep(s[0])]
    X = np.array([[f[n] for n in ["lead"] + names] for f, _ in rows], float)
    y = np.array([r for _, r in rows])
    coef, bias = fit_eval.fit(X, y, np.zeros(X.shape[1]))
    loss = fit_eval.log_loss(X, y, coef, bias)
    return len(y), {n: coef[i + 1] / coef[0] for i, n in enumerate(names)}, loss


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    paths = sys.argv[2:] or [os.path.join(HERE, "data", "chu-games.tsv.gz")]
    games = [(" ".join(moves), r) for p in paths for moves, r in fit_values.games(binary, p)]
    samples = []
    for i, trace in fit_eval.evaluate_games(binary, games):
        for t in trace[30:321:4]:
            if abs(t["black"]["material"] - t["white"]["material"]) >= 5 * PAWN:
                s = sample(t, games[i][1])
                if s:
                    samples.append(s)
    print(f"{len(games)} games, {len(samples)} samples 5 pawns or more ahead")
    print("1. pawns of lead that a Lion is worth to the side ahead, by lead band")
    names = ["ahead_lion", "behind_lion", "ply", "total"]
    for lo, hi in BANDS:
        n, w, _ = report(samples, names, lambda f: lo <= f["lead"] < hi)
        print(f"   {lo:>3}-{hi:<4} pawns, {n:>6} samples: side ahead's Lion "
              f"{w['ahead_lion']:5.1f}, side behind's {w['behind_lion']:5.1f}")
    print("2. 10 pawns or more ahead, plies 100-300: pawns of lead per unit of each factor")
    names = ["ply", "total", "lions", "at_home", "king_rank", "king_centre"]
    late = lambda f: f["lead"] >= 10 and 1 <= f["ply"] <= 3  # noqa: E731
    n, w, loss = report(samples, names, late)
    print(f"   {n} samples: " + ", ".join(f"{k} {v:.1f}" for k, v in w.items()))
    _, _, without = report(samples, names[:-2], late)
    home = sum(1 for f, _ in samples if late(f) and f["king_rank"] <= 1)
    print(f"   log-loss {loss:.5f}, without the King's rank and centre distance "
          f"{without:.5f}; the King on its first two ranks in {100 * home / n:.0f} %")
    print("3. pawns of lead per pawn of light material on the board, by lead band")
    names = ["total", "light_ahead", "light_behind", "ply"]
    for lo, hi in BANDS:
        n, w, _ = report(samples, names, lambda f: lo <= f["lead"] < hi)
        # "total" is in hundreds of pawns.
        pair = -2 * w["total"] / 100 - w["light_ahead"] - w["light_behind"]
        print(f"   {lo:>3}-{hi:<4} pawns, {n:>6} samples: the side ahead's "
              f"{w['light_ahead']:+5.2f}, the side behind's {w['light_behind']:+5.2f}; "
              f"a light pair traded {pair:+5.2f} a pawn")


if __name__ == "__main__":
    main()
