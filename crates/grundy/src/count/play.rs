//! Which play convention decides who wins: normal (the last player to move
//! wins) or misère (the last player to move loses).

use crate::error::Error;

/// The play convention.
///
/// Under **normal** play a position without a move is lost by the player to
/// move; sums are decided by the XOR of Grundy values (Sprague–Grundy). Under
/// **misère** play a position without a move is *won* by the player to move
/// (the opponent made the last move), and a sum is decided by the product of
/// its components' images in the game's misère quotient (Plambeck–Siegel), or
/// by Conway's tame rule for misère Nim.
///
/// ```
/// use grundy::Play;
///
/// assert_eq!("misere".parse::<Play>().unwrap(), Play::Misere);
/// assert_eq!("misère".parse::<Play>().unwrap(), Play::Misere);
/// assert_eq!(Play::default(), Play::Normal);
/// assert_eq!(Play::Misere.name(), "misere");
/// assert!("last".parse::<Play>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Play {
    /// The player who cannot move loses.
    #[default]
    Normal,
    /// The player who cannot move wins: whoever moves last loses.
    Misere,
}

impl Play {
    /// The lowercase ASCII name: `normal` or `misere`.
    pub fn name(self) -> &'static str {
        match self {
            Play::Normal => "normal",
            Play::Misere => "misere",
        }
    }
}

impl std::str::FromStr for Play {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "normal" => Ok(Play::Normal),
            "misere" | "misère" => Ok(Play::Misere),
            _ => Err(Error::invalid("play", format!("must be normal or misere, not '{s}'"))),
        }
    }
}

impl std::fmt::Display for Play {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
