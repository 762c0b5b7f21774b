//! The search finds forced royal captures at the right distance (checked against an
//! exhaustive solver written here), wins material with Lion double captures, and never
//! returns an illegal move.

mod support;
use largeshogi::game::Game;
use largeshogi::position::Position;
use largeshogi::search::{Control, Limits, Score, Searcher};
use largeshogi::variant::{Rules, Variant};
use support::*;

/// Exhaustive: can the side to move capture the last enemy royal within `plies` (odd)?
fn forced_capture_within(pos: &mut Position, plies: u32) -> bool {
    let them = pos.side_to_move().flip();
    for m in pos.legal_moves() {
        pos.make(m);
        let won = pos.royal_count(them) == 0 || (plies >= 3 && all_replies_lose(pos, plies - 1));
        pos.unmake();
        if won {
            return true;
        }
    }
    false
}

fn all_replies_lose(pos: &mut Position, plies: u32) -> bool {
    let replies = pos.legal_moves();
    replies.iter().all(|&r| {
        pos.make(r);
        let lost = forced_capture_within(pos, plies - 1);
        pos.unmake();
        lost
    })
}

/// Shortest forced royal capture (odd plies up to `max`), by exhaustive search.
fn shortest_win(sfen: &str, max: u32) -> Option<u32> {
    let mut pos = chu_with(sfen, Rules::hachu());
    (1..=max)
        .step_by(2)
        .find(|&n| forced_capture_within(&mut pos, n))
}

fn search(sfen: &str, depth: u32) -> (String, Score) {
    search_with_threads(sfen, depth, 1)
}

fn search_with_threads(sfen: &str, depth: u32, threads: usize) -> (String, Score) {
    let pos = chu_with(sfen, Rules::hachu());
    let game = Game::new(pos.clone());
    let mut s = Searcher::new(16, threads);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = s.search(&game, &limits, &Control::default(), &mut |_| {});
    let best = r.best.expect("a move");
    assert!(pos.legal_moves().contains(&best));
    (pos.move_to_usi(&best), r.score)
}

#[test]
fn royal_capture_in_one() {
    let sfen = "11k/10G1/12/6p5/12/12/12/12/12/12/12/K11 b - 1";
    assert_eq!(shortest_win(sfen, 1), Some(1));
    let (mv, score) = search(sfen, 2);
    // The Gold takes the King, promoting or not: both end the game.
    assert!(mv == "2b1a" || mv == "2b1a+", "{mv}");
    assert_eq!(score, Score::Mate(1));
}

#[test]
fn royal_capture_in_three() {
    // The Rook on rank b fences the King in; the other Rook closes rank a.
    let sfen = "11k/R11/1R10/6p5/12/12/12/12/12/12/12/K11 b - 1";
    assert_eq!(shortest_win(sfen, 3), Some(3));
    let (_, score) = search(sfen, 4);
    assert_eq!(score, Score::Mate(3));
}

#[test]
fn royal_capture_in_five() {
    let sfen = "11k/12/R11/6p5/1R10/12/12/12/12/12/12/K11 b - 1";
    assert_eq!(shortest_win(sfen, 5), Some(5));
    let (_, score) = search(sfen, 6);
    assert_eq!(score, Score::Mate(5));
}

#[test]
fn lion_double_capture_wins_two_pieces() {
    // Gold on 6g and Rook on 6f in a line before the Lion: 6h6g6f takes both.
    let sfen = "11k/12/12/12/12/6r5/6g5/6N5/12/12/12/K11 b - 1";
    let (mv, score) = search(sfen, 3);
    assert_eq!(mv, "6h6g6f");
    assert!(matches!(score, Score::Cp(c) if c > 800), "{score:?}");
}

