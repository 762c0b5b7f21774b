//! The registry: the one list of variants. The CLI's `--variant`, USI's `UCI_Variant`
//! values, XBoard's `variants` feature, the GUI's menu and every "for each variant" loop
//! read it; adding a variant is its module and one line in `VARIANTS`.
//!
//! It also keeps each variant's builds under other rules: the rules that shape moves (the
//! preset's move rules, the variant's own options) are compiled into the data, one build
//! per combination asked for.

use super::{chu, ko, tai, yanxin, Rules, Variant};
use std::sync::{Mutex, OnceLock};

/// One registered variant: its name, other names it answers to, and how to build it under
/// given rules (its own rule options are compiled into its data). Built once on first use
/// with the default options, and once per other combination of option values asked for.
pub struct Entry {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    build: fn(&Rules) -> Variant,
    built: OnceLock<Variant>,
    compiled: Mutex<Vec<(Rules, &'static Variant)>>,
}

const fn entry(
    name: &'static str,
    aliases: &'static [&'static str],
    build: fn(&Rules) -> Variant,
) -> Entry {
    Entry {
        name,
        aliases,
        build,
        built: OnceLock::new(),
        compiled: Mutex::new(Vec::new()),
    }
}

/// Every variant, in the order the CLI and the protocols list them.
static VARIANTS: [Entry; 4] = [
    entry("chu", &["chushogi"], |_| chu::build()),
    entry("yanxin", &["yanxinshogi"], |_| yanxin::build()),
    entry("ko", &["koshogi"], ko::build),
    entry("tai", &["taishogi"], |_| tai::build()),
];

impl Entry {
    /// The variant under the default rules, built on first use.
    pub fn variant(&'static self) -> &'static Variant {
        self.built
            .get_or_init(|| self.build_under(&Rules::default()))
    }

    fn build_under(&self, rules: &Rules) -> Variant {
        let mut v = (self.build)(rules);
        v.stages.follow(rules);
        v
    }

    /// The variant built under `rules` (cached per combination of the rules that shape
    /// moves; a process sees a handful at most, each kept for its lifetime).
    fn compiled(&'static self, rules: &Rules) -> &'static Variant {
        let base = self.variant();
        let key = rules.move_rules(!base.rule_options.is_empty());
        if key == Rules::default() {
            return base;
        }
        let mut cache = self.compiled.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, v)) = cache.iter().find(|(k, _)| *k == key) {
            return v;
        }
        let v: &'static Variant = Box::leak(Box::new(self.build_under(&key)));
        cache.push((key, v));
        v
    }
}

/// `variant` with `rules` compiled in (itself when it is not registered).
pub fn for_rules(variant: &'static Variant, rules: &Rules) -> &'static Variant {
    match VARIANTS.iter().find(|e| e.name == variant.name) {
        Some(e) => e.compiled(rules),
        None => variant,
    }
}

/// Every registered variant.
pub fn entries() -> &'static [Entry] {
    &VARIANTS
}

/// Variant by name or alias, any case.
pub fn by_name(name: &str) -> Option<&'static Variant> {
    let name = name.to_ascii_lowercase();
    VARIANTS
        .iter()
        .find(|e| e.name == name || e.aliases.contains(&name.as_str()))
        .map(Entry::variant)
}

/// The registered variant `name` (a name in `VARIANTS`; panics otherwise, a programming
/// error rather than input).
pub fn get(name: &str) -> &'static Variant {
    by_name(name).unwrap_or_else(|| panic!("variant {name} is not registered"))
}

/// Names of every registered variant, in registry order.
pub fn names() -> &'static [&'static str] {
    static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();
    NAMES.get_or_init(|| VARIANTS.iter().map(|e| e.name).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_aliases_come_from_the_one_list() {
        assert_eq!(names(), ["chu", "yanxin", "ko", "tai"]);
        for e in entries() {
            let v = by_name(e.name).expect("registered name");
            assert_eq!(v.name, e.name);
            for alias in e.aliases {
                assert!(std::ptr::eq(by_name(&alias.to_uppercase()).unwrap(), v));
            }
        }
        assert!(by_name("shogi").is_none());
    }

    #[test]
    fn builds_are_shared_per_combination_of_move_rules() {
        let chu = get("chu");
        // Game-level switches do not make a new build; a preset's move rules do, once.
        let no_bare_king = Rules {
            bare_king: false,
            ..Rules::default()
        };
        assert!(std::ptr::eq(for_rules(chu, &no_bare_king), chu));
        let hachu = for_rules(chu, &Rules::hachu());
        assert!(!std::ptr::eq(hachu, chu));
        assert_eq!(hachu.stages.last_rank, Rules::hachu().last_rank);
        assert!(std::ptr::eq(for_rules(hachu, &Rules::hachu()), hachu));
        assert!(std::ptr::eq(for_rules(hachu, &Rules::default()), chu));
    }
}
