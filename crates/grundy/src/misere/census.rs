//! A misère census: per take-and-break code, its misère quotient as far as
//! the limits let it go ([`misere_census_game`]), kept as a
//! [`MisereRecord`] (one line of JSON, versioned and checksummed like a
//! normal census's [`crate::census::GameRecord`]) in the census folder next
//! to the normal records, under its own name ([`MisereRecord::file_name`]:
//! `0.77.misere.json` beside `0.77.json`).
//!
//! # What a record says
//!
//! * `order`, `identity`, `p_portion` (`p_size` elements): the quotient `Q_N`
//!   of the heaps `1..=N`, `N` the bound reached (`misere_len` in the record);
//! * `certified` with `period` `{from: n₀, period: p}` when Theorem P proves
//!   `Q_N` is the quotient of every heap (`docs/theory/misere.md` §6); then
//!   `table` holds its multiplication table, row by row;
//! * `stopped` and `stopped_by`: why the next heap was not adjoined (a
//!   budget, and the limit that would let it go on: `misere_work`,
//!   `max_memory`, or `misere_len` when every heap up to the limit was adjoined
//!   and no certificate found);
//! * `orders`: the order of `Q_n` at each `n <= N` where it changes, as
//!   `[n, |Q_n|]` pairs ([`orders_by_bound`]);
//! * `tame`: whether `Q_N` is a quotient of misère Nim ([`is_tame`]);
//! * `pretending`: `Φ(0..=N)`.
//!
//! **Conventions.** A heap without moves is the game 0: `Φ` maps it to the
//! identity and it adds no generator. The empty sum is a position (misère
//! N: the player to move wins). Orders count every element of the quotient,
//! the identity included (the quotient of Kayles has order 6 from heap 2 on,
//! as in Plambeck–Siegel).

use super::check::{ClaimedQuotient, check_quotient};
pub use super::orders::orders_by_bound;
pub use super::tame::is_tame;
use super::{MisereLimits, MisereQuotient};
use crate::census::json;
use crate::census::plan::claimed_task;
use crate::census::{CensusFolder, ClaimWay, Fnv1a64, TaskRun, canonical_code};
use crate::count::{BipartiteMonoid, Context};
use crate::error::Error;
use crate::heap::{HeapGame, OctalCode};
use std::fmt::Write as _;
use std::path::PathBuf;

/// The default largest heap of a misère census (`misere_len`).
pub const MISERE_CENSUS_LEN: usize = 200;
/// The default work budget of each code of a misère census (`misere_work`,
/// steps of a few hundred nanoseconds): about ten seconds.
pub const MISERE_CENSUS_WORK: u64 = 30_000_000;
/// The default work limit of a whole misère census: the sum of its codes'
/// budgets, checked before any starts (the 511 three-digit codes at the
/// default budget are within it).
pub const MISERE_CENSUS_TOTAL_WORK: u64 = 20_000_000_000;

/// The sums a certified record read back is checked on by [`check_quotient`]
/// before it stands: heaps totalling at most this many tokens.
const RESUME_CHECK_TOTAL: usize = 16;

/// One code of a misère census, as its file keeps it (module docs).
#[derive(Clone, Debug, PartialEq)]
pub struct MisereRecord {
    /// The canonical code ([`canonical_code`]).
    pub canonical: String,
    /// The order of the quotient reached.
    pub order: usize,
    /// Its identity.
    pub identity: u32,
    /// Its P-portion, in increasing order.
    pub p_portion: Vec<u32>,
    /// `(n₀, p)` when Theorem P certifies it for every heap.
    pub period: Option<(usize, usize)>,
    /// The largest heap adjoined (`N`).
    pub bound: usize,
    /// Why the computation stopped without a certificate, in words.
    pub stopped: Option<String>,
    /// The limit that would let it go on.
    pub stopped_by: Option<String>,
    /// `(n, |Q_n|)` at each `n` where the order changes.
    pub orders: Vec<(usize, usize)>,
    /// Whether the quotient is a quotient of misère Nim.
    pub tame: bool,
    /// `Φ(0..=bound)`.
    pub pretending: Vec<u32>,
    /// The multiplication table, row by row, of a certified quotient.
    pub table: Option<Vec<u32>>,
    /// The steps spent.
    pub work: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// The largest heap it might adjoin.
    pub misere_len: usize,
    /// Its work budget.
    pub misere_work: u64,
}

