//! Board diagrams as standalone SVG: `largeshogi diagram` writes them for articles and the
//! README, and the browser board (`gui`) shows the same drawing, so the board is drawn in
//! one place. Pieces are pentagons pointing away from their owner, with the kanji (or the
//! SFEN code) facing the owner; promoted pieces are written in red.

use crate::position::Position;
use crate::types::{Color, PieceType, Sq};
use crate::variant::Variant;
use std::fmt::Write;

/// Size of one square in SVG units; the drawing scales to whatever size it is shown at.
pub const CELL: i32 = 40;
/// Room for the coordinates around the board.
const MARGIN: i32 = 22;

/// How pieces are labelled.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Names {
    Kanji,
    /// The SFEN code (`DE`, `+P`), as English abbreviations.
    English,
}

impl Names {
    pub fn parse(text: &str) -> Option<Names> {
        match text {
            "kanji" => Some(Names::Kanji),
            "english" => Some(Names::English),
            _ => None,
        }
    }
}

/// Squares to mark: the last move's path, its shots, and pieces it removed (captures,
/// burning, automatic captures).
#[derive(Clone, Debug, Default)]
pub struct Marks {
    pub path: Vec<Sq>,
    pub shots: Vec<Sq>,
    pub gone: Vec<Sq>,
}

#[derive(Clone, Debug)]
pub struct Options {
    pub names: Names,
    /// White (gote) at the bottom.
    pub flipped: bool,
    pub marks: Marks,
    /// Tag squares and hand pieces with `data-sq` / `data-drop` for the browser board.
    pub interactive: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            names: Names::Kanji,
            flipped: false,
            marks: Marks::default(),
            interactive: false,
        }
    }
}

/// The kanji name of a piece state, or `None` if the tables lack it.
pub fn kanji(v: &Variant, t: PieceType) -> Option<&'static str> {
    let name = v.piece(t).name;
    v.kanji.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
}

/// The label of a piece state under `names`.
pub fn label(v: &Variant, t: PieceType, names: Names) -> String {
    let code = v.piece(t).code;
    match names {
        Names::Kanji => kanji(v, t)
            .map(str::to_string)
            .unwrap_or_else(|| code.to_string()),
        Names::English => code.to_string(),
    }
}

/// Whether a piece state is a promoted one (its code is `+` and the origin's code).
pub fn is_promoted(v: &Variant, t: PieceType) -> bool {
    v.piece(t).code.starts_with('+')
}

/// Board geometry: where square (x, y) is drawn.
struct Geometry {
    files: i32,
    ranks: i32,
    flipped: bool,
    /// Height of one hand row (0 without drops).
    hand: i32,
}

impl Geometry {
    fn origin(&self) -> (i32, i32) {
        (MARGIN, MARGIN + self.hand)
    }
    /// Top-left corner of board square (x, y) (x from the left as Black sees it).
    fn cell(&self, x: i32, y: i32) -> (i32, i32) {
        let (ox, oy) = self.origin();
        let (vx, vy) = if self.flipped {
            (self.files - 1 - x, self.ranks - 1 - y)
        } else {
            (x, y)
        };
        (ox + vx * CELL, oy + vy * CELL)
    }
    fn width(&self) -> i32 {
        2 * MARGIN + self.files * CELL
    }
    fn height(&self) -> i32 {
        2 * MARGIN + self.ranks * CELL + 2 * self.hand
    }
}

fn xy(v: &Variant, s: Sq) -> (i32, i32) {
    (v.col[s.idx()] as i32, v.row[s.idx()] as i32)
}

