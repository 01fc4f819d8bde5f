//! Saved runs resume where they stopped: every kind of nim-value computation
//! (rare/common octal, repeating groups, `!`, finite and infinite subtraction
//! sets, games of one's own) gives the same values and the same verdict from
//! any prefix of its own values, checked prefixes of another game are
//! refused, and an interrupted run hands over what it had.

use grundy::heap::{Lanes, Limits};
use grundy::{Context, Error, HeapGame, HeapRules};

fn games() -> Vec<HeapGame> {
    let mut games: Vec<HeapGame> = ["0.77", "0.16", "0.106", "0.6", "4!.0", "0.[3]", "0.1[37]", "8.0"]
        .iter()
        .map(|c| HeapGame::parse(None, Some(c)).unwrap())
        .collect();
    for moves in ["1,2,5", "squares", "all-but:1,3"] {
        games.push(HeapGame::parse(Some(moves), None).unwrap());
    }
    games.push(HeapGame::Rules(HeapRules::new("take 1 or 3, or split after taking 2", |n| {
        let mut options: Vec<Vec<u64>> = [1, 3].iter().filter(|&&t| t <= n).map(|t| vec![n - t]).collect();
        options.extend((1..n.saturating_sub(2)).map(|a| vec![a, n - 2 - a]));
        options
    })));
    games
}

fn analyze(
    game: &HeapGame,
    known: &[u32],
    len: usize,
    keep: &mut grundy::heap::Keeper<'_>,
) -> Result<grundy::heap::Analysis, Error> {
    let limits = Limits::new(len, u64::MAX).unwrap();
    game.analyze_resumed(known.into(), len, limits, &mut Context::default(), keep)
}

#[test]
fn any_prefix_resumes_to_the_same_values_and_verdict() {
    for game in games() {
        // past RESUME_CHECK, so that known values are also taken unchecked;
        // three-heap splits (8.0) and options of one's own cost more per heap
        let len = match &game {
            HeapGame::Rules(_) => 1500,
            g if g.describe().contains("8.0") => 5000,
            _ => 9000,
        };
        let mut kept: Vec<Vec<u32>> = Vec::new();
        let whole = analyze(&game, &[], len, &mut |g| {
            kept.push(g.to_vec());
            Ok(())
        })
        .unwrap();
        // the same on one thread as on all cores
        let limits = Limits::new(len, u64::MAX).unwrap();
        let alone = game.analyze(len, limits.with_threads(1)).unwrap();
        assert_eq!((&alone.values, alone.work, alone.computed), (&whole.values, whole.work, whole.computed));
        assert!(!kept.is_empty(), "{}", game.describe());
        for k in [0, 1, 100, 4095, 4096, 4097, 6000, whole.computed] {
            let k = k.min(whole.computed);
            let again = analyze(&game, &whole.values[..k], len, &mut |_| Ok(())).unwrap();
            assert_eq!(again.values, whole.values, "{} from {k}", game.describe());
            // known values in narrower lanes
            if let Ok(bytes) =
                whole.values[..k].iter().map(|&v| u8::try_from(v)).collect::<Result<Vec<u8>, _>>()
            {
                let limits = Limits::new(len, u64::MAX).unwrap();
                let mut ctx = Context::default();
                let narrow =
                    game.analyze_resumed(Lanes::Bytes(&bytes), len, limits, &mut ctx, &mut |_| Ok(()));
                assert_eq!(narrow.unwrap().values, whole.values, "{} from {k} bytes", game.describe());
            }
            // the period is also looked for at k, so it may be certified sooner
            assert!(again.computed <= whole.computed, "{} from {k}", game.describe());
            assert_eq!(again.summary(), whole.summary(), "{} from {k}", game.describe());
        }
        for prefix in kept {
            assert_eq!(prefix, whole.values[..prefix.len()], "{}", game.describe());
        }
    }
}

#[test]
fn values_of_another_game_are_refused() {
    let kayles = HeapGame::octal("0.77").unwrap();
    let dawson = HeapGame::octal("0.07").unwrap();
    let theirs = analyze(&dawson, &[], 500, &mut |_| Ok(())).unwrap().values;
    let err = analyze(&kayles, &theirs, 500, &mut |_| Ok(())).unwrap_err();
    assert!(err.to_string().contains("g(1)"), "{err}");
}

#[test]
fn an_interrupted_run_hands_over_its_values() {
    let game = HeapGame::octal("0.106").unwrap();
    let limits = Limits::new(50_000, u64::MAX).unwrap();
    let mut reports = 0;
    let mut stop = |_: &str, _: u64, _: u64| {
        reports += 1;
        reports < 20
    };
    let mut ctx = Context::default().with_observer(&mut stop);
    let mut last = Vec::new();
    let err = game
        .analyze_resumed(Lanes::Wide(&[]), 50_000, limits, &mut ctx, &mut |g| {
            last = g.to_vec();
            Ok(())
        })
        .unwrap_err();
    assert_eq!(err, Error::Interrupted);
    assert!(last.len() >= 19 * 1024, "kept {}", last.len());
    let whole = analyze(&game, &[], 50_000, &mut |_| Ok(())).unwrap();
    assert_eq!(last, whole.values[..last.len()]);
    let resumed = analyze(&game, &last, 50_000, &mut |_| Ok(())).unwrap();
    assert_eq!(resumed.values, whole.values);
}