/// The misère quotient of one code, as far as `limits` let it go
/// ([`MisereQuotient::explore`]: stopping at a certificate, at
/// `misere_len`, or where a budget ran out), as its census record. Ctrl-C
/// is heard through the context's observer.
///
/// ```
/// use grundy::misere::MisereLimits;
/// use grundy::misere::census::misere_census_game;
///
/// let r = misere_census_game("0.75", MisereLimits::default(), &mut Default::default())?;
/// assert_eq!((r.order, r.p_portion.len(), r.period.map(|p| p.1), r.tame), (8, 2, Some(2), false));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn misere_census_game(
    code: &str,
    limits: MisereLimits,
    ctx: &mut Context<'_>,
) -> Result<MisereRecord, Error> {
    let parsed = OctalCode::parse(code)?;
    let canonical = canonical_code(&parsed);
    let game = HeapGame::Octal(parsed.clone());
    let start = std::time::Instant::now();
    let q = MisereQuotient::explore(&game, limits, ctx)?;
    let m = q.monoid();
    let mut pretending = vec![m.identity()];
    pretending.extend_from_slice(q.phi_values());
    let certified = q.period().is_some();
    let (stopped, stopped_by) = match (certified, q.stopped()) {
        (true, _) => (None, None),
        (false, Some(why)) => (Some(why), q.stopped_by().map(str::to_string)),
        (false, None) => (
            Some(format!("heaps up to {} adjoined without a certified period", q.bound())),
            Some("misere_len".to_string()),
        ),
    };
    Ok(MisereRecord {
        canonical,
        order: m.order(),
        identity: m.identity(),
        p_portion: m.p_portion(),
        period: q.period(),
        bound: q.bound(),
        stopped,
        stopped_by,
        orders: orders_by_bound(m, &pretending),
        tame: is_tame(&parsed, m, &pretending),
        table: certified.then(|| m.table().to_vec()),
        pretending,
        work: q.spent(),
        seconds: start.elapsed().as_secs_f64(),
        misere_len: limits.max_len(),
        misere_work: limits.max_work(),
    })
}

/// The checksum member as it starts in a record.
const CHECKSUM: &str = ",\"checksum\":\"fnv1a64:";

fn list(items: impl IntoIterator<Item = impl std::fmt::Display>) -> String {
    let items: Vec<String> = items.into_iter().map(|x| x.to_string()).collect();
    format!("[{}]", items.join(","))
}

fn text(s: &Option<String>) -> String {
    s.as_ref().map_or("null".into(), |s| json::quote(s))
}

impl MisereRecord {
    /// The version of the file format (`format`).
    pub const FORMAT: u32 = 1;

    /// Whether Theorem P certified the quotient for every heap.
    pub fn certified(&self) -> bool {
        self.period.is_some()
    }

    /// The file name of a code's misère record: that of its normal record
    /// ([`crate::census::GameRecord::file_name`]) with `.misere.json` in
    /// place of `.json`.
    ///
    /// ```
    /// use grundy::misere::census::MisereRecord;
    ///
    /// assert_eq!(MisereRecord::file_name("4!.[04]"), "4x.r04.misere.json");
    /// ```
    pub fn file_name(canonical: &str) -> String {
        let normal = crate::census::GameRecord::file_name(canonical);
        format!("{}.misere.json", normal.strip_suffix(".json").unwrap_or(&normal))
    }

