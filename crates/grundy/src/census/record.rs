//! One game of a census as its folder keeps it: a [`GameRecord`], written as
//! one line of JSON with a format number and a checksum over its content
//! ([`GameRecord::to_json`]) and read back only when both hold and its fields
//! are consistent ([`GameRecord::from_json`]).
//!
//! A record is a published claim (a period, a preperiod), so a file that was
//! edited or damaged must never be read back as a result: the checksum (FNV-1a,
//! as the saved nim-values of `sequence --save` use) catches accidental
//! damage and edits by hand; a record whose checksum was recomputed by hand
//! is caught when it claims a period, since a census verifies a certified
//! record before it resumes it (`census_check`); an open record claims only
//! that nothing was certified within its limits.

use super::canonical_code;
use super::json;
use super::statistics::RareSplit;
use crate::error::{Error, Stop};
use crate::heap::{Limits, OctalCode};

/// FNV-1a, 64-bit: the checksum of census records and of saved nim-values.
///
/// ```
/// use grundy::census::Fnv1a64;
///
/// // the reference values of FNV-1a
/// assert_eq!(Fnv1a64::new().value(), 0xcbf2_9ce4_8422_2325);
/// assert_eq!(Fnv1a64::new().update(b"a").value(), 0xaf63_dc4c_8601_ec8c);
/// let whole = Fnv1a64::new().update(b"grundy");
/// assert_eq!(whole, Fnv1a64::new().update(b"gru").update(b"ndy"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a64(u64);

impl Fnv1a64 {
    /// The checksum of nothing (the FNV offset basis).
    pub const fn new() -> Self {
        Fnv1a64(0xcbf2_9ce4_8422_2325)
    }

    /// The checksum continued over `bytes`.
    #[must_use]
    pub fn update(self, bytes: &[u8]) -> Self {
        Fnv1a64(bytes.iter().fold(self.0, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)))
    }

    /// The checksum so far.
    pub fn value(self) -> u64 {
        self.0
    }
}

impl Default for Fnv1a64 {
    fn default() -> Self {
        Fnv1a64::new()
    }
}

/// What a census found of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    /// `g(n + period) = g(n)` for `n >= preperiod`, certified.
    Periodic {
        /// The first heap from which the period holds (heap 0 counted).
        preperiod: usize,
        /// The fundamental period.
        period: usize,
    },
    /// `g(n + period) = g(n) + saltus` for `n >= preperiod`, certified.
    ArithmeticPeriodic {
        /// The first heap from which the arithmetic period holds.
        preperiod: usize,
        /// The period.
        period: usize,
        /// The saltus: what a period adds to every value.
        saltus: u64,
    },
    /// Nothing certified within the limits.
    Open,
}

impl GameStatus {
    /// `periodic`, `arithmetic-periodic` or `open`.
    pub fn name(&self) -> &'static str {
        match self {
            GameStatus::Periodic { .. } => "periodic",
            GameStatus::ArithmeticPeriodic { .. } => "arithmetic-periodic",
            GameStatus::Open => "open",
        }
    }

    /// The status in words: `periodic (preperiod 53, period 34)`.
    fn describe(&self) -> String {
        match *self {
            GameStatus::Periodic { preperiod, period } => {
                format!("periodic (preperiod {preperiod}, period {period})")
            }
            GameStatus::ArithmeticPeriodic { preperiod, period, saltus } => {
                format!("arithmetic-periodic (preperiod {preperiod}, period {period}, saltus {saltus})")
            }
            GameStatus::Open => "open".into(),
        }
    }
}

/// One game of a census, as its file keeps it ([`GameRecord::to_json`]).
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The canonical code ([`canonical_code`]).
    pub canonical: String,
    /// Periodic, arithmetic-periodic or open.
    pub status: GameStatus,
    /// The values computed from the rules, `g(0..computed)`.
    pub computed: usize,
    /// The largest of the computed values (for a periodic game, of all values).
    pub max_value: u32,
    /// The first heap with that value.
    pub max_at: usize,
    /// The rare/common split at the end, for codes computed that way (finite
    /// codes with splits).
    pub split: Option<RareSplit>,
    /// How the computation ended.
    pub stop: Stop,
    /// Seconds taken.
    pub seconds: f64,
    /// The limits it ran with.
    pub max_len: usize,
    /// The work limit it ran with (mex steps).
    pub max_work: u64,
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or("null".to_string(), |v| v.to_string())
}

