"""Every command that reads a document, fed random bytes and mutated JSON through the CLI itself
(click's CliRunner, in-process): never a traceback, exit status 0 or 2 only, one line on error."""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from analyzer.cli import main

# Small documents, so that a mutation that stays valid is solved in a moment.
BASES: dict[str, list[dict[str, Any]]] = {
    "solve": [
        {"hands": ["hA hX b7", "h7 b8 bA", "h8 l7 l8"], "trump": "h", "contract": "game", "actor": 0, "talon": "aA a7",
         "sharp_talon": True},  # csm 7.2 allowed: the mutations reach the key too
        {"hands": ["h7 b7", "hA bA", "hX bX"], "contract": "betl", "actor": 0, "leader": 0},
        {"hands": [["hA", "h7"], "h: X 8", "♦ A X"], "trump": "h", "contract": "sedma", "trick": []},
    ],
    "claim": [
        {"hands": ["hA hX b7", None, None], "unseen": "h7 hK bA b8 l7 l8", "trump": "h", "contract": "game"},
        {"hands": ["hA h7", None, None], "unseen": "hX hK bA b8", "trump": "h", "contract": "seven",
         "played": [["aA", "a7", "a8"]]},
    ],
    "score": [
        {"rules": "csm", "contract": "seven", "trump": "h", "actor": 0, "flek": {"game": 1, "seven": 2},
         "points": {"actor": 80, "defence": 10}, "marriages": {"actor": "h", "defence": ""},
         "trump_seven": {"seat": 0, "fate": "killed"}},
        {"contract": "betl", "actor": 1, "actor_tricks": 0},
    ],
    "review": [
        {"hands": ["hA hX b7", "h7 b8 bA", "h8 l7 l8"], "trump": "h", "contract": "game",
         "played": [["hA", "h7", "h8"], ["b7", "bA", "l7"]]},
    ],
}
JUNK = [None, True, False, 0, -1, 3, 2.5, 10**30, "", "none", "hA", "h: A K", "?", "žž", [], {}, ["hA", 1],
        [[["hA"]]], "\x00", "\ud800"[:0] + "é", "dvě sedmy", "open-betl", "99", {"actor": "x"}]
COUNT = 10_000  # documents per command, half raw bytes and half mutated JSON


def random_bytes(rng: random.Random) -> bytes:
    kind = rng.random()
    size = rng.randint(0, 200)
    if kind < 0.4:
        return bytes(rng.randrange(256) for _ in range(size))
    if kind < 0.6:  # printable noise with JSON's punctuation
        return "".join(rng.choice('{}[]":,0123456789 hAXbl7tnrue\\') for _ in range(size)).encode()
    if kind < 0.8:  # a document in another encoding, or behind a byte-order mark
        text = json.dumps(rng.choice([d for docs in BASES.values() for d in docs]), ensure_ascii=False)
        return rng.choice([text.encode("utf-16"), text.encode("utf-16-le"), b"\xef\xbb\xbf" + text.encode(),
                           text.encode("latin-1", "replace"), text.encode("utf-32")])
    text = json.dumps(rng.choice([d for docs in BASES.values() for d in docs])).encode()
    cut = rng.randrange(len(text) + 1)
    return text[:cut] + bytes(rng.randrange(256) for _ in range(rng.randint(0, 3))) + text[cut + 1:]