    /// The record as one line of JSON, keys sorted: `canonical`,
    /// `certified`, `checksum` (`fnv1a64:` and 16 hexadecimal digits of the
    /// FNV-1a checksum of the line without this member), `format`,
    /// `identity`, `misere_len`, `misere_work`, `order`, `orders`,
    /// `p_portion`, `p_size`, `period`, `play` (`"misere"`), `pretending`,
    /// `seconds`, `stopped`, `stopped_by`, `table` (rows, or `null`), `tame`,
    /// `work`.
    pub fn to_json(&self) -> String {
        let (head, rest) = self.json_parts();
        let sum = Fnv1a64::new().update(head.as_bytes()).update(rest.as_bytes()).value();
        format!("{head}{CHECKSUM}{sum:016x}\"{rest}")
    }

    fn json_parts(&self) -> (String, String) {
        let head =
            format!("{{\"canonical\":{},\"certified\":{}", json::quote(&self.canonical), self.certified());
        let period =
            self.period.map_or("null".into(), |(from, p)| format!("{{\"from\":{from},\"period\":{p}}}"));
        let table = match &self.table {
            Some(t) => list(t.chunks(self.order.max(1)).map(list)),
            None => "null".into(),
        };
        let mut rest = String::new();
        let _ = write!(
            rest,
            ",\"format\":{},\"identity\":{},\"misere_len\":{},\"misere_work\":{},\"order\":{},\"orders\":{},\"p_portion\":{},\"p_size\":{},\"period\":{period},\"play\":\"misere\",\"pretending\":{},\"seconds\":{:.3},\"stopped\":{},\"stopped_by\":{},\"table\":{table},\"tame\":{},\"work\":{}}}",
            Self::FORMAT,
            self.identity,
            self.misere_len,
            self.misere_work,
            self.order,
            list(self.orders.iter().map(|&(n, o)| format!("[{n},{o}]"))),
            list(&self.p_portion),
            self.p_portion.len(),
            list(&self.pretending),
            self.seconds,
            text(&self.stopped),
            text(&self.stopped_by),
            self.tame,
            self.work,
        );
        (head, rest)
    }

