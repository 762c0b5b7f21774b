//! The registry: the one list of variants. The CLI's `--variant`, USI's `UCI_Variant`
//! values, XBoard's `variants` feature, the GUI's menu and every "for each variant" loop
//! read it; adding a variant is its module and one line in `VARIANTS`.

use super::{chu, ko, tai, yanxin, Variant};
use std::sync::OnceLock;

/// One registered variant: its name, other names it answers to, and how to build it
/// (once, on first use).
pub struct Entry {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    build: fn() -> Variant,
    built: OnceLock<Variant>,
}

const fn entry(
    name: &'static str,
    aliases: &'static [&'static str],
    build: fn() -> Variant,
) -> Entry {
    Entry {
        name,
        aliases,
        build,
        built: OnceLock::new(),
    }
}

/// Every variant, in the order the CLI and the protocols list them.
static VARIANTS: [Entry; 4] = [
    entry("chu", &["chushogi"], chu::build),
    entry("yanxin", &["yanxinshogi"], yanxin::build),
    entry("ko", &["koshogi"], ko::build),
    entry("tai", &["taishogi"], tai::build),
];

impl Entry {
    /// The variant, built on first use.
    pub fn variant(&'static self) -> &'static Variant {
        self.built.get_or_init(self.build)
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
