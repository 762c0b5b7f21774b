//! lishogi's KIF for Chu (what lishogi exports, after its KIF writer): a header of `key：value`
//! lines, the start position as a board diagram when it is not the standard one, then
//! `手数----指手---------消費時間--` and one line a move:
//! `   1手目   7八歩兵 （←7九）`: destination (file number, rank in kanji; `仝` for the
//! previous destination), the moving piece's name, `成` for a promotion, and the origin.
//! A Lion's two-step move takes two lines, `一歩目` and `二歩目`. Reading also takes the
//! variations lishogi's importer takes (`▲`/`△`, `同`, full-width digits, clocks, `*`
//! comments).

use super::GameFile;
use crate::position::Position;
use crate::types::Move;
use crate::variant::{Rules, Variant};

/// KIF names of the Chu pieces by SFEN code (lower case): the name in move text and the
/// one- or two-character name of the board diagram (lishogi's tables).
const PIECES: [(&str, &str, &str); 40] = [
    ("l", "香車", "香"),
    ("+l", "白駒", "駒"),
    ("f", "猛豹", "豹"),
    ("+f", "小角", "成角"),
    ("c", "銅将", "銅"),
    ("+c", "横行", "成横"),
    ("s", "銀将", "銀"),
    ("+s", "竪行", "成竪"),
    ("g", "金将", "金"),
    ("+g", "金飛車", "成飛"),
    ("k", "玉将", "玉"),
    ("e", "醉象", "象"),
    ("+e", "太子", "太"),
    ("a", "反車", "反"),
    ("+a", "鯨鯢", "鯨"),
    ("b", "角行", "角"),
    ("+b", "龍馬", "成馬"),
    ("t", "盲虎", "虎"),
    ("+t", "飛鹿", "鹿"),
    ("o", "麒麟", "麒"),
    ("+o", "獅子", "成獅"),
    ("x", "鳳凰", "鳳"),
    ("+x", "奔王", "成奔"),
    ("m", "横行", "横"),
    ("+m", "奔猪", "猪"),
    ("v", "竪行", "竪"),
    ("+v", "飛牛", "牛"),
    ("r", "飛車", "飛"),
    ("+r", "龍王", "成龍"),
    ("h", "龍馬", "馬"),
    ("+h", "角鷹", "鷹"),
    ("d", "龍王", "龍"),
    ("+d", "飛鷲", "鷲"),
    ("n", "獅子", "獅"),
    ("q", "奔王", "奔"),
    ("p", "歩兵", "歩"),
    ("+p", "金将", "杏"),
    ("i", "仲人", "仲"),
    ("+i", "醉象", "成象"),
    // lishogi's KIF board also writes a promoted Pawn as `と` in older files.
    ("+p", "と金", "と"),
];

const RANKS: [&str; 12] = [
    "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二",
];
const MOVES_HEADER: &str = "手数----指手---------消費時間--";
const FILES_LINE: &str = " １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １";

fn only_chu(variant: &Variant) -> Result<(), String> {
    if variant.kif {
        Ok(())
    } else {
        Err(format!(
            "KIF is supported for Chu only (lishogi's format), not {}",
            variant.name
        ))
    }
}

/// `7八`, `10九`, `4十一` for USI `7h`, `10i`, `4k`.
fn kif_square(usi: &str) -> Option<String> {
    let digits = usi.bytes().take_while(u8::is_ascii_digit).count();
    let file = &usi[..digits];
    let rank = usi[digits..].bytes().next()?;
    let r = RANKS.get((rank.checked_sub(b'a')?) as usize)?;
    Some(format!("{file}{r}"))
}

/// USI square text for a KIF square at the start of `s` (file in half- or full-width
/// digits, rank in kanji): (square, bytes used).
fn parse_kif_square(s: &str) -> Option<(String, usize)> {
    let mut file = 0u32;
    let mut used = 0;
    for c in s.chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            '０'..='９' => c as u32 - '０' as u32,
            _ => break,
        };
        file = file * 10 + d;
        used += c.len_utf8();
    }
    if used == 0 || file == 0 || file > 12 {
        return None;
    }
    // The longest rank name that matches (十一 before 十).
    let rest = &s[used..];
    let (rank, name) = RANKS
        .iter()
        .enumerate()
        .filter(|(_, r)| rest.starts_with(**r))
        .max_by_key(|(_, r)| r.len())?;
    Some((
        format!("{file}{}", (b'a' + rank as u8) as char),
        used + name.len(),
    ))
}

fn piece_names(code: &str) -> Option<(&'static str, &'static str)> {
    let code = code.to_ascii_lowercase();
    PIECES
        .iter()
        .find(|(c, _, _)| *c == code)
        .map(|(_, name, board)| (*name, *board))
}