    /// Reads a record written by [`MisereRecord::to_json`] (a final newline
    /// allowed): its format must be [`MisereRecord::FORMAT`], its checksum
    /// must match, its fields be consistent (a monoid table when certified,
    /// `Φ` within the elements, orders up to the bound) and the text be
    /// exactly what the record writes; else an [`Error::Parse`] of a "misère
    /// census record" saying what is wrong.
    ///
    /// ```
    /// use grundy::misere::MisereLimits;
    /// use grundy::misere::census::{MisereRecord, misere_census_game};
    ///
    /// let r = misere_census_game("0.31", MisereLimits::default(), &mut Default::default())?;
    /// let text = r.to_json();
    /// assert_eq!(MisereRecord::from_json(&text)?.to_json(), text);
    /// let edited = text.replace("\"order\":6", "\"order\":7");
    /// assert!(MisereRecord::from_json(&edited).unwrap_err().to_string().contains("checksum"));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn from_json(text: &str) -> Result<MisereRecord, Error> {
        let bad = |reason: String| Error::parse("misère census record", reason);
        let line = text.strip_suffix('\n').unwrap_or(text);
        let value = json::parse(line).map_err(|why| bad(format!("it is not JSON ({why})")))?;
        let format = value.get("format").and_then(json::Value::whole);
        if format != Some(u64::from(Self::FORMAT)) {
            return Err(bad(format!("its format is not {}", Self::FORMAT)));
        }
        let at = line.find(CHECKSUM).ok_or_else(|| bad("it has no checksum".into()))?;
        let digits = line.get(at + CHECKSUM.len()..at + CHECKSUM.len() + 16);
        let written = digits.and_then(|d| u64::from_str_radix(d, 16).ok());
        let rest = line.get(at + CHECKSUM.len() + 17..).unwrap_or("");
        let sum = Fnv1a64::new().update(&line.as_bytes()[..at]).update(rest.as_bytes()).value();
        if written != Some(sum) {
            return Err(bad("its checksum does not match its content: it was changed or damaged".into()));
        }
        let record = Self::of_value(&value).map_err(bad)?;
        record.check().map_err(bad)?;
        if record.to_json() != line {
            return Err(bad("it is not written as grundy writes a record".into()));
        }
        Ok(record)
    }

    fn of_value(v: &json::Value) -> Result<MisereRecord, String> {
        let field = |k: &str| v.get(k).ok_or(format!("it has no {k}"));
        let whole = |k: &str| field(k)?.whole().ok_or(format!("its {k} is not a whole number"));
        let size =
            |k: &str| whole(k).and_then(|n| usize::try_from(n).map_err(|_| format!("its {k} is too large")));
        let numbers = |x: &json::Value, k: &str| -> Result<Vec<u32>, String> {
            x.items()
                .ok_or(format!("its {k} is not a list"))?
                .iter()
                .map(|n| {
                    n.whole().and_then(|n| u32::try_from(n).ok()).ok_or(format!("its {k} has a bad entry"))
                })
                .collect()
        };
        let optional_text = |k: &str| -> Result<Option<String>, String> {
            match field(k)? {
                json::Value::Null => Ok(None),
                json::Value::Text(s) => Ok(Some(s.clone())),
                _ => Err(format!("its {k} is not a string")),
            }
        };
        let period = match field("period")? {
            json::Value::Null => None,
            p => {
                let part =
                    |k: &str| p.get(k).and_then(json::Value::whole).and_then(|n| usize::try_from(n).ok());
                Some((
                    part("from").ok_or("its period has no from")?,
                    part("period").ok_or("its period has no period")?,
                ))
            }
        };
        let table = match field("table")? {
            json::Value::Null => None,
            rows => {
                let rows = rows.items().ok_or("its table is not a list")?;
                let mut t = Vec::new();
                for row in rows {
                    t.extend(numbers(row, "table")?);
                }
                Some(t)
            }
        };
        let orders = field("orders")?
            .items()
            .ok_or("its orders are not a list")?
            .iter()
            .map(|pair| match numbers(pair, "orders")?.as_slice() {
                &[n, o] => Ok((n as usize, o as usize)),
                _ => Err("its orders are not pairs".to_string()),
            })
            .collect::<Result<Vec<_>, _>>()?;
        let seconds = match field("seconds")? {
            json::Value::Number(n) => n.parse::<f64>().map_err(|_| "its seconds are not a number")?,
            _ => return Err("its seconds are not a number".into()),
        };
        let tame = match field("tame")? {
            json::Value::Bool(b) => *b,
            _ => return Err("its tame is not true or false".into()),
        };
        let canonical = match field("canonical")? {
            json::Value::Text(s) => s.clone(),
            _ => return Err("its canonical is not a string".into()),
        };
        Ok(MisereRecord {
            canonical,
            order: size("order")?,
            identity: u32::try_from(whole("identity")?).map_err(|_| "its identity is too large")?,
            p_portion: numbers(field("p_portion")?, "p_portion")?,
            period,
            bound: field("pretending")?.items().map_or(0, |p| p.len().saturating_sub(1)),
            stopped: optional_text("stopped")?,
            stopped_by: optional_text("stopped_by")?,
            orders,
            tame,
            pretending: numbers(field("pretending")?, "pretending")?,
            table,
            work: whole("work")?,
            seconds,
            misere_len: size("misere_len")?,
            misere_work: whole("misere_work")?,
        })
    }

    /// The consistency a record of [`misere_census_game`] always has.
    fn check(&self) -> Result<(), String> {
        let canonical = OctalCode::parse(&self.canonical).map(|c| canonical_code(&c));
        if canonical.as_deref() != Ok(self.canonical.as_str()) {
            return Err(format!("its code {} is not a canonical code", self.canonical));
        }
        MisereLimits::new(self.misere_len, self.misere_work)
            .map_err(|e| format!("its limits are not valid: {e}"))?;
        let within = |x: &u32| (*x as usize) < self.order;
        if self.order == 0
            || !within(&self.identity)
            || !self.p_portion.iter().all(within)
            || !self.p_portion.windows(2).all(|w| w[0] < w[1])
            || !self.pretending.iter().all(within)
            || self.pretending.first() != Some(&self.identity)
        {
            return Err("its elements are not those of a quotient of its order".into());
        }
        if self.bound == 0
            || self.bound > self.misere_len
            || self.orders.last().map(|&(_, o)| o) != Some(self.order)
        {
            return Err(format!("its orders do not end at order {} within heap {}", self.order, self.bound));
        }
        if self.certified() != self.table.is_some() || self.certified() == self.stopped.is_some() {
            return Err("its certificate, table and stop do not go together".into());
        }
        if let Some(t) = &self.table {
            let p = (0..self.order as u32).map(|x| self.p_portion.contains(&x)).collect();
            BipartiteMonoid::new(self.order, t.clone(), self.identity, p)
                .map_err(|e| format!("its table is not a monoid: {e}"))?;
        }
        if !self.seconds.is_finite() || self.seconds < 0.0 {
            return Err("its seconds are not a time".into());
        }
        Ok(())
    }

    /// Checks the quotient of a certified record by the independent checker
    /// ([`check_quotient`]) on the sums of heaps up to `max_heap` totalling
    /// at most `max_total`; `None` for a record without a certificate (its
    /// table is not kept).
    pub fn verify(
        &self,
        max_heap: usize,
        max_total: usize,
        max_work: u64,
        ctx: &mut Context<'_>,
    ) -> Result<Option<super::check::QuotientCheck>, Error> {
        let (Some(table), Some((n0, p))) = (&self.table, self.period) else { return Ok(None) };
        let code = OctalCode::parse(&self.canonical)?;
        let h = max_heap.min(max_total);
        let phi: Vec<u32> = (0..=h)
            .map(|k| if k <= self.bound { self.pretending[k] } else { self.pretending[n0 + (k - n0) % p] })
            .collect();
        let p_flags: Vec<bool> = (0..self.order as u32).map(|x| self.p_portion.contains(&x)).collect();
        let claimed =
            ClaimedQuotient { order: self.order, table, identity: self.identity, p: &p_flags, phi: &phi };
        check_quotient(&code, claimed, max_heap, max_total, max_work, ctx).map(Some)
    }
}