/// The names of [`Stop`] in a record.
const STOPS: [(Stop, &str); 3] =
    [(Stop::Certified, "certified"), (Stop::MaxLen, "max-len"), (Stop::MaxWork, "max-work")];

/// The checksum member as it starts in a record (16 hexadecimal digits and a
/// quote follow).
const CHECKSUM: &str = ",\"checksum\":\"fnv1a64:";

impl GameRecord {
    /// The version of the per-game file format ([`GameRecord::to_json`]'s
    /// `format` key): 3 since the split carries the published statistics
    /// (format 2 had no last rare heap, format 1 no checksum).
    pub const FORMAT: u32 = 3;

    /// The record as one line of JSON with sorted keys: `canonical`,
    /// `checksum`, `computed`, `format` ([`GameRecord::FORMAT`]), `max_at`,
    /// `max_len`, `max_value`, `max_work`, `period`, `preperiod`, `saltus`,
    /// `seconds`, `split` ([`RareSplit::to_json`]: `{"last_rare", "mask",
    /// "mask_hex", "mode": "value"|"domain", "rare", "rare_heaps"}`, or
    /// `null`), `status` and `stopped` (`certified`, `max-len`, `max-work`).
    /// The checksum is `fnv1a64:` and the FNV-1a checksum ([`Fnv1a64`]), in 16
    /// hexadecimal digits, of the line without its `checksum` member.
    ///
    /// ```
    /// use grundy::census::{GameRecord, census_game};
    /// use grundy::heap::Limits;
    ///
    /// let r = census_game("0.07", Limits::new(4096, u64::MAX).unwrap(), &mut Default::default()).unwrap();
    /// let text = r.to_json();
    /// assert!(text.starts_with("{\"canonical\":\"0.07\",\"checksum\":\"fnv1a64:"));
    /// let back = GameRecord::from_json(&text).unwrap();
    /// assert_eq!((back.status, back.computed, back.to_json()), (r.status, r.computed, text.clone()));
    /// let edited = text.replace("\"period\":34", "\"period\":35");
    /// assert!(GameRecord::from_json(&edited).unwrap_err().to_string().contains("checksum"));
    /// ```
    pub fn to_json(&self) -> String {
        let (head, rest) = self.json_parts();
        let sum = Fnv1a64::new().update(head.as_bytes()).update(rest.as_bytes()).value();
        format!("{head}{CHECKSUM}{sum:016x}\"{rest}")
    }

    /// The line without its checksum, cut where the checksum goes.
    fn json_parts(&self) -> (String, String) {
        let (preperiod, period, saltus) = match self.status {
            GameStatus::Periodic { preperiod, period } => (Some(preperiod), Some(period), None),
            GameStatus::ArithmeticPeriodic { preperiod, period, saltus } => {
                (Some(preperiod), Some(period), Some(saltus))
            }
            GameStatus::Open => (None, None, None),
        };
        let split = self.split.map_or("null".to_string(), |s| s.to_json());
        let stopped = STOPS.iter().find(|(s, _)| *s == self.stop).map_or("", |(_, name)| name);
        let head = format!("{{\"canonical\":{}", json_string(&self.canonical));
        let rest = format!(
            ",\"computed\":{},\"format\":{},\"max_at\":{},\"max_len\":{},\"max_value\":{},\"max_work\":{},\"period\":{},\"preperiod\":{},\"saltus\":{},\"seconds\":{:.3},\"split\":{split},\"status\":\"{}\",\"stopped\":\"{stopped}\"}}",
            self.computed,
            Self::FORMAT,
            self.max_at,
            self.max_len,
            self.max_value,
            self.max_work,
            json_opt(period),
            json_opt(preperiod),
            json_opt(saltus),
            self.seconds,
            self.status.name(),
        );
        (head, rest)
    }

