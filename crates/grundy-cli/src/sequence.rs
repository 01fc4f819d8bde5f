//! `grundy sequence`: nim-values of a heap game with its certified period.

use crate::output::{Stream, emit, stop_on_ctrl_c, with_context};
use crate::{CliError, CliResult, plot};
use clap::Args;
use grundy::census::ValueStatistics;
use grundy::census::saved::{self, SavedRun};
use grundy::heap::{Analysis, Limits, Stop};
use grundy::misere::{GenusTable, MisereLimits, MisereQuotient, exploration_limits};
use grundy::{Error, HeapGame};
use serde_json::json;
use std::path::Path;

/// The most values printed or plotted: as many as may be computed
/// ([`Limits::MAX_LEN`], `2^30`; about 3 GB of text), the memory permitting.
const MAX_COMPUTE: u64 = Limits::MAX_LEN as u64;

#[derive(Args, Debug)]
pub struct SequenceArgs {
    #[arg(long, help = crate::MOVES_HELP)]
    moves: Option<String>,
    #[arg(long, help = crate::GAME_HELP)]
    game: Option<String>,
    /// How many nim-values to print (heap sizes 0..L-1).
    #[arg(long, default_value = "100", value_parser = crate::number)]
    len: u64,
    /// How many values may be computed while looking for a certified period.
    #[arg(long, default_value = "1048576", value_parser = crate::number)]
    max_len: u64,
    /// Work budget of the period search beyond the values asked for, in mex steps (units of about a nanosecond).
    #[arg(long, value_parser = crate::number, default_value_t = Limits::DEFAULT_MAX_WORK)]
    max_work: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
    /// Draw the sequence as an SVG chart into this file.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<String>,
    /// Keep the computed values in this file, at every doubling of their number, on Ctrl-C and at the end.
    #[arg(long, value_name = "FILE")]
    save: Option<String>,
    /// Normal play (nim-values and their period) or misère play (the misère quotient of the heaps).
    #[arg(long, value_enum, default_value = "normal")]
    play: crate::PlayArg,
    /// With --play misere: the largest heap adjoined to the quotient while looking for its certificate.
    #[arg(long, value_parser = crate::number, default_value_t = MisereLimits::DEFAULT_MAX_LEN as u64)]
    misere_len: u64,
    /// With --play misere: the work budget of the quotient, in steps of a few hundred nanoseconds; the quotient is shown as far as it got, with the heap that could not be adjoined. Default: scaled to --len, --len^2 * 10^4 steps, at least 5*10^6 (under half a second, every --len up to 22) and at most 10^8 (from --len 100 on), of which at most --len^4 steps, at least 5*10^6 (a few tenths of a second; Kayles, 0.77, is certified at any --len), go to looking for a certificate beyond the heaps shown (heap --len - 1); given, it is the budget of both.
    #[arg(long, value_parser = crate::number)]
    misere_work: Option<u64>,
    /// With --play misere: the work budget of the heaps' genus (positions evaluated and options generated, about 100 ns each).
    #[arg(long, value_parser = crate::number, default_value_t = GenusTable::DEFAULT_WORK)]
    genus_work: u64,
    /// With --play misere: prove the quotient a second time with the independent checker (its own moves from the code's digits; every sum of heaps totalling at most --verify-size, each within the heaps the quotient holds for) and say so.
    #[arg(long)]
    verify: bool,
    /// With --verify: the largest total size of the sums checked.
    #[arg(long, value_parser = crate::number, default_value = "24")]
    verify_size: u64,
    /// Replace the file of --save or --plot even when it exists and is not one grundy wrote (a regular file only).
    #[arg(long)]
    force: bool,
    /// Start from the values saved in this file by --save (checked: same game, checksum, first values recomputed).
    #[arg(long, value_name = "FILE")]
    resume: Option<String>,
    /// Threads of the computation (default: all cores); the values are the same for any number.
    #[arg(long, value_parser = crate::threads)]
    threads: Option<usize>,
    #[arg(long, help = crate::MAX_MEMORY_HELP, value_parser = crate::number, default_value_t = crate::MACHINE_BUDGET.max_memory)]
    max_memory: u64,
}

