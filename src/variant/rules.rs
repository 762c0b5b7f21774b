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

/// Which enemy pieces a net immobilises (ko.md 4.7, K9).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum NetReach {
    /// Every enemy on the rays up to the first piece of the net's side (default).
    #[default]
    Through,
    /// Only the first piece on each ray, if it is an enemy (`ko_net=first`).
    First,
    /// Every enemy on the rays to the edge, whatever stands between (`ko_net=line`).
    Line,
}

/// How the Thunderclap walks (ko.md 4.1, K5).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ThunderclapWalk {
    /// Exactly five orthogonal steps with free turns (default).
    Exact,
    /// `gukai`: 2 steps straight, 2 perpendicular, 1 continuing either (8 end squares).
    Gukai,
    /// `upto5`: stop after any of 1-5 steps.
    UpTo,
}

/// Switches of Ko shogi where its sources disagree (ko.md 9); the defaults are the spec's.
/// They are read only by the code paths of pieces and effects that Ko's data enables.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KoRules {
    /// K10 `ko_burn=enemy`: burning spares the flame's own side.
    pub burn_enemy_only: bool,
    /// K11 `ko_within5=area`: "within 5" is Chebyshev distance, not the 8 lines.
    pub within_area: bool,
    /// K12 `ko_light=any`: a Pure light of either side demotes a fog.
    pub any_light: bool,
    /// K13 `ko_pass=off`: no board-preserving move.
    pub no_pass: bool,
    /// K15 `ko_capture_promo=forced`: capture-triggered promotions are compulsory.
    pub capture_promotion_forced: bool,
    /// K16 `ko_zone=enter`: zone promotion only on moves from outside into the zone.
    pub zone_entry_only: bool,
    /// K21 `ko_nomoves=draw`: a side without a legal move draws instead of losing.
    pub no_moves_draw: bool,
    /// K27 `ko_shot_promotes=off`: only displacement captures trigger promotions.
    pub shots_do_not_promote: bool,
    /// K9 `ko_net`.
    pub net: NetReach,
    /// K5 `ko_thunderclap`.
    pub thunderclap: ThunderclapWalk,
    /// K6 `ko_bannerwaver=area`: 1-5 steps with free turns instead of one line.
    pub bannerwaver_area: bool,
    /// K8 `ko_stationary_shot=on`: a shooter may shoot without moving.
    pub stationary_shot: bool,
    /// K17 `ko_drum_promotes=off`: capturing the Drum does not let the captor promote.
    pub drum_does_not_promote: bool,
    /// K20 `ko_selfburn=illegal`: a move after which the mover's side has no command is
    /// illegal (instead of losing).
    pub selfburn_illegal: bool,
    /// K28 `ko_aura=base`: the fog silences only the unpromoted bows and cannons.
    pub aura_base_only: bool,
    /// K24 `ko_fogshots=end`: the fog and light shoot (up to twice) after the last jump only.
    pub fog_shots_at_end: bool,
    /// K14 `ko_shoot_table=zh`: [zh]'s shooting restrictions.
    pub shoot_table_zh: bool,
    /// K23 `ko_tigerwing=zh`: the Tiger wing has only its double diagonal steps.
    pub tigerwing_zh: bool,
}

impl KoRules {
    /// The engine options (ko.md 9 names), each with its values, the default first.
    pub const OPTIONS: [(&'static str, &'static [&'static str]); 18] = [
        ("ko_net", &["through", "first", "line"]),
        ("ko_burn", &["all", "enemy"]),
        ("ko_within5", &["lines", "area"]),
        ("ko_light", &["enemy", "any"]),
        ("ko_pass", &["on", "off"]),
        ("ko_capture_promo", &["optional", "forced"]),
        ("ko_zone", &["any", "enter"]),
        ("ko_nomoves", &["lose", "draw"]),
        ("ko_shot_promotes", &["on", "off"]),
        ("ko_thunderclap", &["exact5", "gukai", "upto5"]),
        ("ko_bannerwaver", &["line", "area"]),
        ("ko_stationary_shot", &["off", "on"]),
        ("ko_drum_promotes", &["on", "off"]),
        ("ko_selfburn", &["lose", "illegal"]),
        ("ko_aura", &["all", "base"]),
        ("ko_fogshots", &["each", "end"]),
        ("ko_shoot_table", &["en", "zh"]),
        ("ko_tigerwing", &["en", "zh"]),
    ];

    /// Sets the option `name` (one of `OPTIONS`) to `value`.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), String> {
        let values = KoRules::OPTIONS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| *v)
            .ok_or_else(|| format!("unknown Ko option '{name}'"))?;
        let i = values
            .iter()
            .position(|&v| v == value)
            .ok_or_else(|| format!("{name} must be one of: {}", values.join(", ")))?;
        let alt = i > 0;
        match name {
            "ko_net" => self.net = [NetReach::Through, NetReach::First, NetReach::Line][i],
            "ko_burn" => self.burn_enemy_only = alt,
            "ko_within5" => self.within_area = alt,
            "ko_light" => self.any_light = alt,
            "ko_pass" => self.no_pass = alt,
            "ko_capture_promo" => self.capture_promotion_forced = alt,
            "ko_zone" => self.zone_entry_only = alt,
            "ko_nomoves" => self.no_moves_draw = alt,
            "ko_shot_promotes" => self.shots_do_not_promote = alt,
            "ko_thunderclap" => {
                self.thunderclap = [
                    ThunderclapWalk::Exact,
                    ThunderclapWalk::Gukai,
                    ThunderclapWalk::UpTo,
                ][i]
            }
            "ko_bannerwaver" => self.bannerwaver_area = alt,
            "ko_stationary_shot" => self.stationary_shot = alt,
            "ko_drum_promotes" => self.drum_does_not_promote = alt,
            "ko_selfburn" => self.selfburn_illegal = alt,
            "ko_aura" => self.aura_base_only = alt,
            "ko_fogshots" => self.fog_shots_at_end = alt,
            "ko_shoot_table" => self.shoot_table_zh = alt,
            "ko_tigerwing" => self.tigerwing_zh = alt,
            _ => return Err(format!("unknown Ko option '{name}'")),
        }
        Ok(())
    }
}

impl Default for KoRules {
    fn default() -> KoRules {
        KoRules {
            burn_enemy_only: false,
            within_area: false,
            any_light: false,
            no_pass: false,
            capture_promotion_forced: false,
            zone_entry_only: false,
            no_moves_draw: false,
            shots_do_not_promote: false,
            net: NetReach::Through,
            thunderclap: ThunderclapWalk::Exact,
            bannerwaver_area: false,
            stationary_shot: false,
            drum_does_not_promote: false,
            selfburn_illegal: false,
            aura_base_only: false,
            fog_shots_at_end: false,
            shoot_table_zh: false,
            tigerwing_zh: false,
        }
    }
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
    /// Ko shogi's switches (K9-K27).
    pub ko: KoRules,
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
            ko: KoRules::default(),
        }
    }
}

impl Rules {
    /// Sets a variant's rule option (`Variant::rule_options`) by its engine-option name.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        // Ko's switches are the only per-variant options so far.
        self.ko.set(name, value)
    }

    /// The part of these rules compiled into a variant's data (`Variant::for_rules`):
    /// all but the game-level switches (repetition, bare King), and the variant options
    /// (`ko`) only for a variant that has them (`own_options`).
    pub fn move_rules(&self, own_options: bool) -> Rules {
        let default = Rules::default();
        Rules {
            repetition: default.repetition,
            bare_king: default.bare_king,
            ko: if own_options { self.ko } else { default.ko },
            ..*self
        }
    }

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