/// The USI squares of a move text (`7g6f7g+` → 7g, 6f, 7g).
fn usi_squares(usi: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let b = usi.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i > start && i < b.len() && b[i].is_ascii_lowercase() {
            i += 1;
            out.push(&usi[start..i]);
        } else {
            i = start + 1;
        }
    }
    out
}

/// KIF text of one move (one line, or two for a Lion's two steps), numbered `n`.
fn move_lines(
    pos: &Position,
    mv: &Move,
    n: usize,
    last_to: Option<&str>,
) -> Result<String, String> {
    let usi = pos.move_to_usi(mv);
    let squares = usi_squares(&usi);
    let code = pos
        .piece_at(mv.from)
        .map(|(t, _)| pos.variant.piece(t).code)
        .ok_or_else(|| format!("move {n} ({usi}): no piece on its square"))?;
    let (name, _) = piece_names(code).ok_or_else(|| format!("no KIF name for piece {code}"))?;
    let promote = if mv.promotes() { "成" } else { "" };
    let sq = |s: &str| kif_square(s).ok_or_else(|| format!("move {n} ({usi}): bad square"));
    let dest = |s: &str, last: Option<&str>| -> Result<String, String> {
        if last == Some(s) {
            Ok("仝".to_string())
        } else {
            sq(s)
        }
    };
    match squares.as_slice() {
        [from, to] => Ok(format!(
            "{n:>4}手目   {}{name}{promote} （←{}）",
            dest(to, last_to)?,
            sq(from)?
        )),
        [from, mid, to] => Ok(format!(
            "{n:>4}手目一歩目 {}{name} （←{}）\n{n:>4}手目二歩目 {}{name}{promote} （←{}）",
            dest(mid, last_to)?,
            sq(from)?,
            sq(to)?,
            sq(mid)?
        )),
        _ => Err(format!("move {n} ({usi}) cannot be written in KIF")),
    }
}

/// The board diagram of a set-up position (lishogi's layout: three columns a square).
fn board_diagram(pos: &Position) -> Result<String, String> {
    let sfen = pos.to_sfen();
    let board = sfen.split(' ').next().unwrap_or("");
    let mut out = format!("{FILES_LINE}\n+{}+\n", "-".repeat(48));
    for (r, row) in board.split('/').enumerate() {
        out.push('|');
        let b = row.as_bytes();
        let mut i = 0;
        while i < b.len() {
            if b[i].is_ascii_digit() {
                let d = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                let n: usize = row[i..i + d].parse().map_err(|_| "bad SFEN")?;
                out.push_str(&"  ・".repeat(n));
                i += d;
                continue;
            }
            let len = if b[i] == b'+' { 2 } else { 1 };
            let code = row.get(i..i + len).ok_or("bad SFEN")?;
            let (_, kanji) = piece_names(code).ok_or_else(|| format!("no KIF name for {code}"))?;
            let gote = code.bytes().any(|c| c.is_ascii_lowercase());
            let cell = format!("{}{kanji}", if gote { "v" } else { "" });
            out.push_str(&" ".repeat(3usize.saturating_sub(cell.chars().count())));
            out.push_str(&cell);
            i += len;
        }
        out.push('|');
        out.push_str(RANKS[r]);
        out.push('\n');
    }
    out.push_str(&format!("+{}+", "-".repeat(48)));
    let first = Position::start(pos.variant, pos.rules).side_to_move();
    if pos.side_to_move() != first {
        out.push_str("\n後手番");
    }
    Ok(out)
}

/// KIF header names of the tags written and read.
const TAGS: [(&str, &str); 5] = [
    ("Date", "開始日時"),
    ("Event", "棋戦"),
    ("Site", "場所"),
    ("White", "先手"),
    ("Black", "後手"),
];

pub fn write(games: &[GameFile]) -> Result<String, String> {
    let mut out = String::new();
    for (i, g) in games.iter().enumerate() {
        only_chu(g.start.variant)?;
        if i > 0 {
            out.push('\n');
        }
        for (pgn, kif) in TAGS {
            // PGN dates are 2024.05.01, KIF dates 2024/05/01.
            let date = g.tag(pgn).map(|v| {
                if pgn == "Date" {
                    v.replace('.', "/")
                } else {
                    v.to_string()
                }
            });
            let v = date
                .as_deref()
                .filter(|v| !v.is_empty() && !v.contains('?'));
            match (pgn, v) {
                ("White" | "Black", v) => out.push_str(&format!("{kif}：{}\n", v.unwrap_or(""))),
                (_, Some(v)) => out.push_str(&format!("{kif}：{v}\n")),
                _ => {}
            }
        }
        if !g.standard_start() {
            out.push_str(&board_diagram(&g.start)?);
            out.push('\n');
        }
        out.push_str(MOVES_HEADER);
        out.push('\n');
        let positions = g.positions();
        let mut last_to: Option<String> = None;
        for (n, (p, m)) in positions.iter().zip(&g.moves).enumerate() {
            out.push_str(&move_lines(p, m, n + 1, last_to.as_deref())?);
            out.push('\n');
            last_to = usi_squares(&p.move_to_usi(m)).last().map(|s| s.to_string());
        }
    }
    Ok(out)
}