/// What a census folder holds for one code's misère record.
#[derive(Clone, Debug, PartialEq)]
pub enum MisereKept {
    /// No record.
    Missing,
    /// A record made with the same limits (a certified one checked again by
    /// [`check_quotient`] on small sums): it stands.
    Resume(Box<MisereRecord>),
    /// A sound record made with other limits: computed again.
    Stale,
    /// A file that is no sound record: why. Computed again, and replaced.
    Damaged(String),
}

/// The path of `canonical`'s misère record in `folder`.
pub fn misere_record_path(folder: &CensusFolder, canonical: &str) -> PathBuf {
    folder.path().join(MisereRecord::file_name(canonical))
}

/// Refuses a misère record of `canonical` that exists as anything but a
/// regular file (as [`CensusFolder::check`] does for the normal records).
/// Nothing is created or removed: a command line and a Python census may be
/// writing the folder at the same moment.
pub fn misere_check(folder: &CensusFolder, canonical: &str) -> Result<(), Error> {
    folder.check_file(&MisereRecord::file_name(canonical))
}

/// What `folder` holds for `canonical` (see [`MisereKept`]).
pub fn misere_kept(
    folder: &CensusFolder,
    canonical: &str,
    limits: MisereLimits,
    ctx: &mut Context<'_>,
) -> Result<MisereKept, Error> {
    misere_check(folder, canonical)?;
    let bytes = match std::fs::read(misere_record_path(folder, canonical)) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(MisereKept::Missing),
        Err(e) => return Ok(MisereKept::Damaged(format!("it cannot be read: {e}"))),
    };
    let record = match std::str::from_utf8(&bytes).map_err(|_| "it is not text".to_string()).and_then(|t| {
        MisereRecord::from_json(t).map_err(|e| match e {
            Error::Parse { reason, .. } => reason,
            e => e.to_string(),
        })
    }) {
        Ok(r) => r,
        Err(why) => return Ok(MisereKept::Damaged(why)),
    };
    if record.canonical != canonical {
        return Ok(MisereKept::Damaged(format!(
            "it is the record of {}, not of {canonical}",
            record.canonical
        )));
    }
    if (record.misere_len, record.misere_work) != (limits.max_len(), limits.max_work()) {
        return Ok(MisereKept::Stale);
    }
    if let Some(report) = record.verify(RESUME_CHECK_TOTAL, RESUME_CHECK_TOTAL, u64::MAX, ctx)?
        && let Some(why) = report.failure
    {
        return Ok(MisereKept::Damaged(format!("its quotient fails the check: {why}")));
    }
    Ok(MisereKept::Resume(Box::new(record)))
}