    /// Reads a record written by [`GameRecord::to_json`] (a final newline
    /// allowed): its format must be [`GameRecord::FORMAT`], its checksum must
    /// match, its fields must be consistent (a status with its period, counts
    /// within the limits it ran with, a canonical code) and the text must be
    /// exactly what the record writes. Anything else is an
    /// [`Error::Parse`] of a "census record" saying what is wrong.
    pub fn from_json(text: &str) -> Result<GameRecord, Error> {
        let bad = |reason: String| Error::parse("census record", reason);
        let line = text.strip_suffix('\n').unwrap_or(text);
        let fields = match json::parse(line) {
            Ok(json::Value::Object(fields)) => Fields(fields),
            Ok(_) => return Err(bad("it is not a JSON object".into())),
            Err(why) => return Err(bad(format!("it is not JSON ({why})"))),
        };
        match fields.get("format") {
            Ok(json::Value::Number(n)) if n == &Self::FORMAT.to_string() => {}
            Ok(json::Value::Number(n)) if n == "1" => {
                return Err(bad("it is in format 1, written by an older grundy without a checksum".into()));
            }
            Ok(json::Value::Number(n)) if n == "2" => {
                return Err(bad(
                    "it is in format 2, written by an older grundy without the last rare heap".into()
                ));
            }
            Ok(other) => return Err(bad(format!("its format {} is not {}", other.text(), Self::FORMAT))),
            Err(why) => return Err(bad(why)),
        }
        let Some((head, rest)) = without_checksum(line) else {
            return Err(bad("it has no checksum".into()));
        };
        if Fnv1a64::new().update(head.as_bytes()).update(rest.as_bytes()).value() != checksum(line) {
            return Err(bad("its checksum does not match its content: it was changed or damaged".into()));
        }
        let record = fields.record().map_err(bad)?;
        record.check().map_err(bad)?;
        if record.to_json() != line {
            return Err(bad("it is not written as grundy writes a record".into()));
        }
        Ok(record)
    }

    /// The consistency a record of [`super::census_game`] always has.
    fn check(&self) -> Result<(), String> {
        let canonical = OctalCode::parse(&self.canonical).map(|c| canonical_code(&c));
        if canonical.as_deref() != Ok(self.canonical.as_str()) {
            return Err(format!("its code {} is not a canonical code", self.canonical));
        }
        Limits::new(self.max_len, self.max_work).map_err(|e| format!("its limits are not valid: {e}"))?;
        let certified = self.stop == Stop::Certified;
        let cycle = match self.status {
            GameStatus::Periodic { preperiod, period } => preperiod.checked_add(period),
            GameStatus::ArithmeticPeriodic { preperiod, period, saltus } if saltus > 0 => {
                preperiod.checked_add(period)
            }
            GameStatus::ArithmeticPeriodic { .. } => return Err("its saltus is 0".into()),
            GameStatus::Open => Some(0),
        };
        if self.status != GameStatus::Open && self.status_period() == Some(0) {
            return Err("its period is 0".into());
        }
        if certified == (self.status == GameStatus::Open) {
            return Err(format!("it is {} but stopped {}", self.status.name(), self.stop_name()));
        }
        if self.computed > self.max_len || cycle.is_none_or(|c| c > self.computed) {
            return Err(format!(
                "it is {} with {} values computed of at most {}",
                self.status.describe(),
                self.computed,
                self.max_len
            ));
        }
        if self.stop == Stop::MaxLen && self.computed != self.max_len {
            return Err(format!(
                "it stopped at the length limit {} after {} values",
                self.max_len, self.computed
            ));
        }
        let split_beyond = |s: RareSplit| {
            let last = s.last.map_or(0, |l| l + 1);
            last > self.computed
                || s.heaps > last
                || s.heaps < s.rare.max(usize::from(last > 0))
                || s.heaps > s.rare + 1
        };
        if self.max_at >= self.computed.max(1) || self.split.is_some_and(split_beyond) {
            return Err("its largest value or its split lies beyond the values computed".into());
        }
        if !self.seconds.is_finite() || self.seconds < 0.0 {
            return Err("its seconds are not a time".into());
        }
        Ok(())
    }

    fn status_period(&self) -> Option<usize> {
        match self.status {
            GameStatus::Periodic { period, .. } | GameStatus::ArithmeticPeriodic { period, .. } => {
                Some(period)
            }
            GameStatus::Open => None,
        }
    }

