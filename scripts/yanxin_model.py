#!/usr/bin/env python3
"""Independent model of Yanxin shogi (docs/rules/yanxin.md) for the first plies.

Written from the spec alone, not from the engine, to cross-check the engine's perft:
moves are the identity tuples of yanxin.md 4.1 (from, to, captured squares, promote?) kept
in a Python set, so duplicates collapse by construction rather than by generator design.
Covers what the opening plies need: the 23 unpromoted kinds, Lion power, freezing,
captures into hand and drops (nifu; a Pawn drop facing a royal is reported, not judged),
and the promotion eligibility of 5. Promoted pieces are counted as moves but never moved.

Usage: python3 scripts/yanxin_model.py [depth]   (prints perft 1..depth from the start)
"""
import sys

N = 12
START = ("ljcsgekgscjl/aftbrxorbtfa/mvyhdqndhyvm/pppppppppppp/1i2i2i2i1/12/12/"
         "1I2I2I2I1/PPPPPPPPPPPP/MVYHDNQDHYVM/AFTBROXRBTFA/LJCSGKEGSCJL")

KING8 = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
ORTH = [(0, 1), (0, -1), (1, 0), (-1, 0)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]

# Directions as (right, forward) relative to the mover; spec table 3.1.
F, B, L, R = (0, 1), (0, -1), (-1, 0), (1, 0)
FL, FR, BL, BR = (-1, 1), (1, 1), (-1, -1), (1, -1)


def step(*ds):
    return [("ride", d, 1) for d in ds]


def slide(*ds):
    return [("ride", d, 99) for d in ds]


def jump(*ds):
    return [("jump", d) for d in ds]


def leap_line(ds, n):
    return [("leapline", d, n) for d in ds]


MOVES = {
    "K": step(*KING8),
    "E": step(F, FL, FR, L, R, BL, BR),
    "T": step(FL, FR, L, R, BL, BR, B),
    "F": step(F, FL, FR, BL, BR, B),
    "G": step(F, FL, FR, L, R, B),
    "S": step(F, FL, FR, BL, BR),
    "C": step(F, FL, FR, B),
    "P": step(F),
    "I": step(F, B),
    "X": step(*ORTH) + jump(*[(2 * a, 2 * b) for a, b in DIAG]),
    "O": step(*DIAG) + jump(*[(2 * a, 2 * b) for a, b in ORTH]),
    "Y": leap_line(KING8, 3),
    "J": jump((-1, 2), (1, 2)),
    "L": slide(F),
    "A": slide(FL, FR),
    "V": slide(F, B) + step(L, R),
    "M": slide(L, R) + step(F, B),
    "R": slide(*ORTH),
    "B": slide(*DIAG),
    "D": slide(*ORTH) + step(*DIAG),
    "H": slide(*DIAG) + step(*ORTH),
    "Q": slide(*KING8),
    "N": [("lion",)],
}
ROYAL = {"K"}
VALUE_ORDER = "KETFGSCPIXOYJLAVMRBDHQN"


def parse(board):
    pos = {}
    for y, row in enumerate(board.split("/")):
        x = 0
        i = 0
        while i < len(row):
            if row[i].isdigit():
                j = i
                while j < len(row) and row[j].isdigit():
                    j += 1
                x += int(row[i:j])
                i = j
                continue
            colour = 0 if row[i].isupper() else 1
            pos[(x, y)] = (colour, row[i].upper())
            x += 1
            i += 1
    return pos


def to_board(colour, d):
    dx, fwd = d
    return (dx, -fwd) if colour == 0 else (-dx, fwd)


def on(s):
    return 0 <= s[0] < N and 0 <= s[1] < N


def zone(colour, s):
    return s[1] <= 3 if colour == 0 else s[1] >= N - 4


def last_rank(colour, s):
    return s[1] == (0 if colour == 0 else N - 1)


def frozen(pos, s, colour):
    for dx, dy in KING8:
        p = pos.get((s[0] + dx, s[1] + dy))
        if p and p[0] != colour and p[1] == "Y":
            return True
    return False


def may_promote(colour, kind, o, t, captured):
    """yanxin.md 5 for an unpromoted piece (all 23 kinds promote)."""
    if not zone(colour, t):
        return False
    if not zone(colour, o):
        return True
    if kind == "P":
        return last_rank(colour, t)
    return any(zone(colour, c) for c in captured)