def mutate(value: Any, rng: random.Random, depth: int = 0) -> Any:
    """One to three random edits: a key dropped or added, a value replaced, a list changed."""
    if isinstance(value, dict) and value and rng.random() < 0.8:
        out = dict(value)
        key = rng.choice(list(out))
        roll = rng.random()
        if roll < 0.2:
            del out[key]
        elif roll < 0.3:
            out[rng.choice(["x", "played", "trick", "unseen", "sizes", "side_suit", "score"])] = rng.choice(JUNK)
        else:
            out[key] = mutate(out[key], rng, depth + 1)
        return out
    if isinstance(value, list) and value and rng.random() < 0.8:
        out = list(value)
        i = rng.randrange(len(out))
        roll = rng.random()
        if roll < 0.2:
            del out[i]
        elif roll < 0.3:
            out.append(rng.choice(JUNK))
        else:
            out[i] = mutate(out[i], rng, depth + 1)
        return out
    if isinstance(value, str) and value and rng.random() < 0.6:
        tokens = value.split()
        if tokens and rng.random() < 0.5:
            tokens[rng.randrange(len(tokens))] = rng.choice(["hA", "h7", "aK", "b", "10", "X", "h:", "♥", "zz"])
            return " ".join(tokens)
        return value[::-1] if rng.random() < 0.3 else value + rng.choice([" hA", " ", ",", "7"])
    return rng.choice(JUNK)


def run_one(runner: CliRunner, command: str, data: bytes) -> None:
    result = runner.invoke(main, [command, "-"], input=data)
    assert result.exit_code in (0, 2), (command, data[:200], result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), (command, data[:200],
                                                                                   repr(result.exception))
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        assert result.stderr.startswith("marias: ") and result.stderr.count("\n") == 1, (command, result.stderr)


