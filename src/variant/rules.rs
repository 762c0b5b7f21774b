//! Rule options: every point where the references disagree (chu.md section 8) is a switch.
//! Presets give the rules of this project (default), of lishogi and of HaChu.

use std::fmt;

/// Pawn or Lance reaching its last rank (chu.md 8.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LastRank {
    /// Must promote (the source; default).
    Forced,
    /// May stay unpromoted as a dead piece (lishogi).
    Optional,
    /// HaChu: no promotion from inside the zone without a capture (dead piece); a Pawn
    /// that declined on entry promotes only by a capture on the last rank; forced on the
    /// last rank whenever promotion is possible.
    HaChu,
}

/// Repetition rule (chu.md 7.4, 8.10).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// Fourth occurrence ends the game: draw, or the perpetual attacker loses (lishogi).
    Fourfold,
    /// Recreating any earlier position with the same side to move is illegal (HaChu default).
    Forbid,
    /// Repeating loses, unless the repeating side was in check (HaChu "Allow repeats").
    Lose,
}

/// Which pieces protect against the Tai Emperor's capture (tai.md 4.1, D1).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EmperorGuard {
    /// (C) A piece is protected if it could be recaptured legally; the enemy Emperor
    /// counts only when its own recapture would be legal (default).
    LegalRecapture,
    /// (A) Only non-Emperor pieces protect.
    NonEmperor,
    /// (B) ShogiVar literally: a piece's own Emperor always protects it.
    OwnEmperor,
}

/// The rule switches of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    pub last_rank: LastRank,
    /// A Pawn/Go-Between taken as the first victim still protects the Lion (P2, 8.6).
    pub bridge_victim_protects: bool,
    /// A counter-strike on the square of the last Lion capture is allowed (lishogi, 8.8).
    pub counterstrike_same_square: bool,
    /// Counter-strike against an unprotected Lion is allowed (8.9).
    pub okazaki: bool,
    pub repetition: Repetition,
    pub bare_king: bool,
    /// Tai Emperor capture rule (D1).
    pub emperor_guard: EmperorGuard,
    /// Lion, Lion-Dog and one-line Lion pieces may pass (Tai D14; Chu always allows it).
    pub passing: bool,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            last_rank: LastRank::Forced,
            bridge_victim_protects: true,
            counterstrike_same_square: false,
            okazaki: false,
            repetition: Repetition::Fourfold,
            bare_king: true,
            emperor_guard: EmperorGuard::LegalRecapture,
            passing: true,
        }
    }
}

impl Rules {
    /// Names of the presets accepted by `preset`.
    pub const PRESETS: [&'static str; 3] = ["default", "lishogi", "hachu"];

    /// lishogi (shogiops / scalashogi) rules.
    pub fn lishogi() -> Rules {
        Rules {
            last_rank: LastRank::Optional,
            counterstrike_same_square: true,
            ..Rules::default()
        }
    }

    /// HaChu 0.21 with its default settings.
    pub fn hachu() -> Rules {
        Rules {
            last_rank: LastRank::HaChu,
            bridge_victim_protects: false,
            counterstrike_same_square: false,
            okazaki: false,
            repetition: Repetition::Forbid,
            bare_king: false,
            ..Rules::default()
        }
    }

    pub fn preset(name: &str) -> Option<Rules> {
        match name.to_ascii_lowercase().as_str() {
            "default" => Some(Rules::default()),
            "lishogi" => Some(Rules::lishogi()),
            "hachu" => Some(Rules::hachu()),
            _ => None,
        }
    }

    /// The preset these rules equal, if any.
    pub fn preset_name(&self) -> Option<&'static str> {
        Rules::PRESETS
            .iter()
            .copied()
            .find(|n| Rules::preset(n).as_ref() == Some(self))
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.preset_name() {
            Some(n) => f.write_str(n),
            None => write!(f, "{self:?}"),
        }
    }
}