/// The analysis, resumed from `--resume` and kept in `--save` if asked (the
/// library's [`SavedRun`]: one format and one run for the command line and
/// Python).
fn analyze(game: &HeapGame, a: &SequenceArgs, limits: Limits) -> Result<Analysis, CliError> {
    let save = a.save.as_deref().map(|path| saved::save_file(path, a.force));
    let mut run = SavedRun::new(game, a.resume.as_deref().map(Path::new), save).map_err(resume_error)?;
    if a.save.is_some() {
        stop_on_ctrl_c()?;
    }
    let analysis = with_context(|ctx| {
        ctx.budget.max_memory = a.max_memory;
        run.analyze(game, a.len as usize, limits, ctx)
    });
    match (analysis, &a.save) {
        (Err(Error::Interrupted), Some(path)) => Err(CliError::Interrupted(format!(
            "{} values are saved in {path}; go on with --resume {path}",
            run.kept()
        ))),
        (other, _) => other.map_err(resume_error),
    }
}

/// A library error; a refused `--resume` file in the words it always had
/// (`PATH cannot be resumed: …`, `cannot read PATH: …`).
fn resume_error(e: Error) -> CliError {
    match e {
        Error::InvalidParameter { parameter: "resume", reason } => CliError::Message(reason),
        e => e.into(),
    }
}

pub fn run(a: &SequenceArgs) -> CliResult {
    let game = HeapGame::parse(a.moves.as_deref(), a.game.as_deref())?;
    if a.len > MAX_COMPUTE {
        return Err(Error::InvalidParameter {
            parameter: "len",
            reason: format!("is limited to {MAX_COMPUTE}"),
        }
        .into());
    }
    if let crate::PlayArg::Misere = a.play {
        return misere(&game, a);
    }
    if a.verify {
        return Err(CliError::Message("--verify checks a misère quotient; give --play misere".into()));
    }
    let limits = crate::with_threads(
        Limits::new(usize::try_from(a.max_len).unwrap_or(usize::MAX), a.max_work)?,
        a.threads,
    );
    game.check_request_within(a.len as usize, "len", a.max_work)?;
    // every output file is checked before the work
    let chart = a.plot.as_deref().map(|path| plot::output(path, a.force));
    if let Some(out) = &chart {
        out.check()?;
    }
    let analysis = analyze(&game, a, limits)?;
    let shown = &analysis.values[..(a.len as usize).min(analysis.values.len())];
    if let Some(out) = &chart {
        plot::draw(out, &game.describe(), shown, analysis.periodic.as_ref())?;
    }
    let summary = analysis.summary();
    let stopped = match analysis.stop {
        Stop::Certified => "certified",
        Stop::MaxLen => "max-len",
        Stop::MaxWork => "max-work",
    };
    let mut out = Stream::new();
    if a.json {
        // the keys in the order the other commands' objects have them (sorted), values last
        let field = |v: serde_json::Value| v.to_string();
        // an uncertified game: the statistics the published tables give of an open game
        let statistics = match summary.certified {
            true => String::new(),
            false => {
                let computed = &analysis.values[..analysis.computed.min(analysis.values.len())];
                format!(",\"statistics\":{}", ValueStatistics::of(&game, computed).to_json())
            }
        };
        out.put(format_args!(
            "{{\"certified\":{},\"computed\":{},\"game\":{},\"observed_to\":{},\"period\":{},\"preperiod\":{},\"saltus\":{}{statistics},\"stopped\":{},\"values\":[",
            summary.certified,
            analysis.computed,
            field(json!(game.describe())),
            field(json!(summary.observed_to)),
            field(json!(summary.period)),
            field(json!(summary.preperiod)),
            field(json!(summary.saltus)),
            field(json!(stopped)),
        ));
        out.values(shown, ",").put("]}").line();
        return Ok(());
    }
    out.put("values: ").values(shown, " ").line();
    match (summary.preperiod, summary.period) {
        (Some(e), Some(p)) => {
            emit(format!("preperiod: {e}"));
            emit(format!("period: {p}"));
            match (summary.saltus, summary.certified) {
                (Some(s), certified) => {
                    emit(format!("saltus: {s} (g(n + {p}) = g(n) + {s} for n >= {e})"));
                    emit(match (certified, summary.observed_to) {
                        (true, _) => format!(
                            "certified: yes, arithmetic-periodic ({}), from {} computed values",
                            summary.theorem.unwrap_or("proved"),
                            analysis.computed
                        ),
                        (false, observed) => format!(
                            "certified: no, arithmetic periodicity observed up to n = {}, not certified ({})",
                            observed.unwrap_or(0),
                            crate::flags(&analysis.stop_advice())
                        ),
                    });
                }
                (None, _) => emit(format!("certified: yes, from {} computed values", analysis.computed)),
            }
        }
        _ => {
            emit("preperiod: unknown");
            emit("period: unknown");
            let within = match analysis.stop {
                Stop::MaxWork => "within the work budget",
                _ => "within the length limit",
            };
            emit(format!(
                "certified: no, not {within}: periodicity not proved from {} values ({})",
                analysis.computed,
                crate::flags(&analysis.stop_advice())
            ));
        }
    }
    Ok(())
}

