//! The `grundy` command line: argument parsing, one module per subcommand,
//! plain and JSON output, and one-line errors with exit status 2.

mod board;
mod census;
mod census_jobs;
mod census_misere;
mod coprime_nim;
mod count;
mod divisor_nim;
mod heaps;
mod output;
mod plot;
mod prime_pi;
mod progress;
mod seeds;
mod sequence;
mod shell;
mod silver_dollar;

use clap::{Args, Parser, Subcommand, ValueEnum};
use grundy::{Arithmetic, Budget, Error, Modulus, Order, Outcome, Play};

/// The `--moves` notation, for every subcommand that takes it.
pub const MOVES_HELP: &str = "The subtraction set: a comma-separated list of numbers (e.g. 1,3,4; expressions such as 10^3 \
are accepted), or a family: squares (1,4,9,...), primes (2,3,5,...), powers-of-2 (1,2,4,...), fibonacci \
(1,2,3,5,8,...), all-but:LIST (every positive integer except LIST, e.g. all-but:1,3). A family costs \
O(n * |S up to n|) for n values; all-but sets are arithmetic-periodic and certified.";

/// The `--game` notation.
pub const GAME_HELP: &str = "A take-and-break code d0.d1d2d3...: each d_k (k >= 1) is a hexadecimal digit 0-9, A-F, a sum \
of 1 (remove k tokens leaving no heap: only when the heap has exactly k), 2 (remove k leaving one nonempty \
heap), 4 (remove k and split the rest into two nonempty heaps), 8 (remove k and split the rest into three \
nonempty heaps); d0 is 0, 4, 8 or C (split into two (4) or three (8) nonempty heaps removing nothing). \
'!' directly after a digit: the heaps its move leaves have pairwise different sizes (Grundy's game is 4!.0). \
[digits] at the end repeats forever (0.[3] is Nim; 0.1[3], 0.[37], 4.[3]). Kayles is 0.77 (or .77), Dawson's \
Kayles 0.07.";

/// What a request may use on the machine this command line runs on (24 GiB):
/// half the memory, and exact answers of up to ten million digits.
pub const MACHINE_BUDGET: Budget = Budget { max_exact_digits: 1.0e7, max_memory: 12 << 30 };

/// `--max-memory`, for every subcommand that takes it.
pub const MAX_MEMORY_HELP: &str = "The most memory the request may use, in bytes (expressions such as 16*2^30 \
are accepted; the default, 12 GiB, is half this machine's): every stage's memory is estimated before it starts \
and refused beyond this.";

/// Count winning and losing positions of sums of impartial games, exactly or modulo M.
#[derive(Parser, Debug)]
#[command(name = "grundy", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Tokens on an n^dims board; a move lowers one coordinate by a member of the move set.
    Board(board::BoardArgs),
    /// Piles in 1..=N; a move subtracts a proper divisor of the pile.
    DivisorNim(divisor_nim::DivisorArgs),
    /// Piles in 1..=N-1; a move subtracts a number coprime to the pile.
    CoprimeNim(coprime_nim::CoprimeArgs),
    /// Coins and one silver dollar on a strip; pocketing the dollar wins.
    SilverDollar(silver_dollar::SilverArgs),
    /// Every seed's checkpoints and full-size target, with timings.
    Seeds(seeds::SeedsArgs),
    /// Nim-values of a heap game (subtraction set or take-and-break code), its certified period or arithmetic periodicity.
    Sequence(sequence::SequenceArgs),
    /// Ordered K-tuples of heaps in 1..=N of a heap game.
    Heaps(heaps::HeapsArgs),
    /// The number of primes up to N (the prime-counting DP behind coprime-nim).
    PrimePi(prime_pi::PrimePiArgs),
    /// Ordered K-tuples of components given by your own Grundy values (a file, or - for stdin).
    Count(count::CountArgs),
    /// A shell completion script on stdout (e.g. `grundy completions bash > /etc/bash_completion.d/grundy`).
    Completions(shell::CompletionsArgs),
    /// The man page (roff) on stdout: `grundy man | man -l -`.
    Man(shell::ManArgs),
    /// Every take-and-break code of a family (or a list): certified periods or how far each game was computed, on every core.
    Census(census::CensusArgs),
}

/// Which positions to count.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum CountArg {
    Winning,
    Losing,
}

impl From<CountArg> for Outcome {
    fn from(c: CountArg) -> Outcome {
        match c {
            CountArg::Winning => Outcome::Winning,
            CountArg::Losing => Outcome::Losing,
        }
    }
}

/// How the copies of a component in a position are told apart.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
enum OrderArg {
    /// Ordered tuples: the copies are told apart.
    #[default]
    Ordered,
    /// Multisets: sorted tuples a1 <= ... <= aK.
    Multiset,
    /// Sets: K different positions a1 < ... < aK.
    Set,
}

/// `--play`: who wins when no move is left.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum PlayArg {
    /// Normal play: the player who cannot move loses.
    #[default]
    Normal,
    /// Misère play: the player who makes the last move loses (also spelled misère).
    #[value(alias = "misère")]
    Misere,
}