/// Writes `record` to its file in `folder` (a temporary file renamed over it).
pub fn misere_write(folder: &CensusFolder, record: &MisereRecord) -> Result<(), Error> {
    folder.write_line(&MisereRecord::file_name(&record.canonical), &record.to_json())
}

/// The default `verify_size` of a misère census's `verify`: the sums of
/// heaps totalling at most this many tokens.
pub const MISERE_VERIFY_SIZE: u64 = 24;
/// The largest `verify_size`.
pub const MISERE_VERIFY_SIZE_MAX: u64 = 200;

/// The checks of a misère census's request made before any work, shared by
/// the command line and Python: `verify` only in misère play (`misere`), a
/// `verify_size` from 1 to [`MISERE_VERIFY_SIZE_MAX`] (returned as a
/// size), and the census's work — `games` computed, each within
/// `misere_work` steps — within `misere_total_work`.
///
/// ```
/// use grundy::misere::census::misere_census_request;
///
/// assert_eq!(misere_census_request(true, true, 24, 3, 10, 30)?, 24);
/// assert!(misere_census_request(false, true, 24, 3, 10, 30).is_err());
/// assert!(misere_census_request(true, true, 0, 3, 10, 30).is_err());
/// assert!(misere_census_request(true, true, 24, 4, 10, 30).is_err());
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn misere_census_request(
    misere: bool,
    verify: bool,
    verify_size: u64,
    games: usize,
    misere_work: u64,
    misere_total_work: u64,
) -> Result<usize, Error> {
    if verify && !misere {
        return Err(Error::invalid("verify", "checks misère quotients; give `play` misere"));
    }
    if !(1..=MISERE_VERIFY_SIZE_MAX).contains(&verify_size) {
        return Err(Error::invalid("verify_size", format!("must be between 1 and {MISERE_VERIFY_SIZE_MAX}")));
    }
    let total = (games as u128) * u128::from(misere_work);
    if misere && total > u128::from(misere_total_work) {
        return Err(Error::TooLarge {
            what: format!("the misère census of {games} games"),
            estimate: format!("up to {total} steps ({games} × `misere_work` {misere_work})"),
            limit: format!("`misere_total_work` {misere_total_work}"),
            remedy: crate::error::Remedy::SmallerOrRaise("misere_work", "misere_total_work"),
        });
    }
    Ok(verify_size as usize)
}

impl MisereRecord {
    /// The independent check of a certified record on the sums of heaps
    /// totalling at most `size` ([`MisereRecord::verify`] within
    /// [`super::check::DEFAULT_VERIFY_WORK`]), as the JSON object a census
    /// row shows under `verification`: `{"failure", "max_total", "sums",
    /// "verified"}`; `None` for an open record.
    pub fn verification_json(&self, size: usize, ctx: &mut Context<'_>) -> Result<Option<String>, Error> {
        Ok(self.verify(size, size, super::check::DEFAULT_VERIFY_WORK, ctx)?.map(|r| {
            format!(
                "{{\"failure\":{},\"max_total\":{},\"sums\":{},\"verified\":{}}}",
                text(&r.failure),
                r.max_total,
                r.sums,
                r.verified()
            )
        }))
    }
}