class State:
    def __init__(self, board):
        self.pos = parse(board)
        self.side = 0
        self.hands = [dict(), dict()]

    def moves(self):
        """The set of move identities of the side to move."""
        out = set()
        us = self.side
        pos = self.pos

        def can_land(t):
            return on(t) and (t not in pos or pos[t][0] != us)

        def add(o, t, captured, kind):
            out.add((o, t, frozenset(captured), False, None))
            if may_promote(us, kind, o, t, captured):
                out.add((o, t, frozenset(captured), True, None))

        for o, (c, kind) in list(pos.items()):
            if c != us or frozen(pos, o, us):
                continue
            for atom in MOVES[kind]:
                if atom[0] == "ride":
                    d = to_board(us, atom[1])
                    t = o
                    for _ in range(atom[2]):
                        t = (t[0] + d[0], t[1] + d[1])
                        if not on(t):
                            break
                        if t in pos:
                            if pos[t][0] != us:
                                add(o, t, {t}, kind)
                            break
                        add(o, t, set(), kind)
                elif atom[0] == "jump":
                    d = to_board(us, atom[1])
                    t = (o[0] + d[0], o[1] + d[1])
                    if can_land(t):
                        add(o, t, {t} if t in pos else set(), kind)
                elif atom[0] == "leapline":
                    d = to_board(us, atom[1])
                    for k in range(1, atom[2] + 1):
                        t = (o[0] + k * d[0], o[1] + k * d[1])
                        if can_land(t):
                            add(o, t, {t} if t in pos else set(), kind)
                else:  # full Lion, yanxin.md 4.1
                    for dx in range(-2, 3):
                        for dy in range(-2, 3):
                            t = (o[0] + dx, o[1] + dy)
                            if (dx, dy) != (0, 0) and can_land(t):
                                add(o, t, {t} if t in pos else set(), kind)
                    has_empty = False
                    for dx, dy in KING8:
                        m = (o[0] + dx, o[1] + dy)
                        if not on(m):
                            continue
                        if m not in pos:
                            has_empty = True
                        elif pos[m][0] != us:
                            add(o, o, {m}, kind)  # igui
                            for ex, ey in KING8:
                                t = (m[0] + ex, m[1] + ey)
                                if t != o and can_land(t):
                                    add(o, t, {m, t} if t in pos else {m}, kind)
                    if has_empty:
                        out.add((o, o, frozenset(), False, None))  # one pass
        # Drops
        hand = self.hands[us]
        for kind, n in hand.items():
            if n == 0:
                continue
            pawn_files = {s[0] for s, p in pos.items() if p == (us, "P")}
            for x in range(N):
                for y in range(N):
                    if (x, y) in pos:
                        continue
                    if kind == "P":
                        if x in pawn_files:
                            continue
                        front = (x, y - 1) if us == 0 else (x, y + 1)
                        p = pos.get(front)
                        if p and p[0] != us and p[1] in ROYAL:
                            raise RuntimeError("Pawn drop facing a royal: outside the model")
                    out.add((None, (x, y), frozenset(), False, kind))
        return out

    def make(self, mv):
        """Returns an undo record. No Moon Fairy can exist in the modelled plies."""
        o, t, captured, promote, drop = mv
        pos = self.pos
        undo = (dict(pos), [dict(h) for h in self.hands], self.side)
        us = self.side
        if drop:
            self.hands[us][drop] -= 1
            pos[t] = (us, drop)
        else:
            for c in captured:
                kind = pos[c][1].lstrip("+")
                self.hands[us][kind] = self.hands[us].get(kind, 0) + 1
                del pos[c]
            piece = pos.pop(o)
            if promote:
                piece = (us, "+" + piece[1])
            pos[t] = piece
        self.side ^= 1
        return undo

    def unmake(self, undo):
        self.pos, self.hands, self.side = undo


def perft(st, depth):
    moves = st.moves()
    if depth == 1:
        return len(moves)
    total = 0
    for mv in moves:
        if mv[4] is None and st.pos[mv[0]][1].startswith("+"):
            raise RuntimeError("promoted piece moves: outside the model")
        u = st.make(mv)
        total += perft(st, depth - 1)
        st.unmake(u)
    return total


if __name__ == "__main__":
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    st = State(START)
    for d in range(1, depth + 1):
        print(f"perft {d}: {perft(st, d)}")
