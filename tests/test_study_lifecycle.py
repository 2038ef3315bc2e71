"""A study's processes and memory: its workers die with it (even killed with SIGKILL), an
interrupt during the final combine says what was kept, the chunks are handed out a few at a
time, and the ranges left to do are found without a list as long as the study."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from analyzer.study import StudyInterrupted, execution, run_study
from analyzer.study.storage import Parts, missing

ROOT = Path(__file__).parent.parent


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    out = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.add(int(entry.name))
    return out


def alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process tree from /proc")
def test_no_worker_survives_sigkill_of_the_study(tmp_path: Path) -> None:
    """SIGKILL gives the main process no chance to stop its workers: they end by themselves
    (PR_SET_PDEATHSIG) within 5 s, none holding the parent's stderr."""
    output = tmp_path / "t.parquet"
    study = subprocess.Popen([sys.executable, "-m", "analyzer", "study", "--n", "100000", "--analyses", "hra",
                              "--jobs", "2", "--quiet", "-o", str(output)], cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    workers: set[int] = set()
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(workers) < 2:
            workers = children(study.pid)
            time.sleep(0.2)
        assert len(workers) >= 2, "the workers never started"
        time.sleep(1.0)  # the workers are searching
        workers |= {grandchild for w in workers for grandchild in children(w)}
        study.send_signal(signal.SIGKILL)
        study.wait(5)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(alive(w) for w in workers):
            time.sleep(0.1)
        survivors = [w for w in workers if alive(w)]
        assert not survivors, survivors
        # every writer of the pipe is gone: reading stderr ends
        study.stderr.read()
    finally:
        if study.poll() is None:
            study.kill()
        for w in workers | children(study.pid):
            if alive(w):
                os.kill(w, signal.SIGKILL)  # a failed run leaves no process behind


def test_die_with_parent_watches_a_parent_already_gone() -> None:
    """A worker whose parent died before its initializer ran ends at once."""
    code = ("import os\nfrom analyzer.study.execution import die_with_parent\n"
            "die_with_parent(os.getppid() + 1 if os.getppid() != 1 else 2)\nprint('alive')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT,
                         check=False)
    assert out.returncode == 1 and "alive" not in out.stdout


def test_an_interrupt_while_combining_says_every_chunk_was_kept(tmp_path: Path, monkeypatch) -> None:
    output = tmp_path / "t.parquet"

    def interrupted(self: Parts, n: int, table: bool = True) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Parts, "combine", interrupted)
    with pytest.raises(StudyInterrupted) as caught:
        run_study(n=30, seed=1, output=output, jobs=1, chunk=10, progress=False)
    assert str(caught.value).startswith("interrupted; 3 finished chunks (30 of 30 deals) kept in")
    monkeypatch.undo()
    table = run_study(n=30, seed=1, output=output, jobs=1, chunk=10, progress=False)  # resumes: nothing to compute
    assert list(table["deal"]) == list(range(30))
    assert table.equals(run_study(n=30, seed=1, jobs=1, progress=False).pipe(lambda df: df[table.columns]))


def test_an_interrupt_after_the_table_was_written_says_so(tmp_path: Path, monkeypatch) -> None:
    output = tmp_path / "t.parquet"
    combine = Parts.combine

    def then_interrupted(self: Parts, n: int, table: bool = True) -> None:
        combine(self, n, table)
        raise KeyboardInterrupt

    monkeypatch.setattr(Parts, "combine", then_interrupted)
    with pytest.raises(StudyInterrupted) as caught:
        run_study(n=20, seed=1, output=output, jobs=1, chunk=10, progress=False)
    assert "table of all 20 deals was written to" in str(caught.value) and output.exists()


def test_the_chunks_are_handed_out_a_few_at_a_time(monkeypatch) -> None:
    """execute() reads the chunks lazily: with 2 workers at most 2 * AHEAD are taken before the
    first one finishes, and every chunk comes back exactly once."""
    from analyzer.dealing import Dealer
    from analyzer.study.spec import Study

    study = Study(Dealer.parse("uniform", "csm"), 60, 3, ("shape",))
    taken: list[tuple[int, int]] = []

    def spans():
        for a in range(0, 60, 5):
            taken.append((a, a + 5))
            yield a, a + 5

    results = execution.execute(study, spans(), 2, None)
    first = next(results)
    assert len(taken) <= 2 * execution.AHEAD + 1
    rest = list(results)
    got = sorted([(first[0], first[1])] + [(a, b) for a, b, _ in rest])
    assert got == [(a, a + 5) for a in range(0, 60, 5)]
    assert all(len(rows) == b - a for a, b, rows in [first, *rest])


