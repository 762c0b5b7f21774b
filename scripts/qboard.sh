#!/usr/bin/env bash
# Builds the QBoard GUI (https://github.com/fire-lizard/QBoard, GPL-3.0, Qt 6) from source
# with Debian's Qt 6 packages and registers largeshogi in it as an XBoard engine for Chu
# Shogi, Ko Shogi and Tai Shogi. See README, "Playing in QBoard".
#
#   scripts/qboard.sh [--src DIR] [--build DIR] [--variant NAME] [--movetime S]
#                     [--engine-args ARGS] [--no-build]
#
#   --src DIR      a QBoard source tree or git directory to build from (default: clone the
#                  GitHub repository)
#   --build DIR    where to build (default ~/.cache/largeshogi/qboard)
#   --variant NAME the variant QBoard opens with: "Chu Shogi", "Ko Shogi" or "Tai Shogi"
#   --movetime S   seconds per engine move (QBoard's "engine move time", sent as `st S`)
#   --engine-args ARGS  more engine arguments, e.g. "--option ko_stationary_shot=on"
#   --no-build     only (re)write the engine registration and settings
#
# QBoard 1.2.0.2 needs five changes to build and play here, applied below as edits to its
# source (README, "Playing in QBoard"): Qt 6.4 has no QString += std::string
# (mainwindow.cpp); a Ko shot made by clicking is never passed on to the engine (vboard.cpp:
# we add that relay); a Ko shooter cannot shoot without moving by clicking (vboard.cpp: click
# its own square again, then the target); and a promotion on a multi-leg move made by
# clicking is applied on QBoard's board but not sent (vboard.cpp, WbEngine: we send it);
# and a refused move is taken back to a wrong position after New game or Open
# (mainwindow.cpp, vboard.h: both start QBoard's move history).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
src=""
build="$HOME/.cache/largeshogi/qboard"
variant="Chu Shogi"
movetime=5
do_build=1
engine_args=""
while [ $# -gt 0 ]; do
    case "$1" in
        --src) src=$2; shift 2 ;;
        --build) build=$2; shift 2 ;;
        --variant) variant=$2; shift 2 ;;
        --movetime) movetime=$2; shift 2 ;;
        --engine-args) engine_args=$2; shift 2 ;;
        --no-build) do_build=0; shift ;;
        *) echo "qboard.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
case "$variant" in
    "Chu Shogi" | "Ko Shogi" | "Tai Shogi") ;;
    *) echo "qboard.sh: --variant must be \"Chu Shogi\", \"Ko Shogi\" or \"Tai Shogi\"" >&2; exit 2 ;;
esac
case "$movetime" in
    '' | *[!0-9]*) echo "qboard.sh: --movetime takes whole seconds" >&2; exit 2 ;;
esac

engine="$repo/target/release/largeshogi"
if [ ! -x "$engine" ]; then
    (cd "$repo" && cargo build --release)
fi