/// `sequence --play misere`: the misère quotient of the heaps up to
/// `--misere-len` (Plambeck–Siegel, verified; certified for every heap size
/// when its periodicity theorem applies), its P-portion and multiplication
/// table (the heaps' images generate it), and the pretending function `Φ` of
/// heaps `0..len` (`Φ(0)` is the identity), with each heap's misère outcome.
///
/// The work budget is scaled to `--len` unless `--misere-work` is given
/// ([`MisereLimits::explore_work`] for the heaps shown, of which
/// [`MisereLimits::certify_work`] beyond them), the memory of every stage is checked
/// against `--max-memory` before it is allocated, and the values are written
/// as they are computed (none is kept), so `--len` is bounded as for normal
/// play only by the length of the answer.
fn misere(game: &HeapGame, a: &SequenceArgs) -> CliResult {
    if a.save.is_some() || a.resume.is_some() || a.plot.is_some() {
        return Err(CliError::Message(
            "--save, --resume and --plot keep nim-values of normal play; leave them out with --play misere"
                .into(),
        ));
    }
    if a.verify && !(1..=200).contains(&a.verify_size) {
        return Err(CliError::Message("--verify-size must be between 1 and 200".into()));
    }
    // by default the heaps shown get the budget scaled to --len, and the
    // search for a certificate beyond them a smaller one, also scaled
    let limits = exploration_limits(a.len, a.misere_len, a.misere_work)?;
    let within = |ctx: &mut grundy::Context<'_>| ctx.budget.max_memory = a.max_memory;
    let q = with_context(|ctx| {
        within(ctx);
        MisereQuotient::explore(game, limits, ctx)
    })?;
    let m = q.monoid();
    // heaps 0..shown have a value: all asked for when certified, else up to the bound
    let shown = if q.period().is_some() { a.len } else { a.len.min(q.bound() as u64 + 1) };
    let phi = |k: u64| q.phi(k).expect("a heap within the bound or the period");
    let outcome = |k: u64| if m.is_p(phi(k)) { "P" } else { "N" };
    let order = m.order();
    let table: Vec<&[u32]> = m.table().chunks(order.max(1)).collect();
    let certified = q.period().is_some();
    let genus_bound = q.bound().min(a.len.saturating_sub(1) as usize);
    let genus = with_context(|ctx| {
        within(ctx);
        GenusTable::of_game(game, genus_bound, a.genus_work, ctx)
    })?;
    let presentation = q.presentation()?;
    let verified = match a.verify {
        false => None,
        true => Some(with_context(|ctx| {
            grundy::misere::check::check_learned(
                game,
                &q,
                a.verify_size as usize,
                grundy::misere::check::DEFAULT_VERIFY_WORK,
                ctx,
            )
        })?),
    };
    let generators: Vec<(&str, usize)> =
        presentation.generators().map(|(name, heap, _)| (name, heap)).collect();
    let relations = presentation.relation_strings();
    let p_words: Vec<String> = m.p_portion().into_iter().map(|x| presentation.word_of(x)).collect();
    let mut out = Stream::new();
    if a.json {
        let genera: Vec<_> = (1..=genus.len())
            .map(|n| json!({"gamma": genus.gamma(n), "normal": genus.normal(n), "symbol": genus.symbol(n)}))
            .collect();
        // the keys sorted, as a JSON object prints them; the two long lists are written as they are computed
        let object = json!({
            "certified": certified,
            "game": game.describe(),
            "genus": genera,
            "genus_len": genus.len(),
            "identity": m.identity(),
            "misere_len": q.bound(),
            "misere_values": genus.misere_values(),
            "order": order,
            "outcomes": null,
            "p_portion": m.p_portion(),
            "period": q.period().map(|(n0, p)| json!({"from": n0, "period": p})),
            "play": "misere",
            "presentation": {
                "elements": (0..order as u32).map(|x| presentation.word_of(x)).collect::<Vec<_>>(),
                "generators": generators.iter().map(|&(name, heap)| json!({"heap": heap, "name": name})).collect::<Vec<_>>(),
                "p_portion": p_words,
                "relations": relations,
            },
            "pretending": null,
            "stopped": q.stopped(),
            "verified": verified.as_ref().map(|r| json!({"failure": r.failure, "max_heap": r.max_heap, "max_total": r.max_total, "sums": r.sums, "verified": r.verified()})),
            "table": table,
            "work": q.spent(),
        });
        out.put("{");
        let shown_keys =
            object.as_object().into_iter().flatten().filter(|(k, v)| *k != "verified" || !v.is_null());
        for (i, (key, value)) in shown_keys.enumerate() {
            out.put(if i == 0 { "" } else { "," }).put(json!(key)).put(":");
            match key.as_str() {
                "outcomes" => list(out.put("["), shown, ",", |k| json!(outcome(k))).put("]"),
                "pretending" => list(out.put("["), shown, ",", phi).put("]"),
                _ => out.put(value),
            };
        }
        out.put("}").line();
        return Ok(());
    }
    let words = |v: &[u32]| v.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
    out.put(format_args!("quotient order: {order} (heaps up to {})", q.bound())).line();
    out.put(format_args!("identity: {}", m.identity())).line();
    out.put(format_args!("P-portion: {}", words(&m.p_portion()))).line();
    out.put("pretending function: ");
    list(&mut out, shown, " ", phi).line();
    out.put("outcomes: ");
    list(&mut out, shown, " ", outcome).line();
    let heaps = match (genus.len(), genus.complete()) {
        (0, true) => "no heaps".to_string(),
        (n, true) => format!("heaps 1 to {n}"),
        (n, false) => format!("heaps 1 to {n}; heap {} is beyond --genus-work {}", n + 1, a.genus_work),
    };
    out.put(format_args!("misère nim-values ({heaps}): {}", words(&genus.misere_values()))).line();
    let symbols: Vec<String> = (1..=genus.len()).filter_map(|n| genus.symbol(n)).collect();
    out.put(format_args!("genus ({heaps}): {}", symbols.join(" "))).line();
    let named: Vec<String> = generators.iter().map(|(name, heap)| format!("{name} = heap {heap}")).collect();
    out.put(format_args!("generators: {}", named.join(", "))).line();
    out.put(format_args!("relations: {}", relations.join(", "))).line();
    out.put(format_args!("P-portion as words: {}", p_words.join(", "))).line();
    out.put(match q.period() {
        Some((n0, p)) => {
            format!("certified: yes, Φ(n + {p}) = Φ(n) for n >= {n0} and the quotient is stable")
        }
        None => match q.stopped() {
            None if !grundy::misere::certifiable(game) => format!(
                "certified: no, the quotient holds for heaps up to {} (no periodicity theorem applies to this game: Theorem P needs a finite octal code or subtraction set)",
                q.bound()
            ),
            None => format!(
                "certified: no, the quotient holds for heaps up to {} (raise --misere-len)",
                q.bound()
            ),
            Some(why) => match q.stopped_by() {
                Some(limit) => format!(
                    "certified: no, the quotient holds for heaps up to {}; {why} (raise --{})",
                    q.bound(),
                    limit.replace('_', "-")
                ),
                None => format!("certified: no, the quotient holds for heaps up to {}; {why}", q.bound()),
            },
        },
    })
    .line();
    if let Some(r) = verified {
        out.put(match &r.failure {
            None => format!(
                "verified: yes, by the independent checker: the monoid laws, and the outcomes of all {} sums of heaps up to {} totalling at most {}",
                r.sums, r.max_heap, r.max_total
            ),
            Some(why) => format!("verified: NO, the independent checker finds that {why}"),
        })
        .line();
    }
    Ok(())
}

/// Writes `item(k)` for the heaps `k` in `0..len`, separated by `separator`,
/// each as it is computed.
fn list<'s, T: std::fmt::Display>(
    out: &'s mut Stream,
    len: u64,
    separator: &str,
    item: impl Fn(u64) -> T,
) -> &'s mut Stream {
    for k in 0..len {
        out.put(if k == 0 { "" } else { separator }).put(item(k));
    }
    out
}
