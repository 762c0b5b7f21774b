#!/usr/bin/env python3
"""A misbehaving USI engine for the match runner's tests.

Modes: `illegal` answers every go with an illegal move; `slow` never answers in time;
`crash` plays three pawn moves and then exits; `text:MOVE` answers every go with MOVE;
`xboard-st` is an XBoard engine that uses 90% of the `st` seconds it is told, playing
pawn moves; `score:CP` plays pawn moves and reports the score CP (centipawns) for each;
`xboard-record:PATH` is an XBoard engine that writes each move it is told to PATH, a line
each, and resigns when asked to move.
"""
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "illegal"
pawn_moves = {0: ["12i12h", "11i11h", "10i10h"], 1: ["1d1e", "2d2e", "3d3e"]}
played = 0
side = 0


def xboard(handle):
    """An XBoard engine's loop: the handshake here, every other command to `handle`."""
    for raw in sys.stdin:
        cmd = raw.split()
        if not cmd:
            continue
        if cmd[0] == "protover":
            print("feature usermove=1 setboard=1 ping=1 sigint=0 variants=\"chu\" done=1")
        elif cmd[0] == "ping":
            print("pong " + cmd[1])
        elif cmd[0] == "quit":
            break
        else:
            handle(cmd)
        sys.stdout.flush()
    sys.exit(0)


if mode == "xboard-st":
    files = "abcefghj"
    xb_moves = {0: [f + "4" + f + "5" for f in files], 1: [f + "9" + f + "8" for f in files]}
    state = {"st": 1.0, "told": 0}

    def timed(cmd):
        if cmd[0] == "new":
            state["told"] = 0
        elif cmd[0] == "st":
            state["st"] = float(cmd[1])
        elif cmd[0] == "usermove":
            state["told"] += 1
        elif cmd[0] == "go":
            time.sleep(state["st"] * 0.9)
            told = state["told"]
            print("move " + xb_moves[told % 2][told // 2])
            state["told"] += 1

    xboard(timed)

if mode.startswith("xboard-record:"):
    with open(mode[len("xboard-record:"):], "w") as record:

        def recording(cmd):
            if cmd[0] == "usermove":
                record.write(cmd[1] + "\n")
                record.flush()
            elif cmd[0] == "go":
                print("resign")

        xboard(recording)

for raw in sys.stdin:
    cmd = raw.split()
    if not cmd:
        continue
    if cmd[0] == "usi":
        print("id name fake-" + mode)
        print("usiok")
    elif cmd[0] == "position":
        # Side to move from the number of moves played since the start.
        side = (len(cmd) - cmd.index("moves") - 1) % 2 if "moves" in cmd else 0
    elif cmd[0] == "isready":
        print("readyok")
    elif cmd[0] == "go":
        if mode == "illegal":
            print("bestmove 1a1a")
        elif mode.startswith("text:"):
            print("bestmove " + mode[5:])
        elif mode == "slow":
            time.sleep(30)
            print("bestmove resign")
        elif mode.startswith("score:"):
            move = pawn_moves[side][played % 3]
            print("info depth 1 score cp " + mode[6:] + " pv " + move)
            print("bestmove " + move)
            played += 1
        elif mode == "crash":
            if played == 3:
                sys.exit(3)
            print("bestmove " + pawn_moves[side][played])
            played += 1
    elif cmd[0] == "quit":
        break
    sys.stdout.flush()