if [ "$do_build" = 1 ]; then
    need=()
    for p in qt6-base-dev qt6-base-dev-tools qmake6 libgl-dev; do
        dpkg -s "$p" >/dev/null 2>&1 || need+=("$p")
    done
    if [ ${#need[@]} -gt 0 ]; then
        sudo=""
        [ "$(id -u)" = 0 ] || sudo=sudo
        $sudo apt-get install -y "${need[@]}"
    fi

    rm -rf "$build"
    mkdir -p "$build"
    if [ -z "$src" ]; then
        git clone --depth 1 https://github.com/fire-lizard/QBoard "$build"
    elif [ -d "$src/objects" ] && [ -f "$src/HEAD" ]; then
        git --git-dir="$src" archive HEAD | tar -x -C "$build"
    else
        cp -r "$src"/. "$build"
    fi
    cd "$build"

    # Qt 6.4: append the piece code as a QString.
    sed -i 's/cpStr += pieceCodes\[capturedPiece\];/cpStr += QString::fromStdString(pieceCodes[capturedPiece]);/' mainwindow.cpp
    if grep -q 'cpStr += pieceCodes\[' mainwindow.cpp; then
        echo "qboard.sh: the Qt 6.4 edit did not apply" >&2
        exit 1
    fi

    # Ko: tell the opponent engine about a shot made by clicking. QBoard removes the
    # target on its own board and says nothing, so the engine waits for ever. The text is
    # the shooter's path then `x` and each target (`e6xh6` for a shooter that stayed put,
    # `q3p4xr6`), which largeshogi reads; a path of two legs ends in `=`, as every Ko
    # multi-leg move does below (QBoard never promotes a shooter that shoots). Inserted
    # where FinishMove has worked out the path and the targets.
    python3 - <<'PY'
import re, sys
path = "vboard.cpp"
text = open(path).read()
anchor = "\tif (_currentPlayer == White)\n\t{\n\t\tif (!_board->HasPiece(King, Black) &&"
if text.count(anchor) != 1:
    sys.exit("qboard.sh: cannot find where to add the Ko shot relay in vboard.cpp")
relay = """\t// largeshogi: pass a Ko shot made by clicking on to the engine
\tif (_gameVariant == KoShogi && !_lastShoots.empty() && !_lastMovePath.empty())
\t{
\t\tconst std::shared_ptr<Engine> other = _currentPlayer == White ? _blackEngine : _whiteEngine;
\t\tif (other != nullptr && other->IsActive())
\t\t{
\t\t\tconst int rows = _board->GetHeight();
\t\t\tauto name = [rows](const std::pair<int, int>& s)
\t\t\t{
\t\t\t\treturn QByteArray(1, static_cast<char>('a' + s.first)) + QByteArray::number(rows - s.second);
\t\t\t};
\t\t\t// a shooter that stayed put is on the path twice: it shot without moving
\t\t\tstd::vector<std::pair<int, int>> path;
\t\t\tfor (const auto& square : _lastMovePath)
\t\t\t{
\t\t\t\tif (path.empty() || path.back() != square) path.push_back(square);
\t\t\t}
\t\t\tQByteArray text = name(path.front());
\t\t\tfor (size_t leg = 1; leg < path.size(); leg++)
\t\t\t{
\t\t\t\tif (leg > 1) text += "," + name(path[leg - 1]);
\t\t\t\ttext += name(path[leg]);
\t\t\t}
\t\t\tfor (const auto& target : _lastShoots) text += "x" + name(target);
\t\t\tif (path.size() > 2) text += "=";
\t\t\tother->Move(text);
\t\t}
\t}
"""
open(path, "w").write(text.replace(anchor, relay + anchor))
PY

    # Ko: a shooter may shoot without moving (ko.md K8, `ko_stationary_shot=on`), but
    # QBoard offers shots only after a move, and a click on the selected piece's own
    # square selects it again. Now a second click on a selected shooter (not the Five-li
    # fog or Pure light, for which it is a pass) offers the shots from where it stands;
    # the next click on a target shoots, sent as `e6xh6` by the relay above. A third
    # click on the shooter's square cancels, as before.
    python3 - <<'PY'
import sys
path = "vboard.cpp"
text = open(path).read()
anchor = "    else if (p != std::nullopt && p->Colour == _currentPlayer)\n\t{\n\t\t_currentPiece = _board->GetData(x, y);"
if text.count(anchor) != 1:
    sys.exit("qboard.sh: cannot find where to add the stationary shot in vboard.cpp")
branch = """\t// largeshogi: the selected shooter clicked again shoots without moving
\telse if (isShootingPiece && !isLionPiece && !_preparedToShoot && !_lionMovedOnce && x == _oldX && y == _oldY &&
\t\t!dynamic_cast<KoShogiBoard*>(_board)->GetShoots(_currentPiece, x, y).empty())
\t{
\t\t_shoots = dynamic_cast<KoShogiBoard*>(_board)->GetShoots(_currentPiece, x, y);
\t\t_lionFirstMove = { x, y };
\t\t_preparedToShoot = true;
\t\t_moves.clear();
\t\t_board->RemoveMoves();
\t\trepaint();
\t}
"""
open(path, "w").write(text.replace(anchor, branch + anchor))
PY

    # A promotion on a multi-leg move made by clicking: QBoard sends the legs to the
    # engine first and only then asks about promotion (or promotes by its rules) on its
    # own board, so the engine never hears of it and the boards drift. Now it decides the
    # promotion first and sends it: `+` when its board promoted the piece; in Ko, where
    # promotion is a choice on many multi-leg moves, `=` when it did not (so an engine can
    # tell this QBoard from one that drops the `+`). Other variants get no `=`: their
    # multi-leg moves never leave the choice open.
    python3 - <<'PY'
import re, sys
header = open("WbEngine.h").read()
for old in ["void DoubleMove(signed char x1, signed char y1, signed char x2, signed char y2, signed char x3, signed char y3)",
            "void TripleMove(signed char x1, signed char y1, signed char x2, signed char y2, signed char x3, signed char y3, signed char x4, signed char y4)",
            "QByteArray AddMove(signed char x1, signed char y1, signed char x2, signed char y2, signed char x3, signed char y3)",
            "QByteArray AddMove(signed char x1, signed char y1, signed char x2, signed char y2, signed char x3, signed char y3, signed char x4, signed char y4)"]:
    if header.count(old + ";") != 1:
        sys.exit("qboard.sh: WbEngine.h is not as expected: " + old)
    header = header.replace(old + ";", old[:-1] + ", char promotion = ' ');")
open("WbEngine.h", "w").write(header)

source = open("WbEngine.cpp").read()
for name, args, passed in [
        ("void WbEngine::DoubleMove", "signed char x3, signed char y3)", "AddMove(x1, y1, x2, y2, x3, y3)"),
        ("void WbEngine::TripleMove", "signed char x4, signed char y4)", "AddMove(x1, y1, x2, y2, x3, y3, x4, y4)")]:
    start = source.find(name + "(")
    end = source.find(args, start) + len(args)
    call = source.find(passed, end)
    if start < 0 or end < len(args) or call < 0 or call - end > 200:
        sys.exit("qboard.sh: WbEngine.cpp is not as expected: " + name)
    source = source[:call] + passed[:-1] + ", promotion)" + source[call + len(passed):]
    source = source[:end - 1] + ", char promotion)" + source[end:]
for args in ["signed char x3, signed char y3)\n", "signed char x3, signed char y3, signed char x4, signed char y4)\n"]:
    head = "QByteArray WbEngine::AddMove(signed char x1, signed char y1, signed char x2, signed char y2, " + args
    start = source.find(head)
    if start < 0:
        sys.exit("qboard.sh: WbEngine.cpp has no AddMove ending " + args)
    end = start + len(head)
    source = source[:end - 2] + ", char promotion)\n" + source[end:]
    store = source.find("\t_moves.push_back(moveStr);", end)
    source = source[:store] + "\tif (promotion == '+' || promotion == '=') moveStr.push_back(promotion);\n" + source[store:]
open("WbEngine.cpp", "w").write(source)

text = open("vboard.cpp").read()
relay = re.compile(r"(\n\t+)if \(engine != nullptr && engine->IsActive\(\)\)(\s*\{\s*std::dynamic_pointer_cast<WbEngine>\(engine\)->(?:Double|Triple)Move\([^;]*?)\);(\s*\})\s*CheckPromotion\(p, x, y\);")
text, decided = relay.subn(lambda m: m[1] + "const char promotion = LegsPromotion(_gameVariant, CheckPromotion(p, x, y));"
                          + m[1] + "if (engine != nullptr && engine->IsActive())" + m[2] + ", promotion);" + m[3], text)
# The moves that come back to their start square: QBoard never promotes on them.
plain = re.compile(r"(std::dynamic_pointer_cast<WbEngine>\(engine\)->(?:Double|Triple)Move\([^;]*?[^n])\);")
text, undecided = plain.subn(lambda m: m[1] + ", LegsPromotion(_gameVariant, ' '));", text)
if (decided, undecided) != (5, 3):
    sys.exit(f"qboard.sh: vboard.cpp is not as expected ({decided} + {undecided} multi-leg relays)")
helper = """
// largeshogi: the suffix a multi-leg move gets for the engine: `+` if this board promoted the
// piece; in Ko `=` if it did not (a choice there on many multi-leg moves).
static char LegsPromotion(GameVariant variant, char promotion)
{
\treturn promotion == '+' ? '+' : variant == KoShogi ? '=' : ' ';
}
"""
anchor = "\nvoid VBoard::mousePressEvent("
if text.count(anchor) != 1:
    sys.exit("qboard.sh: vboard.cpp has no mousePressEvent")
text = text.replace(anchor, helper + anchor)
open("vboard.cpp", "w").write(text)
PY

    # A move the engine refuses (`Illegal move`) is taken back to the last position in
    # QBoard's history, but a new game or a position loaded with Open never started a
    # history of its own: the take-back went to the previous game's position or the
    # variant's start, while the engine kept the loaded one. Both now start the history.
    python3 - <<'PY'
import re, sys
header = open("vboard.h").read()
anchor = "public:\n\texplicit VBoard(QWidget *parent = nullptr);\n"
if header.count(anchor) != 1:
    sys.exit("qboard.sh: vboard.h is not as expected")
header = header.replace(anchor, anchor + "\t// largeshogi: a refused move is taken back to this position at the earliest\n"
                        "\tvoid ResetHistory() { _fenHistory.clear(); PushHistory(); }\n")
open("vboard.h", "w").write(header)
text = open("mainwindow.cpp").read()
text, started = re.subn(r"(\n[ \t]*)(this->ui->vboard->GetBoard\(\)->Initialize\(\);)",
                        r"\1\2\1this->ui->vboard->ResetHistory();", text)
loaded = '        else if (parts.contains("b")) this->ui->vboard->SetCurrentPlayer(Black);\n'
if started != 3 or text.count(loaded) != 1:
    sys.exit(f"qboard.sh: mainwindow.cpp is not as expected ({started} new games)")
text = text.replace(loaded, loaded + "        this->ui->vboard->ResetHistory();\n")
open("mainwindow.cpp", "w").write(text)
PY

    qmake6 'QMAKE_CXXFLAGS+=-include optional -include algorithm'
    make -j"$(nproc)"
fi

# Registration: QBoard reads its engines and settings from ~/.local/share/QBoard.
conf="$HOME/.local/share/QBoard"
mkdir -p "$conf"
python3 - "$conf" "$engine" "$variant" "$movetime" "$engine_args" <<'PY'
import os, sys
import xml.etree.ElementTree as ET
conf, engine, variant, movetime, engine_args = sys.argv[1:]
xml_path = os.path.join(conf, "QBoardEngines.xml")
root = ET.parse(xml_path).getroot() if os.path.exists(xml_path) else ET.Element("Engines")
for e in [e for e in root if e.get("EngineName") == "largeshogi"]:
    root.remove(e)
ET.SubElement(root, "Engine", {
    "EngineName": "largeshogi",
    "GameVariant": "Chu Shogi,Ko Shogi,Tai Shogi",
    "EngineProtocol": "XBoard",
    "EnginePath": engine,
    # QBoard's own move forms, and only moves it can express (README).
    "EngineOptions": " ".join(["--gui qboard", engine_args]).strip(),
})
ET.ElementTree(root).write(xml_path, encoding="UTF-8", xml_declaration=True)

# QSettings' INI file: the group "General" is written [%General].
ini_path = os.path.join(conf, "QBoard.ini")
lines = open(ini_path).read().splitlines() if os.path.exists(ini_path) else []
wanted = {
    "GameVariant": variant,
    "UseEngine1Time": "true", "Engine1Time": movetime,
    "UseEngine2Time": "true", "Engine2Time": movetime,
}
out, in_general, seen_general = [], False, False
for line in lines:
    if line.startswith("["):
        if in_general:
            out += [f"{k}={v}" for k, v in wanted.items()]
            wanted = {}
        in_general = line.strip() == "[%General]"
        seen_general |= in_general
        out.append(line)
        continue
    if in_general and line.split("=", 1)[0] in wanted:
        continue
    out.append(line)
if wanted:
    if not seen_general:
        out = ["[%General]"] + [f"{k}={v}" for k, v in wanted.items()] + [""] + out
    else:
        out += [f"{k}={v}" for k, v in wanted.items()]
open(ini_path, "w").write("\n".join(out) + "\n")
PY

echo "QBoard: $build/QBoard"
echo "largeshogi registered for Chu, Ko and Tai Shogi in $conf (engine $engine --gui qboard $engine_args)"
