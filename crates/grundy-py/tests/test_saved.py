"""`sequence(save=..., resume=...)`: the command line's save files, read and
written by the library's one format (grundy::census::saved), so a computation
saved on either side resumes on the other; the same refusals (a file that is
not a save without force=True, a damaged one, another game's, a link or a
folder); an interrupted run keeps what it computed."""

import json
import os

import pytest

import grundy

KAYLES = dict(game="0.77", max_len=1000)


def header(path):
    """The header lines of a save, as a dict (the first line under "format")."""
    with open(path, "rb") as f:
        head = f.read().split(b"\n\n", 1)[0].decode()
    first, *fields = head.split("\n")
    return {"format": first, **dict(line.split(": ", 1) for line in fields)}


@pytest.mark.parametrize(
    "kwargs, flags",
    [
        (dict(game="0.77", max_len=1000), ["--game", "0.77", "--max-len", 1000]),
        (dict(game="0.6", max_len=3000), ["--game", "0.6", "--max-len", 3000]),  # values above 255: two bytes
        (dict(moves=[2, 5, 7], max_len=500), ["--moves", "2,5,7", "--max-len", 500]),
    ],
)
def test_a_python_save_is_the_command_lines_byte_for_byte(cli, tmp_path, kwargs, flags):
    mine, theirs = tmp_path / "python.values", tmp_path / "cli.values"
    length = kwargs["max_len"]
    s = grundy.sequence(length, save=str(mine), **kwargs)
    cli("sequence", *flags, "--len", length, "--save", theirs)
    assert mine.read_bytes() == theirs.read_bytes()
    h = header(mine)
    assert h["format"] == "grundy nim-values 1" and h["game"] == s.game and int(h["values"]) == s.computed
    assert int(h["width"]) == s.itemsize
    assert not (tmp_path / "python.values.partial").exists()


def test_saved_by_the_command_line_resumed_in_python_and_back(cli, tmp_path):
    by_cli, by_python = tmp_path / "cli.values", tmp_path / "python.values"
    cli("sequence", "--game", "0.007", "--len", 500, "--max-len", 500, "--save", by_cli)
    assert int(header(by_cli)["values"]) == 500
    # Treblecross has no certified period: 2000 values, the first 500 from the file
    s = grundy.sequence(2000, game="0.007", max_len=2000, resume=by_cli, save=by_python)
    fresh = grundy.sequence(2000, game="0.007", max_len=2000)
    assert s.values == fresh.values
    assert int(header(by_python)["values"]) == 2000
    # and the command line goes on from Python's file
    want = json.loads(cli("sequence", "--game", "0.007", "--len", 3000, "--max-len", 3000, "--json"))
    got = json.loads(
        cli("sequence", "--game", "0.007", "--len", 3000, "--max-len", 3000, "--resume", by_python, "--json")
    )
    assert got["values"] == want["values"] == grundy.sequence(3000, game="0.007", max_len=3000).values


def test_resumed_values_within_the_length_asked_are_saved_again(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    grundy.sequence(300, game="0.007", max_len=300, save=a)
    s = grundy.sequence(100, game="0.007", max_len=300, resume=a, save=b)
    assert a.read_bytes() == b.read_bytes()
    assert s.values == grundy.sequence(100, game="0.007", max_len=100).values


def test_paths_may_be_path_objects_and_a_heap_game_of_ones_own_saves_too(tmp_path):
    game = grundy.HeapGame(lambda n: [(a, n - a) for a in range(1, n)] + ([n - 1] if n else []))
    path = tmp_path / "own.values"
    s = grundy.sequence(60, game=game, save=path)
    t = grundy.sequence(90, game=game, resume=path)
    assert t.values[:60] == s.values and t.values == grundy.sequence(90, game=game).values


def test_a_file_that_is_not_a_save_is_replaced_only_with_force(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes")
    with pytest.raises(ValueError) as e:
        grundy.sequence(10, save=notes, **KAYLES)
    message = str(e.value)
    assert "`save`" in message and str(notes) in message and "not written by grundy" in message
    assert "`force`" in message
    assert notes.read_text() == "my notes"
    grundy.sequence(10, save=notes, force=True, **KAYLES)
    assert header(notes)["format"] == "grundy nim-values 1"
    # now it is ours: replaced without force
    grundy.sequence(20, save=notes, **KAYLES)


def test_the_save_is_checked_before_any_work_and_before_the_resumed_file(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    link = tmp_path / "link"
    os.symlink(tmp_path / "nowhere", link)
    calls = []
    for target in [folder, link, tmp_path / "missing" / "x"]:
        for force in [False, True]:
            with pytest.raises(ValueError, match="`save`") as e:
                grundy.sequence(
                    10, game="0.77", save=target, force=force, resume=tmp_path / "absent", progress=calls.append
                )
            assert str(target) in str(e.value)
    assert calls == [] and not (tmp_path / "nowhere").exists()


def test_damaged_foreign_and_missing_files_are_refused_naming_them(tmp_path):
    path = tmp_path / "kayles.values"
    grundy.sequence(200, game="0.77", max_len=200, save=path)
    with pytest.raises(ValueError, match="not of octal 0.07") as e:
        grundy.sequence(10, game="0.07", resume=path)
    assert f"{path} cannot be resumed" in str(e.value)
    damaged = tmp_path / "damaged.values"
    body = bytearray(path.read_bytes())
    body[-1] ^= 1
    damaged.write_bytes(bytes(body))
    with pytest.raises(ValueError, match="checksum") as e:
        grundy.sequence(10, game="0.77", resume=damaged)
    assert str(damaged) in str(e.value) and "damaged" in str(e.value)
    short = tmp_path / "short.values"
    short.write_bytes(bytes(body[:-1]))
    with pytest.raises(ValueError, match="should hold 200 values"):
        grundy.sequence(10, game="0.77", resume=short)
    notes = tmp_path / "notes.txt"
    notes.write_text("hello\n\nworld")
    with pytest.raises(ValueError, match="not a file of saved nim-values"):
        grundy.sequence(10, game="0.77", resume=notes)
    with pytest.raises(ValueError, match="cannot read"):
        grundy.sequence(10, game="0.77", resume=tmp_path / "absent")


def test_values_of_another_game_under_the_right_name_are_refused(tmp_path):
    # the header says Kayles, the values are Dawson's Kayles: the recomputed first values disagree
    dawson, forged = tmp_path / "dawson", tmp_path / "forged"
    grundy.sequence(100, game="0.07", max_len=100, save=dawson)
    data = dawson.read_bytes().replace(b"game: octal 0.07\n", b"game: octal 0.77\n")
    forged.write_bytes(data)
    with pytest.raises(ValueError, match="cannot be resumed: its values") as e:
        grundy.sequence(10, game="0.77", resume=forged)
    assert str(forged) in str(e.value)


def test_an_interrupted_run_keeps_its_values_and_resumes_from_them(tmp_path):
    path = tmp_path / "treblecross.values"
    reports = []

    def stop(done, total):
        reports.append(done)
        if len(reports) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt) as e:
        grundy.sequence(10, game="0.007", max_len=2**17, max_work=10**12, save=path, progress=stop)
    kept = int(header(path)["values"])
    assert str(e.value).startswith(f"{kept} values are saved in {path}; go on with resume=")
    assert 0 < kept < 2**17
    resumed = grundy.sequence(kept + 500, game="0.007", max_len=kept + 500, resume=path)
    assert resumed.values == grundy.sequence(kept + 500, game="0.007", max_len=kept + 500).values