def _missing_by_list(done: list[tuple[int, int]], n: int) -> list[tuple[int, int]]:
    """The reference: a flag per deal."""
    covered = [False] * n
    for a, b in done:
        for i in range(a, min(b, n)):
            covered[i] = True
    out, i = [], 0
    while i < n:
        if covered[i]:
            i += 1
            continue
        j = i
        while j < n and not covered[j]:
            j += 1
        out.append((i, j))
        i = j
    return out


def test_missing_agrees_with_a_flag_per_deal_on_random_parts() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        n = rng.randint(1, 60)
        done = []
        for _ in range(rng.randint(0, 6)):
            a = rng.randint(0, n + 5)
            done.append((a, a + rng.randint(1, 20)))
        assert missing(done, n) == _missing_by_list(done, n), (done, n)


def test_missing_needs_no_list_as_long_as_the_study() -> None:
    started = time.perf_counter()
    assert missing([(0, 5000), (10_000, 15_000)], 10**12) == [(5000, 10_000), (15_000, 10**12)]
    assert time.perf_counter() - started < 0.01


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
@pytest.mark.parametrize("dealer,analyses", [("uniform", "shape,hra"), ("no-shuffle", "shape")])
def test_the_table_written_part_by_part_is_the_table_combined_in_memory(tmp_path: Path, suffix: str, dealer: str,
                                                                          analyses: str) -> None:
    """``table=False`` (the command line's way) streams the parts into the output: the same file
    when read back, the study's parameters included, as the combine in memory writes."""
    options = {"chain_length": 10, "burn_in": 2} if dealer != "uniform" else {}
    streamed, in_memory = tmp_path / f"s{suffix}", tmp_path / f"m{suffix}"
    assert run_study(dealer, n=40, seed=2, analyses=analyses, output=streamed, jobs=1, chunk=10, progress=False,
                     table=False, **options) is None
    df = run_study(dealer, n=40, seed=2, analyses=analyses, output=in_memory, jobs=1, chunk=10, progress=False,
                   **options)
    assert not streamed.with_name(streamed.name + ".parts").exists()
    from analyzer.study import read_table

    a, b = read_table(streamed), read_table(in_memory)
    assert a.equals(b) and a.equals(df)
    assert list(a.dtypes) == list(b.dtypes)
    assert a.attrs == b.attrs
    if suffix == ".csv":
        assert streamed.read_text() == in_memory.read_text()


def test_parts_that_do_not_tile_are_combined_in_memory(tmp_path: Path) -> None:
    """A resumed run with another chunk size leaves parts of other sizes; they still tile, but a
    part that overlaps another (written twice) makes the streaming give way to the combine in
    memory, which keeps each deal once."""
    output = tmp_path / "t.parquet"
    run_study(n=30, seed=4, output=output, jobs=1, chunk=10, progress=False)
    reference = run_study(n=30, seed=4, jobs=1, progress=False)
    from analyzer.dealing import Dealer
    from analyzer.study.analyses import analyse_chunk
    from analyzer.study.spec import Study, parse_analyses

    study = Study(Dealer.parse("uniform", "csm"), 30, 4, parse_analyses("shape", "csm"))
    parts = Parts(output, study)
    parts.open()
    for a, b in [(0, 20), (10, 30)]:  # overlapping
        parts.write(a, b, analyse_chunk(study, a, b))
    assert parts.combine(30, table=False) is not None  # combined in memory
    from analyzer.study import read_table

    assert read_table(output).equals(reference[read_table(output).columns])


@pytest.mark.parametrize("options,words", [({"chunk": 100_001}, "a chunk of 100001 deals"),
                                           ({"dealer": "no-shuffle", "chain_length": 200_000}, "a chain of 200000")])
def test_a_unit_of_work_too_large_to_hold_is_refused_before_it_starts(tmp_path: Path, options: dict,
                                                                       words: str) -> None:
    from analyzer.study.spec import StudyError

    dealer = options.pop("dealer", "uniform")
    started = time.perf_counter()
    with pytest.raises(StudyError, match=words):
        run_study(dealer, n=10**9, output=tmp_path / "t.parquet", jobs=2, progress=False, **options)
    assert time.perf_counter() - started < 1 and not list(tmp_path.iterdir())