    fn stop_name(&self) -> &'static str {
        STOPS.iter().find(|(s, _)| *s == self.stop).map_or("", |(_, name)| name)
    }

    /// What the record claims, compared with `other` (the same game computed
    /// again): `None` when they agree in everything but the time taken and the
    /// limits they ran with, else the first difference in words.
    pub(super) fn difference(&self, other: &GameRecord) -> Option<String> {
        let said = |what: &str, mine: String, theirs: String| {
            Some(format!("it says {what} {mine}, but its values show {theirs}"))
        };
        if self.status != other.status || self.stop != other.stop {
            return said("it is", self.status.describe(), other.status.describe());
        }
        if self.computed != other.computed {
            return said("it computed", self.computed.to_string(), other.computed.to_string());
        }
        if (self.max_value, self.max_at) != (other.max_value, other.max_at) {
            let at = |r: &GameRecord| format!("largest value {} at heap {}", r.max_value, r.max_at);
            return said("its", at(self), at(other));
        }
        if self.split != other.split {
            return said("its split is", format!("{:?}", self.split), format!("{:?}", other.split));
        }
        None
    }

    /// The file name of a canonical code's record: the code with `!` written
    /// `x` and a group `[…]` written `r…`, then `.json` (`4x.0.json`,
    /// `0.r3.json`). A code of more than 200 characters is cut to 183 and
    /// followed by `-` and its checksum ([`Fnv1a64`], 16 hexadecimal digits):
    /// file systems allow names of 255 bytes, and a temporary file's name is
    /// longer.
    ///
    /// ```
    /// use grundy::census::GameRecord;
    ///
    /// assert_eq!(GameRecord::file_name("4!.[04]"), "4x.r04.json");
    /// let long = GameRecord::file_name(&format!("0.{}", "7".repeat(300)));
    /// assert_eq!(long.len(), 183 + 1 + 16 + 5);
    /// assert_ne!(long, GameRecord::file_name(&format!("0.{}", "7".repeat(301))));
    /// ```
    pub fn file_name(canonical: &str) -> String {
        let mut name: String = canonical
            .chars()
            .filter_map(|c| match c {
                '!' => Some('x'),
                '[' => Some('r'),
                ']' => None,
                c => Some(c),
            })
            .collect();
        if name.len() > 200 {
            // the characters of a canonical code are ASCII
            name.truncate(183);
            name.push_str(&format!("-{:016x}", Fnv1a64::new().update(canonical.as_bytes()).value()));
        }
        name.push_str(".json");
        name
    }
}

/// The record's line without its checksum member, as the two parts around it.
fn without_checksum(line: &str) -> Option<(&str, &str)> {
    let at = line.find(CHECKSUM)?;
    let end = at + CHECKSUM.len() + 17;
    let digits = line.get(at + CHECKSUM.len()..end - 1)?;
    (digits.bytes().all(|b| b.is_ascii_hexdigit()) && line.get(end - 1..end) == Some("\""))
        .then(|| (&line[..at], &line[end..]))
}

/// The checksum written in a line that has one ([`without_checksum`]).
fn checksum(line: &str) -> u64 {
    let at = line.find(CHECKSUM).unwrap_or(0) + CHECKSUM.len();
    line.get(at..at + 16).and_then(|h| u64::from_str_radix(h, 16).ok()).unwrap_or(0)
}

/// The members of a record's JSON object.
struct Fields(Vec<(String, json::Value)>);

impl Fields {
    fn get(&self, key: &str) -> Result<&json::Value, String> {
        let mut found = self.0.iter().filter(|(k, _)| k == key);
        match (found.next(), found.next()) {
            (Some((_, v)), None) => Ok(v),
            (Some(_), Some(_)) => Err(format!("its {key} is given twice")),
            (None, _) => Err(format!("it has no {key}")),
        }
    }

    /// A whole number `0 ≤ v ≤ T::MAX`, or `None` for `null` when `nullable`.
    fn number<T: TryFrom<u64>>(&self, key: &str, nullable: bool) -> Result<Option<T>, String> {
        match self.get(key)? {
            json::Value::Null if nullable => Ok(None),
            json::Value::Number(n) => n
                .parse::<u64>()
                .ok()
                .and_then(|v| T::try_from(v).ok())
                .map(Some)
                .ok_or(format!("its {key} {n} is not a whole number in range")),
            other => Err(format!("its {key} {} is not a whole number", other.text())),
        }
    }

    fn whole<T: TryFrom<u64>>(&self, key: &str) -> Result<T, String> {
        self.number(key, false)?.ok_or(format!("its {key} is missing"))
    }

    fn text(&self, key: &str) -> Result<&str, String> {
        match self.get(key)? {
            json::Value::Text(s) => Ok(s),
            other => Err(format!("its {key} {} is not a string", other.text())),
        }
    }