#[test]
fn lion_takes_the_gold_without_losing_itself() {
    // Stepping onto the Gold on 7g loses the Lion to the Rook on 7a; igui or a
    // capture-and-move off the file wins the Gold for nothing.
    // Golds shield the Black King from Rook checks.
    let sfen = "5r5k/12/12/12/12/12/5g6/6N5/12/12/G11/KG10 b - 1";
    let (mv, score) = search(sfen, 4);
    assert!(mv.starts_with("6h7g") && mv.len() == 6, "{mv}");
    assert!(
        !mv.ends_with("7h") && !mv.ends_with("7f"),
        "{mv} stays on the Rook's file"
    );
    assert!(matches!(score, Score::Cp(c) if c > 200), "{score:?}");
}

#[test]
fn two_threads_find_the_same_royal_captures() {
    for (sfen, depth, plies) in [
        ("11k/10G1/12/6p5/12/12/12/12/12/12/12/K11 b - 1", 2, 1),
        ("11k/R11/1R10/6p5/12/12/12/12/12/12/12/K11 b - 1", 4, 3),
        ("11k/12/R11/6p5/1R10/12/12/12/12/12/12/K11 b - 1", 6, 5),
    ] {
        let (_, score) = search_with_threads(sfen, depth, 2);
        assert_eq!(score, Score::Mate(plies), "{sfen}");
    }
}

#[test]
fn best_move_is_always_legal() {
    best_moves_are_legal(1);
}

#[test]
fn best_move_is_always_legal_with_two_threads() {
    best_moves_are_legal(2);
}

fn best_moves_are_legal(threads: usize) {
    let mut rng = Rng(99);
    let mut pos = Position::start(Variant::chu(), Rules::default());
    let mut searcher = Searcher::new(8, threads);
    for _ in 0..30 {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let game = Game::new(pos.clone());
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let r = searcher.search(&game, &limits, &Control::default(), &mut |_| {});
        assert!(moves.contains(&r.best.expect("move")), "{}", pos.to_sfen());
        pos.make(moves[rng.below(moves.len())]);
    }
}

#[test]
fn single_thread_search_is_deterministic() {
    let run = || {
        let game = Game::new(Position::start(Variant::chu(), Rules::default()));
        let mut s = Searcher::new(16, 1);
        let limits = Limits {
            depth: Some(5),
            ..Limits::default()
        };
        s.search(&game, &limits, &Control::default(), &mut |_| {})
            .nodes
    };
    assert_eq!(run(), run());
}

#[test]
fn one_searcher_goes_on_across_variants() {
    // The history tables outlive a search: a variant with another board or other cell
    // codes must find them rebuilt, never indexed out of their bounds.
    let mut s = Searcher::new(16, 2);
    let limits = Limits {
        depth: Some(2),
        ..Limits::default()
    };
    for v in [
        Variant::chu(),
        Variant::yanxin(),
        Variant::ko(),
        Variant::chu(),
        Variant::tai(),
    ] {
        let game = Game::new(Position::start(v, Rules::default()));
        let r = s.search(&game, &limits, &Control::default(), &mut |_| {});
        assert!(game.legal_moves().contains(&r.best.expect("a move")));
    }
}

#[test]
fn stop_flag_ends_an_infinite_search() {
    let game = Game::new(Position::start(Variant::chu(), Rules::default()));
    let mut s = Searcher::new(16, 1);
    let control = Control::default();
    let stop = control.stop.clone();
    let t = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(100));
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let start = std::time::Instant::now();
    let r = s.search(&game, &limits, &control, &mut |_| {});
    let _ = t.join();
    assert!(r.best.is_some());
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
}