impl From<PlayArg> for Play {
    fn from(p: PlayArg) -> Play {
        match p {
            PlayArg::Normal => Play::Normal,
            PlayArg::Misere => Play::Misere,
        }
    }
}

impl From<OrderArg> for Order {
    fn from(o: OrderArg) -> Order {
        match o {
            OrderArg::Ordered => Order::Ordered,
            OrderArg::Multiset => Order::Multiset,
            OrderArg::Set => Order::Set,
        }
    }
}

/// The options every game subcommand shares.
#[derive(Args, Debug, Clone)]
struct CountOptions {
    /// Count modulo M (1 <= M <= 2^64-1; expressions like 10^9+7 are accepted); exact without it.
    #[arg(long, value_name = "M", value_parser = parse_modulus)]
    modulus: Option<Modulus>,
    /// Which positions to count.
    #[arg(long, value_enum)]
    count: Option<CountArg>,
    /// Print one JSON object instead of the bare count.
    #[arg(long)]
    json: bool,
    /// Count ordered tuples of components, multisets (sorted tuples) or sets (different components).
    #[arg(long, value_enum, default_value = "ordered")]
    order: OrderArg,
    /// Normal play (whoever cannot move loses) or misère play (whoever moves last loses).
    #[arg(long, value_enum, default_value = "normal")]
    play: PlayArg,
    /// With --play misere: the work budget of the misère quotient and, apart, of the powers in its algebra, in steps of a few hundred nanoseconds (the default is under a second each); a count that needs more is refused, naming the heaps it reached or the steps its powers need.
    #[arg(long, value_parser = crate::number, default_value_t = grundy::misere::MisereLimits::DEFAULT_MAX_WORK)]
    misere_work: u64,
    #[arg(long, help = MAX_MEMORY_HELP, value_parser = crate::number, default_value_t = MACHINE_BUDGET.max_memory)]
    max_memory: u64,
}

impl CountOptions {
    fn arithmetic(&self) -> Arithmetic {
        match self.modulus {
            Some(m) => Arithmetic::Modulo(m),
            None => Arithmetic::Exact,
        }
    }

    fn outcome(&self, default: Outcome) -> Outcome {
        self.count.map_or(default, Outcome::from)
    }

    fn order(&self) -> Order {
        self.order.into()
    }

    fn play(&self) -> Play {
        self.play.into()
    }

    /// The misère quotient's limits: the default ones with `--misere-work`.
    fn misere(&self) -> grundy::misere::MisereLimits {
        grundy::misere::MisereLimits::default().with_max_work(self.misere_work)
    }

    /// Refuses `--play misere` for a count that Grundy values alone decide
    /// under normal play only, saying why.
    fn normal_only(&self, why: &str) -> Result<(), CliError> {
        match self.play() {
            Play::Normal => Ok(()),
            Play::Misere => Err(CliError::Message(format!("--play misere is not available here: {why}"))),
        }
    }
}

fn parse_modulus(text: &str) -> Result<Modulus, String> {
    match number(text)? {
        0 => Err("the modulus must be at least 1".to_string()),
        m => Modulus::new(m).map_err(|e| message(&e)),
    }
}

/// A number on the command line: an expression such as `10^9+7`. Sizes,
/// counts and limits are never negative: `-5` is refused saying so.
pub fn number(text: &str) -> Result<u64, String> {
    if text.trim_start().starts_with('-') {
        return Err(format!(
            "'{text}' is negative: sizes, counts, moduli and limits are non-negative (0 or more)"
        ));
    }
    grundy::parse_u64(text).map_err(|e| message(&e))
}

/// The parser: the derived one, with each counting subcommand's default
/// `--count` shown (and applied) by its help, the flags a subcommand always
/// refuses hidden from its help (they still parse, to be refused with the
/// reason), and every flag value allowed to look like a negative number, so
/// that `--n -5` reaches the flag's parser, which says that sizes are
/// non-negative, instead of being taken for an unknown flag `-5`.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    let name = |o: Outcome| o.name();
    let defaults = [
        ("board", board::COUNT),
        ("divisor-nim", divisor_nim::COUNT),
        ("coprime-nim", coprime_nim::COUNT),
        ("silver-dollar", silver_dollar::COUNT),
        ("heaps", heaps::COUNT),
        ("count", count::COUNT),
    ];
    // (subcommand, flags it refuses whatever their value but the default)
    let refused: [(&str, &[&str]); 2] =
        [("silver-dollar", &["order", "play", "misere_work"]), ("count", &["play", "misere_work"])];
    let mut cmd = Cli::command().mut_subcommands(|sc| {
        sc.mut_args(|a| match a.get_action().takes_values() {
            true => a.allow_negative_numbers(true),
            false => a,
        })
    });
    for (sub, outcome) in defaults {
        cmd = cmd.mut_subcommand(sub, |c| c.mut_arg("count", |a| a.default_value(name(outcome))));
    }
    for (sub, flags) in refused {
        cmd = cmd.mut_subcommand(sub, |c| flags.iter().fold(c, |c, f| c.mut_arg(*f, |a| a.hide(true))));
    }
    cmd
}