/// The diagram of `pos` as a complete SVG document.
pub fn svg(pos: &Position, opts: &Options) -> String {
    let v = pos.variant;
    let g = Geometry {
        files: v.files as i32,
        ranks: v.ranks as i32,
        flipped: opts.flipped,
        hand: if v.drops { CELL + 8 } else { 0 },
    };
    let (w, h) = (g.width(), g.height());
    let mut s = String::with_capacity(64 * 1024);
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" \
class=\"board\" data-files=\"{}\" data-ranks=\"{}\" data-flipped=\"{}\">",
        g.files, g.ranks, opts.flipped as u8
    );
    s.push_str(
        "<style>.sq{fill:#f2d59b;stroke:#6b4f1d;stroke-width:0.8}.zone{fill:#ebc985}\
.last{fill:#e8b04a}.coord{font:12px sans-serif;fill:#4a3a1a}\
.pc{fill:#fbeed0;stroke:#3d2b0a;stroke-width:1}\
.lb{font-family:'Noto Serif CJK JP','Noto Sans CJK JP','Hiragino Mincho ProN','Yu Mincho','Droid Sans Fallback',serif;fill:#111;text-anchor:middle}\
.en{font-family:'DejaVu Sans',Arial,sans-serif;font-weight:bold}\
.pro{fill:#c00000}.shot{fill:none;stroke:#c00000;stroke-width:3}\
.gone{stroke:#a00000;stroke-width:3}.hand{fill:#e9dcc0;stroke:#6b4f1d}</style>",
    );
    let (ox, oy) = g.origin();
    let _ = write!(
        s,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#d9b56c\"/>",
        ox - 2,
        oy - 2,
        g.files * CELL + 4,
        g.ranks * CELL + 4
    );
    let on_path = |sq: Sq| opts.marks.path.contains(&sq);
    for sq in v.squares() {
        let (x, y) = xy(v, sq);
        let (cx, cy) = g.cell(x, y);
        let mut class = String::from("sq");
        if on_path(sq) {
            class.push_str(" last");
        } else if v.zone[0][sq.idx()] || v.zone[1][sq.idx()] {
            class.push_str(" zone");
        }
        let data = if opts.interactive {
            format!(" data-sq=\"{}\"", y * g.files + x)
        } else {
            String::new()
        };
        let _ = write!(
            s,
            "<rect class=\"{class}\" x=\"{cx}\" y=\"{cy}\" width=\"{CELL}\" height=\"{CELL}\"{data}/>"
        );
    }
    coordinates(&mut s, v, &g);
    for sq in v.squares() {
        if let Some((t, c)) = pos.piece_at(sq) {
            let (x, y) = xy(v, sq);
            let (cx, cy) = g.cell(x, y);
            piece(&mut s, v, t, c, cx, cy, opts);
        }
    }
    for &sq in &opts.marks.shots {
        if v.on_board(sq) {
            let (x, y) = xy(v, sq);
            let (cx, cy) = g.cell(x, y);
            let _ = write!(
                s,
                "<circle class=\"shot\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
                cx + CELL / 2,
                cy + CELL / 2,
                CELL / 2 - 3
            );
        }
    }
    for &sq in &opts.marks.gone {
        if v.on_board(sq) && !opts.marks.shots.contains(&sq) {
            let (x, y) = xy(v, sq);
            let (cx, cy) = g.cell(x, y);
            // A cross where a piece was removed off the move's path (burnt, auto-captured).
            let (a, b) = (8, CELL - 8);
            let _ = write!(
                s,
                "<path class=\"gone\" d=\"M{} {}L{} {}M{} {}L{} {}\"/>",
                cx + a,
                cy + a,
                cx + b,
                cy + b,
                cx + b,
                cy + a,
                cx + a,
                cy + b
            );
        }
    }
    if v.drops {
        hands(&mut s, pos, &g, opts);
    }
    s.push_str("</svg>\n");
    s
}

fn coordinates(s: &mut String, v: &Variant, g: &Geometry) {
    let (ox, oy) = g.origin();
    for x in 0..g.files {
        let (cx, _) = g.cell(x, 0);
        let _ = write!(
            s,
            "<text class=\"coord\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            cx + CELL / 2,
            oy - 6,
            v.files as i32 - x
        );
    }
    for y in 0..g.ranks {
        let (_, cy) = g.cell(0, y);
        let _ = write!(
            s,
            "<text class=\"coord\" x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            ox + g.files * CELL + MARGIN / 2,
            cy + CELL / 2 + 4,
            (b'a' + y as u8) as char
        );
    }
}

/// One piece with its top-left corner at (cx, cy).
fn piece(s: &mut String, v: &Variant, t: PieceType, c: Color, cx: i32, cy: i32, opts: &Options) {
    // Pieces point away from their owner: up for the side shown at the bottom.
    let bottom = if opts.flipped {
        Color::White
    } else {
        Color::Black
    };
    let rot = if c == bottom {
        String::new()
    } else {
        format!(
            " transform=\"rotate(180 {} {})\"",
            cx + CELL / 2,
            cy + CELL / 2
        )
    };
    let _ = write!(
        s,
        "<g class=\"bp\"{rot}><path class=\"pc\" d=\"M{} {}L{} {}L{} {}L{} {}L{} {}Z\"/>",
        cx + 20,
        cy + 2,
        cx + 32,
        cy + 7,
        cx + 35,
        cy + 38,
        cx + 5,
        cy + 38,
        cx + 8,
        cy + 7
    );
    label_text(s, v, t, cx, cy, opts.names);
    s.push_str("</g>");
}

