//! The `grundy` command line.

mod cli;

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
    std::process::exit(cli::main());
}