/// `--threads N`: a number expression from 1 to 1024.
pub fn threads(text: &str) -> Result<usize, String> {
    match number(text)? {
        n @ 1..=1024 => Ok(n as usize),
        _ => Err("must be between 1 and 1024".into()),
    }
}

/// `limits` on `threads` threads when given (all cores otherwise).
pub fn with_threads(limits: grundy::heap::Limits, threads: Option<usize>) -> grundy::heap::Limits {
    match threads {
        Some(n) => limits.with_threads(n),
        None => limits,
    }
}

/// The library's message in the command line's words: a parameter named
/// `` `max_len` `` becomes the flag `--max-len`.
pub fn message(e: &Error) -> String {
    renamed_message(e, &[])
}

/// [`message`] for a command whose flags name some library parameters
/// otherwise: `(parameter, flag)` pairs, e.g. `copies` is `--piles`.
pub fn renamed_message(e: &Error, renames: &[(&str, &str)]) -> String {
    let mut text = e.to_string();
    for (parameter, flag) in renames {
        text = text.replace(&format!("`{parameter}`"), &format!("`{flag}`"));
    }
    one_line(&flags(&text))
}

/// Library wording to command-line wording: every `` `name` `` becomes `--name`.
pub fn flags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut parts = text.split('`');
    out.push_str(parts.next().unwrap_or(""));
    // odd pieces were between backticks
    while let Some(name) = parts.next() {
        out.push_str("--");
        out.push_str(&name.replace('_', "-"));
        out.push_str(parts.next().unwrap_or(""));
    }
    out
}

/// Parses and runs the command line; returns the process exit status.
fn run() -> i32 {
    use clap::FromArgMatches;
    let cli = match command().try_get_matches().and_then(|m| Cli::from_arg_matches(&m)) {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                // as every answer: a reader that closed the pipe early ends the program quietly
                use std::io::Write;
                let mut out = std::io::stdout().lock();
                output::finish(write!(out, "{e}").and_then(|()| out.flush()));
                return 0;
            }
            if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                eprintln!("error: a subcommand is required: {} (see grundy --help)", subcommand_names());
                return 2;
            }
            eprintln!("{}", one_line(&e.to_string()));
            return 2;
        }
    };
    let result = match cli.command {
        Command::Board(a) => board::run(&a),
        Command::DivisorNim(a) => divisor_nim::run(&a),
        Command::CoprimeNim(a) => coprime_nim::run(&a),
        Command::SilverDollar(a) => silver_dollar::run(&a),
        Command::Seeds(a) => seeds::run(&a),
        Command::Sequence(a) => sequence::run(&a),
        Command::Heaps(a) => heaps::run(&a),
        Command::PrimePi(a) => prime_pi::run(&a),
        Command::Count(a) => count::run(&a),
        Command::Completions(a) => shell::completions(&a),
        Command::Man(a) => shell::man(&a),
        Command::Census(a) => census::run(&a),
    };
    match result {
        Ok(()) => 0,
        Err(CliError::Library(e)) => {
            eprintln!("error: {}", message(&e));
            2
        }
        Err(CliError::Message(m)) => {
            eprintln!("error: {}", one_line(&m));
            2
        }
        Err(CliError::Interrupted(m)) => {
            eprintln!("interrupted: {}", one_line(&m));
            130
        }
    }
}

/// Every subcommand's name, from the parser itself (so none is ever left out).
fn subcommand_names() -> String {
    let cmd = command();
    let names: Vec<&str> = cmd.get_subcommands().map(|c| c.get_name()).filter(|&n| n != "help").collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => names.join(""),
    }
}

/// Folds a multi-line message (clap's) into one line, dropping usage hints.
fn one_line(text: &str) -> String {
    let mut parts = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with("Usage:") || line.starts_with("For more information") {
            break;
        }
        if !line.is_empty() {
            parts.push(line);
        }
    }
    parts.join(" ")
}

/// Why a command failed: the library refused, or something of the command
/// line's own (a file that cannot be read or written).
#[derive(Debug)]
pub enum CliError {
    /// The library's error, shown in the command line's words.
    Library(Error),
    /// A message of the command line's own.
    Message(String),
    /// Stopped by Ctrl-C, with what became of the work (exit status 130).
    Interrupted(String),
}

impl From<Error> for CliError {
    fn from(e: Error) -> Self {
        CliError::Library(e)
    }
}

/// The result of a subcommand.
type CliResult = Result<(), CliError>;

fn main() {
    // A panic is a bug; still, the user gets one line on stderr and status 2.
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".to_string());
        eprintln!("error: internal error (please report): {msg}");
        std::process::exit(2);
    }));
    std::process::exit(run());
}