@pytest.mark.slow
@pytest.mark.parametrize("command", sorted(BASES))
def test_random_bytes_and_mutated_json_never_trace_back(command: str) -> None:
    rng = random.Random(f"fuzz-{command}")
    runner = CliRunner()
    for i in range(COUNT):
        if i % 2:
            data = random_bytes(rng)
        else:
            doc = rng.choice(BASES[command])
            for _ in range(rng.randint(1, 3)):
                doc = mutate(doc, rng)
            data = json.dumps(doc, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
        run_one(runner, command, data)


def test_the_bases_are_valid_so_mutations_reach_deep() -> None:
    runner = CliRunner()
    for command, docs in BASES.items():
        for doc in docs:
            result = runner.invoke(main, [command, "-"], input=json.dumps(doc))
            assert result.exit_code == 0, (command, doc, result.output)


def mutate_table(text: str, rng: random.Random) -> str:
    """A study table with a line, a cell or a header changed."""
    lines = text.splitlines()
    i = rng.randrange(len(lines))
    cells = lines[i].split(",")
    j = rng.randrange(len(cells))
    cells[j] = rng.choice(["", "x", "-1", "1e309", "nan", "9" * 30, '"', "pattern0", cells[j] * 2])
    lines[i] = ",".join(cells)
    if rng.random() < 0.3:
        del lines[rng.randrange(len(lines))]
    return "\n".join(lines)


def plot_once(runner: CliRunner, table: object, figure: str) -> None:
    result = runner.invoke(main, ["plot", str(table), "-o", figure])
    assert result.exit_code in (0, 2), (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    if result.exit_code == 2:
        assert result.stderr.startswith("marias: ") and result.stderr.count("\n") == 1, result.stderr


@pytest.mark.slow
def test_plot_never_traces_back_on_random_bytes(tmp_path) -> None:
    """The study's input to plot, a table file: 10,000 random byte strings."""
    rng = random.Random("fuzz-plot")
    runner = CliRunner()
    table = tmp_path / "t.csv"
    for _ in range(COUNT):
        table.write_bytes(random_bytes(rng))
        plot_once(runner, table, str(tmp_path / "out.png"))


@pytest.mark.slow
def test_plot_never_traces_back_on_mutated_tables(tmp_path) -> None:
    """200 mutated study tables (a table that stays valid draws a figure, 0.7 s each, so not 10,000).
    It found a 30-digit number in a column ending in OverflowError."""
    from analyzer.study import run_study

    base = tmp_path / "base.csv"
    run_study("uniform", n=30, seed=0, analyses="shape", output=str(base), jobs=1, progress=False)
    text = base.read_text()
    rng = random.Random("fuzz-plot-tables")
    runner = CliRunner()
    table = tmp_path / "t.csv"
    for _ in range(200):
        table.write_text(mutate_table(text, rng))
        plot_once(runner, table, str(tmp_path / "out.png"))


@pytest.mark.parametrize("option", [
    "hundred_steps=" + "9" * 5000,  # past int()'s digit limit
    "a=" + "[" * 100_000,  # nesting past the recursion limit
    "a=" + "[" * 150,
    "rules=csm", "data=1", "result=1",  # the settlement's own parameters
    "=1", "novalue", "bonuses=" + "x" * 10_000,
])
def test_score_options_with_hostile_values_are_one_line(option: str) -> None:
    """Issue 37: ``-o`` values of thousands of digits, deep nesting and the names of settle's own
    parameters ended in "internal error"."""
    run = CliRunner().invoke(main, ["score", "-", "-o", option], input=json.dumps(BASES["score"][0]))
    assert run.exit_code == 2, run.output
    assert "internal error" not in run.stderr and len(run.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args, words", [
    (["advise", "h: A K O 9 7  b: A X 8  l: K  a: 9", "--talon", "l7 a7", "--jobs", "9" * 23], "--jobs must be at most"),
    (["advise", "h: A K O 9 7  b: A X 8  l: K  a: 9", "--talon", "l7 a7", "--worlds", "100000000"],
     "--worlds must be at most"),
    (["advise", "h: A K O 9 7  b: A X 8  l: K  a: 9", "--talon", "l7 a7", "--worlds", "50",
      "--where", "-9223372036854775808 < seat1.h"], "at most 1000"),
    (["study", "--n", "9" * 23, "-o", "x.parquet"], "--n must be at most"),
    (["study", "--n", "10", "--chunk", "9" * 5000, "-o", "x.parquet"], "--chunk must be a whole number of at most"),
    # the process fuzzer's finds: a time limit of nan or inf never ends the search it limits
    (["mustamaija", "study", "--deals", "2", "--check-endings", "--ending-time", "nan"], "--ending-time must be"),
    (["mustamaija", "study", "--deals", "2", "--check-endings", "--ending-time", "1e309"], "--ending-time must be"),
    (["mustamaija", "solve", "trump:d hands:h2h3sQ/h4d2cA talon:- attacker:0", "--time-limit", "nan"],
     "--time-limit must be"),
    (["solve", "--hands", "hA", "h7", "h8", "--time-limit", "inf"], "--time-limit must be"),
    (["claim", "--hand", "hA", "--time-limit", "-0"], "--time-limit must be"),
])
def test_hostile_numbers_are_one_line_before_any_work(args: list[str], words: str, tmp_path) -> None:
    """Issue 37: huge counts hung (--jobs) or ended in "internal error" (OverflowError)."""
    run = CliRunner().invoke(main, [a.replace("x.parquet", str(tmp_path / "x.parquet")) for a in args])
    assert run.exit_code == 2 and words in run.stderr and "internal error" not in run.stderr, run.output


def test_more_jobs_than_cores_are_lowered_with_a_word() -> None:
    import os

    from analyzer.cli.common import Jobs

    cores = os.cpu_count() or 1
    assert Jobs().convert(str(cores + 7), None, None) == cores and Jobs().convert("1", None, None) == 1


# --- every command's options, hostile values, in real processes (issue 37) ------------------------
#
# Each case is a command line that works (small: it answers in a second or two) with one to three
# of its options given a hostile value (numbers past every bound, of thousands of digits, negative,
# not numbers; deep nesting; long and odd text), an option dropped, or one given twice. Each runs as
# its own `python -m analyzer` process with a 30 s limit: it must end with 0 or 2 (one line), never
# "internal error" and never a hang. Valid values only as large as answer quickly: a fuzzer that
# asked for a million worlds would find only that a million worlds take long.

HOSTILE_NUMBERS = ["-1", "0", "1", "2", "9" * 23, "-" + "9" * 23, "-9223372036854775808", "9223372036854775808",
                   "18446744073709551616", "1e309", "-1e309", "1e-320", "nan", "inf", "-inf", "0x10", "1_0",
                   " 3 ", "", "٣", "²", "3.5", "9" * 5000, "+2", "0" * 40 + "1", "true", "[]", "-0"]
HOSTILE_TEXT = ["", " ", "[" * 300, "{" * 3000, "[" * 100_000, "\u202e\u200b", "žž", "hA hA", "h: " * 2000,
                "x" * 100_000, "-", "--", "null", "{}", "[]", "\x01\x02", "\ud7ff", "h:A K O", "E Sv Sp",
                '{"hra": ' + "9" * 5000 + "}", '{"a": ' * 500 + "1" + "}" * 500, "1:" + "hA " * 50, "9:hA"]
POSITION = {"hands": ["hA hX b7", "h7 b8 bA", "h8 l7 l8"], "trump": "h", "contract": "game", "actor": 0,
            "talon": "a9 a7"}
DEAL = json.loads((Path(__file__).parent.parent / "analyzer" / "examples" / "seven.json").read_text())
TYSIACHA = "hA hX hK hO / bA bX bK bO / lA lX lK lO ; taken=0,0,30"
DEFENDER_HAND = ["hX", "bA", "bK", "b7", "lA", "lK", "l7", "aU", "a8", "aX"]

# command: (arguments always given, standard input, {option: (kind, a value that works; None: not given,
# "on": a flag given)})
SPECS: dict[str, tuple[list[str], str | None, dict[str, tuple[str, str | None]]]] = {
    "solve": (["solve", "-"], json.dumps(DEAL), {
        "--json": ("flag", None), "--cards": ("flag", None), "--payment": ("flag", "on"),
        "--flek": ("json", '{"hra": 1, "sedma": 2}'), "--flekers": ("json", '{"hra": [1]}'),
        "--tt-log2": ("number", "12"), "--time-limit": ("number", "20"), "--trump": ("text", "h"),
        "--contract": ("text", "sedma"), "--actor": ("number", "0"), "--leader": ("number", "0"),
        "--talon": ("text", "a9 a7"), "--trick": ("text", ""), "--rules": ("text", "csm"),
        "--side-suit": ("text", None), "--sharp-talon": ("flag", None), "--view": ("number", None),
        "--worlds": ("number", None), "--seed": ("number", None), "--hands": ("text", None),
        "--unicode": ("flag", None)}),
    "claim": (["claim", "-"], json.dumps({"hands": ["hA hX b7", None, None], "unseen": "h7 hK bA b8 l7 l8",
                                          "trump": "h", "contract": "game"}), {
        "--json": ("flag", None), "--count": ("flag", None), "--consistent": ("flag", None),
        "--strict": ("flag", None), "--time-limit": ("number", "20"), "--component": ("text", "game"),
        "--talon": ("text", "a9 a7"), "--unseen": ("text", "h7 hK bA b8 l7 l8"), "--hand": ("text", None),
        "--hands": ("text", None), "--contract": ("text", None), "--trump": ("text", None),
        "--side-suit": ("text", None), "--actor": ("number", None), "--leader": ("number", None),
        "--trick": ("text", None), "--rules": ("text", None), "--sharp-talon": ("flag", None),
        "--unicode": ("flag", None)}),
    "review": (["review", "-"], json.dumps({**POSITION, "played": [["hA", "h7", "h8"], ["b7", "bA", "l7"]]}), {
        "--json": ("flag", None), "--payment": ("flag", None), "--sharp-talon": ("flag", None),
        "--view": ("flag", None), "--worlds": ("number", None), "--seed": ("number", None),
        "--unicode": ("flag", None)}),
    "score": (["score", "-"], json.dumps(BASES["score"][0]), {
        "--json": ("flag", None), "--rules": ("text", "csm"), "-o": ("option", "bonuses=false")}),
    "advise": (["advise", *DEFENDER_HAND], None, {
        "--defend": ("text", "seven"), "--trump": ("text", "h"), "--actor": ("number", "0"),
        "--seat": ("number", "1"), "--worlds": ("number", "2"), "--jobs": ("number", "1"),
        "--seed": ("number", "0"), "--rules": ("text", "csm"), "--where": ("where", "seat2.h >= 2"),
        "--json": ("flag", None), "--level": ("text", None), "--side-suit": ("text", None),
        "--known": ("text", None), "--talons": ("number", None), "--talon": ("text", None),
        "--realistic": ("flag", None), "--deals": ("number", "2"), "--decision-worlds": ("number", "2"),
        "--all-discards": ("flag", None)}),
    "study": (["study", "--quiet", "-o", "{tmp}/s.parquet"], None, {
        "--n": ("number", "3"), "--seed": ("number", "0"), "--jobs": ("number", "1"),
        "--analyses": ("text", "shape"), "--dealer": ("text", "uniform"), "--packets": ("text", "csm"),
        "--chunk": ("number", None), "--chain-length": ("number", None), "--burn-in": ("number", None),
        "--cut": ("text", None), "--gather": ("text", None), "--play": ("text", None)}),
    "plot": (["plot", "{tmp}/table.parquet", "-o", "{tmp}/f.png"], None, {"--kind": ("text", "patterns")}),
    "mustamaija solve": (["mustamaija", "solve", "trump:d hands:h2h3sQ/h4d2cA talon:- attacker:0"], None, {
        "--json": ("flag", None), "--player": ("number", None), "--time-limit": ("number", "10"),
        "--endless": ("text", None), "--wedding": ("flag", None), "--engine": ("text", None),
        "--max-states": ("number", None)}),
    "mustamaija study": (["mustamaija", "study", "--quiet"], None, {
        "--players": ("text", "2,3"), "--deals": ("number", "5"), "--seed": ("number", "0"),
        "--jobs": ("number", "1"), "--mix": ("text", None), "--ending-time": ("number", None),
        "--check-endings": ("flag", None), "--json": ("flag", None)}),
    "tysiacha solve": (["tysiacha", "solve", TYSIACHA], None, {
        "--json": ("flag", None), "--marriages": ("text", None), "--any-lead": ("flag", None),
        "--must-beat": ("flag", None)}),
    "tysiacha claim": (["tysiacha", "claim", TYSIACHA], None, {
        "--json": ("flag", None), "--target": ("number", None), "--count": ("flag", None),
        "--marriages": ("text", None), "--any-lead": ("flag", None), "--must-beat": ("flag", None)}),
    "tysiacha score": (["tysiacha", "score"], None, {
        "--bid": ("number", "130"), "--points": ("text", "160,30,20"), "--declarer": ("number", None),
        "--scoring": ("text", None), "--rounding": ("text", None), "--concede": ("flag", None),
        "--json": ("flag", None)}),
    "tysiacha advise": (["tysiacha", "advise", "hA hX hK hO bA lA a9"], None, {
        "--bid": ("number", None), "--widows": ("number", "2"), "--choose-worlds": ("number", "2"),
        "--report-worlds": ("number", "2"), "--candidates": ("number", None), "--seed": ("number", None),
        "--jobs": ("number", "1"), "--json": ("flag", None), "--marriages": ("text", None),
        "--any-lead": ("flag", None), "--must-beat": ("flag", None)}),
    "tysiacha study": (["tysiacha", "study", "--quiet"], None, {
        "--deals": ("number", "3"), "--seed": ("number", None), "--json": ("flag", None),
        "-o": ("text", None), "--marriages": ("text", None), "--any-lead": ("flag", None),
        "--must-beat": ("flag", None)}),
}
# The options that keep a run small: dropped, their default is a run of minutes (10,000 deals), not a bug.
SIZES = {"--n", "--deals", "--worlds", "--widows", "--choose-worlds", "--report-worlds", "--decision-worlds"}
# Text that is a valid request of real size is left out: "--dealer riffle:1000000" is a long study, not a bug.
KIND_VALUES = {"number": HOSTILE_NUMBERS, "text": HOSTILE_TEXT + ["riffle:" + "9" * 30, "riffle:-1", "no-shuffle:x",
                                                                   "all,all", "shape," * 1000, "Sv", "dvě sedmy"],
               "json": HOSTILE_TEXT + ['{"hra": -1}', '{"nic": 1}', '{"hra": [1]}', '{"hra": 1e309}', "[1]"],
               "where": HOSTILE_TEXT + ["seat1.h >= " + "9" * 30, "-9223372036854775808 < seat1.h",
                                        "seat9.h > 1", "seat1.h >= 2 and " * 500 + "seat1.h >= 2", "seat1.x > 1",
                                        "(" * 1000 + "seat1.h > 1" + ")" * 1000],
               "option": [f"{n}={v}" for n in ("hundred_steps", "bonuses", "a", "rules", "unit")
                          for v in ("9" * 5000, "[" * 3000, "x" * 300, "-1", "1e309", "nan")] + ["=", "x", "=1"]}


def hostile_args(rng: random.Random, command: str, tmp: str) -> tuple[list[str], str | None]:
    """A command line of ``command`` with one to three options made hostile."""
    fixed, stdin, options = SPECS[command]
    given: dict[str, str | None] = {name: None if kind == "flag" else value
                                    for name, (kind, value) in options.items()
                                    if value is not None or kind == "flag" and rng.random() < 0.3}
    for _ in range(rng.randint(1, 3)):
        name = rng.choice(sorted(options))
        kind = options[name][0]
        roll = rng.random()
        if roll < 0.1:
            if name not in SIZES:
                given.pop(name, None)
        elif kind == "flag":
            given[name] = None
        else:
            given[name] = rng.choice(KIND_VALUES[kind] if roll < 0.9 else HOSTILE_NUMBERS + HOSTILE_TEXT)
    args = [a.replace("{tmp}", tmp) for a in fixed]
    for name, value in given.items():
        args += [name] if value is None else [name, value]
    if rng.random() < 0.1 and given:  # an option twice
        name = rng.choice(sorted(given))
        args += [name] if given[name] is None else [name, rng.choice(HOSTILE_NUMBERS)]
    return args, stdin


def run_process(args: list[str], stdin: str | None, cwd: str) -> tuple[int | None, str]:
    """``python -m analyzer ARGS``: (exit status, stderr); None for a run past 30 s (killed)."""
    env = {key: value for key, value in os.environ.items() if key != "MARIAS_DEBUG"}  # the guard itself
    try:
        done = subprocess.run([sys.executable, "-m", "analyzer", *args], input=(stdin or "").encode(), cwd=cwd,
                              capture_output=True, timeout=30, env=env, check=False)
    except subprocess.TimeoutExpired:
        return None, ""
    return done.returncode, done.stderr.decode("utf-8", "replace")


def check_process(args: list[str], stdin: str | None, cwd: str) -> str | None:
    """What is wrong with the run of ``args``, or None."""
    code, stderr = run_process(args, stdin, cwd)
    shown = " ".join(a if len(a) < 60 else f"<{len(a)} chars: {a[:20]}...>" for a in args)
    if code is None:
        return f"hung past 30 s: {shown}"
    if "internal error" in stderr or "Traceback" in stderr or code not in (0, 2):
        return f"exit {code}: {shown}: {stderr.strip()[-300:]}"
    lines = stderr.splitlines()
    # the error is one line, after any word said on the way (--jobs lowered to the cores)
    if code == 2 and not (lines and all(ln.startswith("marias: ") for ln in lines)
                          and all("lowered" in ln for ln in lines[:-1])):
        return f"not one line: {shown}: {stderr[:300]!r}"
    return None


@pytest.fixture(scope="module")
def fuzz_dir(tmp_path_factory) -> str:
    """A folder with a small study table for plot."""
    from analyzer.study import run_study

    folder = tmp_path_factory.mktemp("fuzz")
    run_study("uniform", n=5, seed=0, analyses="shape", output=str(folder / "table.parquet"), jobs=1, progress=False)
    return str(folder)


def fuzz_commands(count: int, seed: str, folder: str) -> list[str]:
    """``count`` hostile command lines of every command, two processes at a time; the failures."""
    from concurrent.futures import ThreadPoolExecutor

    rng = random.Random(seed)
    cases = [hostile_args(rng, command, folder) for _ in range(count) for command in sorted(SPECS)]
    with ThreadPoolExecutor(2) as pool:
        found = list(pool.map(lambda case: check_process(case[0], case[1], folder), cases))
    return [f for f in found if f is not None]


def test_every_command_line_that_works_is_small(fuzz_dir: str) -> None:
    """The bases the hostile values are put into answer (exit 0), so the fuzzer reaches the work."""
    from concurrent.futures import ThreadPoolExecutor

    def base(command: str) -> tuple[str, int | None, str]:
        fixed, stdin, options = SPECS[command]
        args = [a.replace("{tmp}", fuzz_dir) for a in fixed]
        for name, (kind, value) in options.items():
            if value is not None:
                args += [name] if kind == "flag" else [name, value]
        return (command, *run_process(args, stdin, fuzz_dir))

    with ThreadPoolExecutor(2) as pool:
        for command, code, stderr in pool.map(base, sorted(SPECS)):
            assert code == 0, (command, stderr)


def test_hostile_command_lines_a_few_of_each(fuzz_dir: str) -> None:
    """A hostile command line of every command, in processes: no internal error, no hang."""
    assert fuzz_commands(1, "fuzz-processes-quick", fuzz_dir) == []


@pytest.mark.slow
def test_hostile_command_lines_of_every_command(fuzz_dir: str) -> None:
    """20 hostile command lines of every command (200 processes, about a minute on two cores, which
    the suite shares: 40 had made it the suite's longest test, and CI's run over 15 minutes)."""
    assert fuzz_commands(20, "fuzz-processes", fuzz_dir) == []


# Options no hostile command line is given, and why (every other option of every command is fuzzed).
NOT_FUZZED = {
    "--scheduler": "an address of a dask cluster: the fuzzer would wait on addresses that do not answer",
    "-o": "given by the command line the fuzzer starts from (a file in its folder)",
    "--quiet": "given by the command line the fuzzer starts from",
    "--plot": "a figure's file name: what it tests is matplotlib's writing",
}
NOT_FUZZED_COMMANDS = {"serve": "a server that runs until stopped: its API is fuzzed over HTTP (tests/test_web_fuzz.py)"}


def test_every_option_of_every_command_is_fuzzed() -> None:
    """SPECS names every command of the command line and each of its options, or says above why
    not: a command or an option added later is fuzzed too, or this test says it is not."""
    import click

    from analyzer.cli import main

    def leaves(group: click.Group, prefix: str = ""):
        for name, command in group.commands.items():
            if isinstance(command, click.Group):
                yield from leaves(command, f"{prefix}{name} ")
            else:
                yield f"{prefix}{name}", command

    unfuzzed = []
    for name, command in leaves(main):
        if name in NOT_FUZZED_COMMANDS:
            continue
        if name not in SPECS:
            unfuzzed.append(name)
            continue
        named = set(SPECS[name][2])
        for param in command.params:
            if isinstance(param, click.Option) and param.name != "help":
                if not set(param.opts) & (named | set(NOT_FUZZED)):
                    unfuzzed.append(f"{name} {'/'.join(param.opts)}")
    assert not unfuzzed, unfuzzed