/// A board diagram's rows: the pieces as SFEN codes (None for an empty square).
fn parse_diagram_row(row: &str) -> Result<Vec<Option<String>>, String> {
    let inner = row.trim().trim_start_matches('|');
    let inner = inner.rsplit_once('|').map_or(inner, |(cells, _)| cells);
    let mut cells = Vec::new();
    let mut gote = false;
    let mut promoted = false;
    for c in inner.chars() {
        match c {
            ' ' | '　' => {}
            '・' => cells.push(None),
            'v' => gote = true,
            '成' => promoted = true,
            _ => {
                let want = if promoted {
                    format!("成{c}")
                } else {
                    c.to_string()
                };
                let code = PIECES
                    .iter()
                    .find(|(_, _, board)| *board == want)
                    .map(|(code, _, _)| *code)
                    .ok_or_else(|| format!("unknown piece {want} in the KIF board"))?;
                cells.push(Some(if gote {
                    code.to_string()
                } else {
                    code.to_ascii_uppercase()
                }));
                gote = false;
                promoted = false;
            }
        }
    }
    Ok(cells)
}

/// The SFEN of a KIF board diagram.
fn diagram_sfen(rows: &[&str], gote_to_move: bool) -> Result<String, String> {
    let mut board = Vec::new();
    for row in rows {
        let cells = parse_diagram_row(row)?;
        if cells.len() != 12 {
            return Err(format!(
                "a KIF board row has {} squares, not 12",
                cells.len()
            ));
        }
        let mut s = String::new();
        let mut empty = 0;
        for c in cells {
            match c {
                None => empty += 1,
                Some(code) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push_str(&code);
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        board.push(s);
    }
    if board.len() != 12 {
        return Err(format!("the KIF board has {} rows, not 12", board.len()));
    }
    Ok(format!(
        "{} {} - 1",
        board.join("/"),
        if gote_to_move { "w" } else { "b" }
    ))
}

/// One move line: (USI origin, USI destination or None for `仝`, promotes, step of a
/// Lion's two-step move: 0 for none, 1 or 2).
struct KifStep {
    from: String,
    to: Option<String>,
    promote: bool,
    step: u8,
}

fn parse_step(line: &str) -> Option<KifStep> {
    let step = if line.contains("一歩目") {
        1
    } else if line.contains("二歩目") {
        2
    } else {
        0
    };
    // The move text starts after the number, `手目`, the step and the colour mark.
    let body = line
        .trim_start()
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start_matches('.')
        .trim_start_matches("手目")
        .trim_start_matches("一歩目")
        .trim_start_matches("二歩目")
        .trim_start()
        .trim_start_matches(['▲', '△', '☗', '☖'])
        .trim_start();
    let (to, rest) = if let Some(r) = body.strip_prefix('仝').or_else(|| body.strip_prefix('同'))
    {
        (None, r.trim_start_matches('　'))
    } else {
        let (sq, n) = parse_kif_square(body)?;
        (Some(sq), &body[n..])
    };
    // Drop a clock, `(00:01/00:00:01)`, then the origin is in the last brackets (after
    // `←` if there is one; an igui may bring its own `（居食い）` before them).
    let rest = match rest.rfind(['(', '（']) {
        Some(i)
            if rest[i..]
                .chars()
                .skip(1)
                .all(|c| c.is_ascii_digit() || ":/. )）".contains(c)) =>
        {
            rest[..i].trim_end()
        }
        _ => rest,
    };
    let open = rest.rfind(['（', '('])?;
    let head = &rest[..open];
    let origin = rest[open..]
        .trim_start_matches(['（', '('])
        .trim_start_matches('←');
    let (from, _) = parse_kif_square(origin.trim_start())?;
    let head = head.trim_end();
    let promote = head.ends_with('成') && !head.ends_with("不成");
    // A promoted piece's name may start with 成 (成銀): only a trailing 成 after a name
    // of at least two characters is the promotion.
    let promote = promote && head.chars().count() > 1;
    Some(KifStep {
        from,
        to,
        promote,
        step,
    })
}

pub fn read(text: &str, variant: &'static Variant, rules: Rules) -> Result<Vec<GameFile>, String> {
    only_chu(variant)?;
    let text = text.trim_start_matches('\u{feff}').replace('\r', "");
    // Games are separated by a blank line before a new header; split on the moves header
    // and give each game the header lines before it.
    let mut games = Vec::new();
    let mut header: Vec<&str> = Vec::new();
    let mut moves: Vec<&str> = Vec::new();
    let mut in_moves = false;
    let mut chunks: Vec<(Vec<&str>, Vec<&str>)> = Vec::new();
    for line in text.lines() {
        if line.starts_with("手数") {
            in_moves = true;
            continue;
        }
        let looks_like_header =
            line.contains('：') || line.starts_with('|') || line.starts_with('+');
        if in_moves && looks_like_header && !line.contains("手目") {
            chunks.push((std::mem::take(&mut header), std::mem::take(&mut moves)));
            in_moves = false;
        }
        if in_moves {
            moves.push(line);
        } else {
            header.push(line);
        }
    }
    if in_moves || !moves.is_empty() {
        chunks.push((header, moves));
    }
    for (g, (header, lines)) in chunks.into_iter().enumerate() {
        let at = |e: String| format!("game {}: {e}", g + 1);
        let mut game = GameFile::new(Position::start(variant, rules));
        let rows: Vec<&str> = header
            .iter()
            .copied()
            .filter(|l| l.trim_start().starts_with('|'))
            .collect();
        if !rows.is_empty() {
            let gote = header
                .iter()
                .any(|l| l.starts_with("後手番") || l.starts_with("上手番"));
            let sfen = diagram_sfen(&rows, gote).map_err(at)?;
            game.start =
                Position::from_sfen(variant, &sfen, rules).map_err(|e| at(e.to_string()))?;
        }
        for l in &header {
            if let Some((k, v)) = l.split_once('：') {
                if let Some((pgn, _)) = TAGS.iter().find(|(_, kif)| *kif == k.trim()) {
                    let v = v.trim();
                    if *pgn == "Date" {
                        // `2024/05/01 12:00:00` → `2024.05.01`.
                        let day = v.split_whitespace().next().unwrap_or("");
                        game.set_tag(pgn, &day.replace('/', "."));
                    } else {
                        game.set_tag(pgn, v);
                    }
                }
            }
        }
        let mut pos = game.start.clone();
        let mut last_to: Option<String> = None;
        let mut first_step: Option<KifStep> = None;
        for line in lines {
            let l = line.trim();
            if l.is_empty() || l.starts_with('*') || l.starts_with('#') || l.starts_with("まで") {
                continue;
            }
            let Some(step) = parse_step(l) else {
                // A termination word (投了, 千日手, 詰み...) ends the moves.
                break;
            };
            let ply = game.moves.len() + 1;
            let to = step
                .to
                .clone()
                .or_else(|| last_to.clone())
                .ok_or_else(|| at(format!("move {ply}: 仝 with no previous move")))?;
            let usi = match (step.step, first_step.take()) {
                (1, _) => {
                    first_step = Some(KifStep {
                        to: Some(to),
                        ..step
                    });
                    continue;
                }
                (2, Some(first)) => format!(
                    "{}{}{}{}",
                    first.from,
                    first.to.unwrap_or_default(),
                    to,
                    if step.promote { "+" } else { "" }
                ),
                (2, None) => return Err(at(format!("move {ply}: 二歩目 without 一歩目"))),
                _ => format!("{}{to}{}", step.from, if step.promote { "+" } else { "" }),
            };
            let mv = pos
                .parse_move(&usi)
                .map_err(|e| at(format!("move {ply} ({}): {e}", l)))?;
            pos.make(mv);
            game.moves.push(mv);
            last_to = usi_squares(&usi).last().map(|s| s.to_string());
        }
        games.push(game);
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lines_in_lishogi_styles() {
        let p = parse_step("  57手目二歩目 ▲7七獅子（居食い） （←6六）").expect("igui step");
        assert_eq!(
            (p.from.as_str(), p.to.as_deref(), p.step),
            ("6f", Some("7g"), 2)
        );
        let p = parse_step(" 123手目 ▲6十一金将成 （←5十二）   (00:01/00:10:02)").expect("move");
        assert_eq!(
            (p.from.as_str(), p.to.as_deref(), p.promote),
            ("5l", Some("6k"), true)
        );
        let p = parse_step("  59手目   仝飛車 （←10十）").expect("same square");
        assert_eq!((p.from.as_str(), p.to, p.step), ("10j", None, 0));
        assert!(parse_step("  60手目   投了").is_none());
    }

    #[test]
    fn squares() {
        assert_eq!(kif_square("4k").as_deref(), Some("4十一"));
        assert_eq!(parse_kif_square("１２十二"), Some(("12l".to_string(), 12)));
        assert_eq!(parse_kif_square("13一"), None);
    }
}