#[test]
fn a_perpetual_attack_is_not_taken_for_a_draw() {
    // Black is behind (White has a Dragon King more) and would welcome a draw. Its Rook has
    // gone 6g-5g-6g while White's King went 1a-2a-1a; 6g5g now repeats the position. Each
    // Rook move attacks a Pawn (guarded by a Gold), White's King moves attack nothing, so
    // under the default rules (chu.md 7.4: the perpetual attacker loses the four-fold
    // repetition) that repetition loses for Black, and the engine must play something else.
    let sfen = "2d8k/6gg4/6pp4/12/12/12/6R5/12/12/12/12/5K6 b - 1";
    let mut game = Game::new(chu_with(sfen, Rules::default()));
    for usi in ["6g5g", "1a2a", "5g6g", "2a1a"] {
        let mv = game.position().parse_move(usi).expect("a legal move");
        game.play(mv);
    }
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let r = Searcher::new(16, 1).search(&game, &limits, &Control::default(), &mut |_| {});
    let best = r.best.expect("a move");
    assert_ne!(game.position().move_to_usi(&best), "6g5g");
    // Where repeating is a draw (no perpetual: the King's moves), the same search still
    // takes it: Black, behind, prefers the draw. Black's King went 7l-8l-7l instead.
    let mut game = Game::new(chu_with(sfen, Rules::default()));
    for usi in ["7l8l", "1a2a", "8l7l", "2a1a"] {
        let mv = game.position().parse_move(usi).expect("a legal move");
        game.play(mv);
    }
    let r = Searcher::new(16, 1).search(&game, &limits, &Control::default(), &mut |_| {});
    let best = r.best.expect("a move");
    assert_eq!(game.position().move_to_usi(&best), "7l8l");
}

#[test]
fn a_counter_attack_on_the_king_is_seen_in_a_decided_game() {
    // From a game against HaChu: White, 30 pawns ahead, played 9f5f, and Black answered
    // with a Dragon Horse sacrifice (11h6c+) beside White's King that let its Lion
    // capture the King eight plies on. Far behind, every quiet move of Black's is futile,
    // so the Lion's approach was pruned at the shallow nodes and the search saw the loss
    // only at depth 7. In a decided game (`eval::decided`) quiet checks are neither pruned
    // nor reduced, and depth 4 sees it.
    let sfen = "lfcsgekgsc1l/a3trxt1bfa/mv7rvm/pp4Npp1pp/2p5ip2/3d8/10q1/1HPIPP3n2/\
                PP1P7P/M7RS2/AVBSTOXT3A/LFC1GKEG3L w - 82";
    let pos = chu_with(sfen, Rules::hachu());
    let game = Game::new(pos.clone());
    let limits = Limits {
        depth: Some(4),
        search_moves: vec![pos.parse_move("9f5f").expect("a legal move")],
        ..Limits::default()
    };
    let r = Searcher::new(16, 1).search(&game, &limits, &Control::default(), &mut |_| {});
    assert_eq!(r.score, Score::Mate(-8));
}

#[test]
fn a_capture_that_traps_the_last_royal_is_seen_in_quiescence() {
    // Black's Rook can take White's Dragon King (7d3d), but White's Rook then takes the
    // Gold on 10l attacking Black's King, whose Pawns leave it no square: the King falls
    // next. At depth 1 that reply is in quiescence, where Black, its King attacked, may
    // not stand pat.
    let sfen = "11k/12/12/5R3d2/12/12/12/12/12/12/PP10/K1G8r b - 1";
    let (mv, _) = search(sfen, 1);
    assert!(!mv.starts_with("7d3d"), "{mv}");
}

#[test]
fn a_quiet_promotion_is_seen_beyond_the_horizon() {
    // White's Kirin leaps into its zone next move and becomes a Lion. Taking the loose
    // Gold with the Rook ignores that; at depth 1 only quiescence can see it, by its
    // quiet promotions. Covering the landing square (the Rook on rank i, or the Pawn
    // one step forward) keeps the Kirin out.
    let sfen = "11k/12/12/10g1/12/12/5o6/12/12/12/5P6/K9R1 b - 1";
    let (mv, score) = search(sfen, 1);
    assert!(!mv.starts_with("2l2d"), "{mv} {score:?}");
    assert!(
        matches!(score, Score::Cp(cp) if cp.abs() < 100),
        "{mv} {score:?}"
    );
}