    fn record(&self) -> Result<GameRecord, String> {
        let (preperiod, period) = (self.number("preperiod", true)?, self.number("period", true)?);
        let saltus = self.number("saltus", true)?;
        let status = match (self.text("status")?, preperiod, period, saltus) {
            ("periodic", Some(preperiod), Some(period), None) => GameStatus::Periodic { preperiod, period },
            ("arithmetic-periodic", Some(preperiod), Some(period), Some(saltus)) => {
                GameStatus::ArithmeticPeriodic { preperiod, period, saltus }
            }
            ("open", None, None, None) => GameStatus::Open,
            (s @ ("periodic" | "arithmetic-periodic" | "open"), ..) => {
                return Err(format!(
                    "its status {s} does not go with preperiod {}, period {} and saltus {}",
                    json_opt(preperiod),
                    json_opt(period),
                    json_opt(saltus)
                ));
            }
            (s, ..) => return Err(format!("its status '{s}' is not periodic, arithmetic-periodic or open")),
        };
        let stopped = self.text("stopped")?;
        let stop = STOPS
            .iter()
            .find(|(_, name)| *name == stopped)
            .map(|(s, _)| *s)
            .ok_or(format!("its stop '{stopped}' is not certified, max-len or max-work"))?;
        let split = match self.get("split")? {
            json::Value::Null => None,
            json::Value::Object(members) => {
                let split = Fields(members.clone());
                let domain = match split.text("mode")? {
                    "domain" => true,
                    "value" => false,
                    other => return Err(format!("its split mode '{other}' is not value or domain")),
                };
                let (mask, rare, heaps) =
                    (split.whole("mask")?, split.whole("rare")?, split.whole("rare_heaps")?);
                Some(RareSplit { mask, domain, rare, heaps, last: split.number("last_rare", true)? })
            }
            other => Err(format!("its split {} is not an object", other.text()))?,
        };
        let seconds = match self.get("seconds")? {
            json::Value::Number(n) => {
                n.parse::<f64>().map_err(|_| format!("its seconds {n} are not a number"))?
            }
            other => return Err(format!("its seconds {} are not a number", other.text())),
        };
        Ok(GameRecord {
            canonical: self.text("canonical")?.to_string(),
            status,
            computed: self.whole("computed")?,
            max_value: self.whole("max_value")?,
            max_at: self.whole("max_at")?,
            split,
            stop,
            seconds,
            max_len: self.whole("max_len")?,
            max_work: self.whole("max_work")?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record() -> GameRecord {
        GameRecord {
            canonical: "0.07".into(),
            status: GameStatus::Periodic { preperiod: 53, period: 34 },
            computed: 256,
            max_value: 9,
            max_at: 86,
            split: Some(RareSplit { mask: 6, domain: true, rare: 80, heaps: 81, last: Some(250) }),
            stop: Stop::Certified,
            seconds: 0.25,
            max_len: 4096,
            max_work: 1_000_000_000_000,
        }
    }

    /// `text` with `from` replaced by `to` and its checksum recomputed, as a
    /// user editing a record by hand could.
    fn forged(text: &str, from: &str, to: &str) -> String {
        let edited = text.replacen(from, to, 1);
        assert_ne!(edited, text, "{from} is not in {text}");
        let (head, rest) = without_checksum(&edited).unwrap();
        let sum = Fnv1a64::new().update(head.as_bytes()).update(rest.as_bytes()).value();
        format!("{head}{CHECKSUM}{sum:016x}\"{rest}")
    }

    fn reason(text: &str) -> String {
        match GameRecord::from_json(text) {
            Err(Error::Parse { what: "census record", reason }) => reason,
            other => panic!("{text} read as {other:?}"),
        }
    }

    #[test]
    fn a_record_reads_back_as_itself() {
        let text = record().to_json();
        assert_eq!(GameRecord::from_json(&text).unwrap(), record());
        assert_eq!(GameRecord::from_json(&(text.clone() + "\n")).unwrap(), record());
        // the checksum is over the line without it
        let (head, rest) = without_checksum(&text).unwrap();
        let sum = Fnv1a64::new().update(format!("{head}{rest}").as_bytes()).value();
        assert_eq!(checksum(&text), sum);
    }

    /// Every kind of damage is refused with its reason: edited fields (the
    /// checksum), and with the checksum recomputed, values no record has.
    #[test]
    fn damaged_records_are_refused_with_the_reason() {
        let text = record().to_json();
        let edits = [
            ("\"period\":34", "\"period\":35", "checksum"),
            ("\"status\":\"periodic\"", "\"status\":\"open\"", "checksum"),
            ("\"max_len\":4096", "\"max_len\":8192", "checksum"),
            ("\"seconds\":0.250", "\"seconds\":0.251", "checksum"),
        ];
        for (from, to, why) in edits {
            assert!(reason(&text.replacen(from, to, 1)).contains(why), "{to}");
        }
        let forgeries = [
            ("\"period\":34", "\"period\":0", "period is 0"),
            ("\"period\":34", "\"period\":-1", "period -1 is not a whole number"),
            ("\"period\":34", "\"period\":null", "does not go with"),
            ("\"period\":34", "\"period\":34.5", "not a whole number"),
            ("\"period\":34", "\"period\":\"34\"", "not a whole number"),
            ("\"status\":\"periodic\"", "\"status\":\"open\"", "does not go with"),
            ("\"status\":\"periodic\"", "\"status\":\"bogus\"", "'bogus' is not"),
            ("\"stopped\":\"certified\"", "\"stopped\":\"max-len\"", "stopped max-len"),
            ("\"computed\":256", "\"computed\":5000", "at most 4096"),
            ("\"computed\":256", "\"computed\":80", "with 80 values computed"),
            ("\"max_at\":86", "\"max_at\":300", "beyond the values"),
            ("\"rare\":80", "\"rare\":300", "beyond the values"),
            ("\"last_rare\":250", "\"last_rare\":256", "beyond the values"),
            ("\"last_rare\":250", "\"last_rare\":79", "beyond the values"),
            ("\"last_rare\":250", "\"last_rare\":null", "beyond the values"),
            ("\"rare_heaps\":81", "\"rare_heaps\":79", "beyond the values"),
            ("\"rare_heaps\":81", "\"rare_heaps\":82", "beyond the values"),
            ("\"mask_hex\":\"6\"", "\"mask_hex\":\"7\"", "not written as grundy writes"),
            ("\"max_len\":4096", "\"max_len\":0", "limits are not valid"),
            ("\"seconds\":0.250", "\"seconds\":-1.000", "not a time"),
            ("\"mode\":\"domain\"", "\"mode\":\"both\"", "mode 'both'"),
            ("\"canonical\":\"0.07\"", "\"canonical\":\"0.070\"", "not a canonical code"),
            ("\"canonical\":\"0.07\"", "\"canonical\":\"0.7x\"", "not a canonical code"),
            ("\"max_value\":9,", "\"max_value\":9,\"max_value\":9,", "given twice"),
            ("\"max_value\":9,", "", "no max_value"),
            ("\"max_value\":9,", "\"max_value\":9,\"note\":1,", "not written as grundy writes"),
            ("\"max_value\":9,", "\"max_value\": 9,", "not written as grundy writes"),
        ];
        for (from, to, why) in forgeries {
            let r = reason(&forged(&text, from, to));
            assert!(r.contains(why), "{to}: {r}");
        }
        let old = text.replacen(&text[text.find(CHECKSUM).unwrap()..][..CHECKSUM.len() + 17], "", 1);
        let old = old.replacen("\"format\":3", "\"format\":1", 1);
        assert!(reason(&old).contains("format 1"), "{old}");
        assert!(reason(&text.replacen("\"format\":3", "\"format\":2", 1)).contains("format 2"));
        assert!(reason(&text.replacen("\"format\":3", "\"format\":4", 1)).contains("format 4 is not 3"));
        for junk in ["", "{", "[1]", "null", "{\"format\":3}", &text[..text.len() - 1]] {
            let r = reason(junk);
            assert!(r.contains("not") || r.contains("no "), "{junk}: {r}");
        }
    }

    /// Records of the other statuses and of no split read back.
    #[test]
    fn every_status_reads_back() {
        let open = GameRecord {
            status: GameStatus::Open,
            stop: Stop::MaxWork,
            computed: 4000,
            max_at: 3999,
            split: None,
            ..record()
        };
        let nim = GameRecord {
            canonical: "0.[3]".into(),
            status: GameStatus::ArithmeticPeriodic { preperiod: 0, period: 1, saltus: 1 },
            split: None,
            ..record()
        };
        for r in [open, nim] {
            assert_eq!(GameRecord::from_json(&r.to_json()).unwrap(), r);
        }
        let full = GameRecord { status: GameStatus::Open, stop: Stop::MaxLen, computed: 4096, ..record() };
        assert_eq!(GameRecord::from_json(&full.to_json()).unwrap(), full);
        let short = GameRecord { computed: 4000, ..full };
        assert!(reason(&short.to_json()).contains("length limit"));
    }
}