/// The plan of a misère census, as [`crate::census::census_plan`] makes a
/// normal one: the games of the codes ([`crate::census::census_games`]);
/// with a folder, each game's misère record checked to be absent or a
/// regular file ([`misere_check`]) before any is read, then looked at
/// ([`misere_kept`], a certified record checked on small sums): one that
/// stands is read back, a damaged one listed (computed again and
/// replaced), a stale or missing one computed.
#[derive(Clone, Debug, PartialEq)]
pub struct MiserePlan {
    /// The games, in the order their first code was asked for.
    pub games: Vec<crate::census::CensusGame>,
    /// The games read back: `(game, record)`.
    pub ready: Vec<(usize, MisereRecord)>,
    /// The games to compute (indices into `games`).
    pub tasks: Vec<usize>,
    /// The records found damaged, computed again: their paths and why.
    pub damaged: Vec<(PathBuf, String)>,
}

/// The plan of a misère census of `codes` within `limits` (see
/// [`MiserePlan`]); `ctx` bounds the checks of certified records.
pub fn misere_census_plan(
    codes: &[String],
    folder: Option<&CensusFolder>,
    limits: MisereLimits,
    ctx: &mut Context<'_>,
) -> Result<MiserePlan, Error> {
    let games = crate::census::census_games(codes)?;
    if let Some(folder) = folder {
        for game in &games {
            misere_check(folder, &game.canonical)?;
        }
    }
    let (mut ready, mut tasks, mut damaged) = (Vec::new(), Vec::new(), Vec::new());
    for (i, game) in games.iter().enumerate() {
        let Some(folder) = folder else {
            tasks.push(i);
            continue;
        };
        match misere_kept(folder, &game.canonical, limits, ctx)? {
            MisereKept::Resume(record) => ready.push((i, *record)),
            MisereKept::Damaged(why) => {
                damaged.push((misere_record_path(folder, &game.canonical), why));
                tasks.push(i);
            }
            MisereKept::Missing | MisereKept::Stale => tasks.push(i),
        }
    }
    Ok(MiserePlan { games, ready, tasks, damaged })
}

/// One misère game of a census, as [`crate::census::census_task`] runs a
/// normal one: `canonical`'s quotient computed within `limits`; with
/// `folder`, claimed first by `claim` ([`TaskRun::Held`] when another live
/// process holds it and `claim` is a [`ClaimWay::Try`]), a record another
/// process wrote meanwhile read back (`true`: resumed), otherwise the game
/// computed and its record written before the claim is released. The
/// command line and Python both run their misère games through it.
pub fn misere_census_task(
    folder: Option<&CensusFolder>,
    canonical: &str,
    limits: MisereLimits,
    claim: ClaimWay<'_>,
    ctx: &mut Context<'_>,
) -> Result<TaskRun<(MisereRecord, bool)>, Error> {
    let Some(folder) = folder else {
        return misere_census_game(canonical, limits, ctx).map(|r| TaskRun::Done((r, false)));
    };
    claimed_task(folder, &MisereRecord::file_name(canonical), claim, ctx, |ctx| {
        let (record, resumed) = misere_claimed(folder, canonical, limits, ctx)?;
        if !resumed {
            misere_write(folder, &record)?;
        }
        Ok((record, resumed))
    })
}

/// A misère game this process has claimed in `folder`
/// ([`crate::census::Claim`], on [`MisereRecord::file_name`]): the record
/// another process wrote while it held the game stands (`true`: resumed);
/// otherwise the game is computed ([`misere_census_game`]).
pub fn misere_claimed(
    folder: &CensusFolder,
    canonical: &str,
    limits: MisereLimits,
    ctx: &mut Context<'_>,
) -> Result<(MisereRecord, bool), Error> {
    match misere_kept(folder, canonical, limits, ctx)? {
        MisereKept::Resume(record) => Ok((*record, true)),
        _ => misere_census_game(canonical, limits, ctx).map(|r| (r, false)),
    }
}
