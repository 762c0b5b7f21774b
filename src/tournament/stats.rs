//! Match statistics: score, Elo difference with a 95% error margin, likelihood of
//! superiority, and the sequential probability ratio test (GSPRT approximation on the
//! logistic Elo scale, as used by engine testing frameworks).

/// Wins, draws and losses from one side's point of view.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// Expected score of an Elo difference.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference of an expected score (clamped away from 0 and 1).
pub fn elo_of_score(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The inverse error function's companion: the normal CDF via erf.
fn erf(x: f64) -> f64 {
    // Abramowitz-Stegun 7.1.26, accurate to 1.5e-7: enough for LOS figures.
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    if x >= 0.0 {
        y
    } else {
        -y
    }
}

impl Wdl {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Score fraction (wins + draws/2) / games.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            return 0.5;
        }
        (self.wins as f64 + 0.5 * self.draws as f64) / n as f64
    }

    /// Per-game variance of the score.
    fn variance(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return 0.0;
        }
        let s = self.score();
        (self.wins as f64 * (1.0 - s).powi(2)
            + self.draws as f64 * (0.5 - s).powi(2)
            + self.losses as f64 * s.powi(2))
            / n
    }

    pub fn elo(&self) -> f64 {
        elo_of_score(self.score())
    }

    /// Half-width of the 95% confidence interval of the Elo difference.
    pub fn elo_error95(&self) -> f64 {
        let n = self.games() as f64;
        if n == 0.0 {
            return f64::INFINITY;
        }
        let stderr = (self.variance() / n).sqrt();
        let s = self.score();
        let hi = elo_of_score(s + 1.959_964 * stderr);
        let lo = elo_of_score(s - 1.959_964 * stderr);
        (hi - lo) / 2.0
    }

    /// Likelihood of superiority: P(this side is stronger), from wins and losses.
    pub fn los(&self) -> f64 {
        let (w, l) = (self.wins as f64, self.losses as f64);
        if w + l == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((w - l) / (2.0 * (w + l)).sqrt()))
    }

    /// Log-likelihood ratio of H1 (elo1) against H0 (elo0), GSPRT approximation:
    /// LLR = N (s1 - s0) (2 x - s0 - s1) / (2 var).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let n = self.games() as f64;
        let var = self.variance();
        if n == 0.0 || var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        n * (s1 - s0) * (2.0 * self.score() - s0 - s1) / (2.0 * var)
    }
}

/// SPRT settings: H0 elo0, H1 elo1, error rates alpha and beta.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where an SPRT stands.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum SprtState {
    Continue,
    AcceptH0,
    AcceptH1,
}

impl Sprt {
    /// Parses `elo0=0,elo1=10,alpha=0.05,beta=0.05` (any order; missing keys default to
    /// those values).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let mut s = Sprt {
            elo0: 0.0,
            elo1: 10.0,
            alpha: 0.05,
            beta: 0.05,
        };
        for part in text.split(',').filter(|p| !p.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("SPRT setting '{part}' is not key=value"))?;
            let v: f64 = v
                .trim()
                .parse()
                .map_err(|_| format!("SPRT value '{v}' is not a number"))?;
            match k.trim() {
                "elo0" => s.elo0 = v,
                "elo1" => s.elo1 = v,
                "alpha" => s.alpha = v,
                "beta" => s.beta = v,
                other => {
                    return Err(format!(
                        "unknown SPRT key '{other}' (elo0, elo1, alpha, beta)"
                    ))
                }
            }
        }
        if !(0.0 < s.alpha && s.alpha < 0.5 && 0.0 < s.beta && s.beta < 0.5) || s.elo1 <= s.elo0 {
            return Err("SPRT needs elo0 < elo1 and 0 < alpha, beta < 0.5".into());
        }
        Ok(s)
    }

    /// (lower, upper) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    pub fn state(&self, wdl: &Wdl) -> (f64, SprtState) {
        let llr = wdl.llr(self.elo0, self.elo1);
        let (lo, hi) = self.bounds();
        let state = if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        };
        (llr, state)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn elo_of_known_scores() {
        assert!(close(elo_of_score(0.5), 0.0, 1e-9));
        assert!(close(elo_of_score(0.75), 190.848, 1e-3));
        assert!(close(elo_of_score(0.65), 107.538, 1e-3));
        assert!(close(score_of_elo(100.0), 0.640_065, 1e-6));
    }

    #[test]
    fn error_margin_and_los_known_values() {
        // 60 wins, 20 draws, 20 losses: score 0.7, per-game sd 0.4, stderr 0.04.
        let w = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        assert!(close(w.score(), 0.7, 1e-12));
        assert!(close(w.elo(), 147.19, 0.01));
        // Interval: (elo(0.7 + 1.96*0.04) - elo(0.7 - 1.96*0.04)) / 2 = 66.01.
        assert!(close(w.elo_error95(), 66.01, 0.02), "{}", w.elo_error95());
        // LOS = Phi((60-20)/sqrt(80)) = Phi(4.472) ~ 0.999996.
        assert!(close(w.los(), 0.999_996, 1e-5));
        let even = Wdl {
            wins: 10,
            draws: 5,
            losses: 10,
        };
        assert!(close(even.los(), 0.5, 1e-6));
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        let s = Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").expect("valid");
        let (lo, hi) = s.bounds();
        assert!(close(lo, -2.944_439, 1e-6) && close(hi, 2.944_439, 1e-6));
        // 100 wins, 50 draws, 50 losses: score 0.625, var 0.171875;
        // LLR = 200 * (s1 - 0.5) * (1.25 - 0.5 - s1) / 0.34375 = 1.97225 with s1 = score_of_elo(10).
        let w = Wdl {
            wins: 100,
            draws: 50,
            losses: 50,
        };
        assert!(
            close(w.llr(0.0, 10.0), 1.97225, 1e-4),
            "{}",
            w.llr(0.0, 10.0)
        );
        assert_eq!(s.state(&w).1, SprtState::Continue);
        let strong = Wdl {
            wins: 300,
            draws: 100,
            losses: 100,
        };
        assert_eq!(s.state(&strong).1, SprtState::AcceptH1);
        let weak = Wdl {
            wins: 100,
            draws: 100,
            losses: 300,
        };
        assert_eq!(s.state(&weak).1, SprtState::AcceptH0);
        assert!(Sprt::parse("elo0=10,elo1=0").is_err());
        assert!(Sprt::parse("gamma=1").is_err());
    }
}