fn label_text(s: &mut String, v: &Variant, t: PieceType, cx: i32, cy: i32, names: Names) {
    let promoted = is_promoted(v, t);
    let class = if promoted { "lb pro" } else { "lb" };
    let mid = cx + CELL / 2;
    let text = label(v, t, names);
    if names == Names::English || kanji(v, t).is_none() {
        let size = if text.chars().count() <= 2 { 15 } else { 11 };
        let _ = write!(
            s,
            "<text class=\"{class} en\" x=\"{mid}\" y=\"{}\" font-size=\"{size}\">{}</text>",
            cy + 27,
            escape(&text)
        );
        return;
    }
    let chars: Vec<char> = text.chars().collect();
    // (column offset, baseline) per character: one big, two stacked, three stacked small,
    // four (or more) in two columns.
    let (size, places): (i32, Vec<(i32, i32)>) = match chars.len() {
        1 => (22, vec![(0, 30)]),
        2 => (16, vec![(0, 21), (0, 37)]),
        3 => (11, vec![(0, 17), (0, 28), (0, 39)]),
        _ => (
            11,
            vec![(6, 22), (6, 35), (-6, 22), (-6, 35), (0, 12), (0, 12)],
        ),
    };
    for (ch, (dx, base)) in chars.iter().zip(places) {
        let _ = write!(
            s,
            "<text class=\"{class}\" x=\"{}\" y=\"{}\" font-size=\"{size}\">{ch}</text>",
            mid + dx,
            cy + base
        );
    }
}

/// Pieces in hand: White's row above the board, Black's below (swapped when flipped).
fn hands(s: &mut String, pos: &Position, g: &Geometry, opts: &Options) {
    let v = pos.variant;
    let (ox, oy) = g.origin();
    for c in Color::BOTH {
        let top = (c == Color::White) != opts.flipped;
        let y = if top {
            MARGIN - 4
        } else {
            oy + g.ranks * CELL + 12
        };
        let _ = write!(
            s,
            "<rect class=\"hand\" x=\"{ox}\" y=\"{y}\" width=\"{}\" height=\"{CELL}\"/>",
            g.files * CELL
        );
        let mut x = ox;
        for t in 0..v.hand_kinds as PieceType {
            let n = pos.hand(c, t);
            if n == 0 || v.demoted[t as usize] != t {
                continue;
            }
            let data = if opts.interactive {
                format!(
                    " data-drop=\"{}\" data-color=\"{}\"",
                    escape(v.piece(t).code),
                    c
                )
            } else {
                String::new()
            };
            let _ = write!(
                s,
                "<g class=\"handpc\"{data}><rect x=\"{x}\" y=\"{y}\" width=\"{}\" height=\"{CELL}\" fill-opacity=\"0\"/>",
                CELL + 14
            );
            let o = Options {
                names: opts.names,
                flipped: opts.flipped,
                ..Options::default()
            };
            piece(s, v, t, c, x, y, &o);
            if n > 1 {
                let _ = write!(
                    s,
                    "<text class=\"coord\" x=\"{}\" y=\"{}\">{n}</text>",
                    x + CELL + 1,
                    y + CELL - 4
                );
            }
            s.push_str("</g>");
            x += CELL + 14;
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_state_has_kanji() {
        for name in Variant::names() {
            let v = Variant::by_name(name).expect("listed variant");
            for t in 0..v.pieces.len() as PieceType {
                assert!(
                    kanji(v, t).is_some(),
                    "{name}: no kanji for {} ({})",
                    v.piece(t).code,
                    v.piece(t).name
                );
            }
        }
    }

    #[test]
    fn diagram_has_every_piece() {
        for name in Variant::names() {
            let v = Variant::by_name(name).expect("listed variant");
            let pos = Position::start(v, v.default_rules);
            let svg = svg(&pos, &Options::default());
            let count = svg.matches("class=\"pc\"").count();
            let on_board = Color::BOTH
                .iter()
                .map(|&c| pos.pieces(c).len())
                .sum::<usize>();
            assert_eq!(count, on_board, "{name}");
            assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        }
    }
}