def test_the_dask_path_keeps_a_few_chunks_in_flight_and_an_interrupt_stops_submitting(tmp_path: Path,
                                                                                      monkeypatch) -> None:
    """On a cluster of 2 one-thread workers at most 2 * AHEAD chunks are in flight: a chunk is
    taken from the list only once one has come back; every chunk comes back once, with the rows
    the local run computes. An interrupt while the parts are written submits nothing more, keeps
    what was written, and the run resumes on the cluster to the local table."""
    distributed = pytest.importorskip("distributed")
    from analyzer.dealing import Dealer
    from analyzer.study.analyses import analyse_chunk
    from analyzer.study.spec import Study

    study = Study(Dealer.parse("uniform", "csm"), 60, 3, ("shape",))
    slots = 2 * execution.AHEAD
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        taken: list[int] = []  # chunks taken from the list, as each is taken
        received = [0]

        def spans():
            for a in range(0, 60, 5):
                assert len(taken) < slots + received[0] + 1, (len(taken), received[0])
                taken.append(a)
                yield a, a + 5

        got = {}
        for a, b, rows in execution.execute(study, spans(), None, cluster.scheduler_address):
            received[0] += 1
            got[a] = rows
        assert sorted(got) == list(range(0, 60, 5)) and sorted(taken) == sorted(got)
        for a, rows in got.items():
            assert rows.equals(analyse_chunk(study, a, a + 5))

        # an interrupt after the second part: nothing submitted after it
        output = tmp_path / "d.parquet"
        taken.clear()
        real_write, written = Parts.write, []

        def interrupted(self: Parts, start: int, stop: int, rows) -> None:
            if len(written) == 2:
                raise KeyboardInterrupt
            written.append(start)
            real_write(self, start, stop, rows)

        def counted(study, todo, jobs, scheduler):
            def spans_counted():
                for span in todo:
                    taken.append(span[0])
                    yield span
            return real_execute(study, spans_counted(), jobs, scheduler)

        real_execute = execution.execute
        monkeypatch.setattr(Parts, "write", interrupted)
        monkeypatch.setattr(execution, "execute", counted)
        with pytest.raises(StudyInterrupted, match="2 finished chunks"):
            run_study(n=60, seed=3, output=output, chunk=5, progress=False, scheduler=cluster.scheduler_address)
        assert len(taken) <= slots + 3, taken  # two written, the third's rows in hand when interrupted
        monkeypatch.undo()
        table = run_study(n=60, seed=3, output=output, chunk=5, progress=False, scheduler=cluster.scheduler_address)
    local = run_study(n=60, seed=3, jobs=1, progress=False)
    assert table.equals(local[table.columns])


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_the_streaming_combine_reads_a_few_rows_at_a_time_and_writes_the_same_table(tmp_path: Path, suffix: str,
                                                                                     monkeypatch) -> None:
    """Parts read 3 rows at a time (storage.BATCH), and a part whose rows are out of order or of
    another column type (taken whole, sorted and typed, as before): the same table as the
    combine in memory, byte for byte in CSV; no batch of the streamed parts holds more than BATCH
    rows."""
    from analyzer.dealing import Dealer
    from analyzer.study import read_table, storage
    from analyzer.study.analyses import analyse_chunk
    from analyzer.study.spec import Study, parse_analyses

    monkeypatch.setattr(storage, "BATCH", 3)
    study = Study(Dealer.parse("uniform", "csm"), 40, 8, parse_analyses("shape,hra", "csm"))
    reference = tmp_path / f"m{suffix}"
    df = run_study(n=40, seed=8, analyses="shape,hra", output=reference, jobs=1, chunk=10, progress=False)
    output = tmp_path / f"s{suffix}"
    parts = Parts(output, study)
    parts.open()
    for a in range(0, 40, 10):
        rows = analyse_chunk(study, a, a + 10)
        if a == 10:
            rows = rows.iloc[::-1]  # out of order
        if a == 20:
            rows = rows.astype({"seed": "int32"})  # another type
        parts.write(a, a + 10, rows)
    sizes: list[int] = []
    real = Parts._batches

    def counted(self, a, b, schema):
        batches = real(self, a, b, schema)
        if batches is None:
            return None
        return (sizes.append(batch.num_rows) or batch for batch in batches)

    monkeypatch.setattr(Parts, "_batches", counted)
    assert parts.combine(40, table=False) is None
    # Parquet streams the two parts as analyse_chunk wrote them; CSV types each batch itself
    # (with_dtypes), so only the part out of order is taken whole
    assert sizes and max(sizes) == 3 and sum(sizes) == (20 if suffix == ".parquet" else 30)
    a, b = read_table(output), read_table(reference)
    assert a.equals(b) and a.equals(df) and list(a.dtypes) == list(b.dtypes) and a.attrs == b.attrs
    if suffix == ".csv":
        assert output.read_text() == reference.read_text()
