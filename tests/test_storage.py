"""Checked files (checkpoints, discard charts) and where they may be written.

A damaged file is a ValueError that names it, never a wrong result and never
another exception type: byte flips, truncations, swapped and edited members.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import stat
import struct
import subprocess
import sys
import threading
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from badeucey_fast import _storage
from badeucey_fast._jobrun import CHECKPOINT_FORMAT, read_checkpoint, write_checkpoint
from badeucey_fast._storage import atomic_write, check_output_path, read_arrays, write_arrays
from badeucey_fast.jobs import DiscardChart, InlineExecutor, canonical_hands, discard_chart, run_chunks

HANDS = canonical_hands(4)[::4111]  # four canonical Badugi hands
TARGET = "badugi:9"
JOB = {"job": "storage test"}


@pytest.fixture(scope="module")
def chart() -> DiscardChart:
    return discard_chart("badugi", target=TARGET, hands=HANDS, executor=InlineExecutor(), chunk_size=2)


def checkpoint_chunks() -> dict[int, dict[str, Any]]:
    rng = np.random.default_rng(25)
    return {
        c: {"score": rng.random((3, 4)), "mean_rank": rng.random((3, 4, 2)) * 1000, "exact": rng.random((3, 4)) < 0.5}
        for c in (0, 2, 5)
    }


def same_chart(a: DiscardChart, b: DiscardChart) -> bool:
    arrays = [n for n in ("hands", "score", "probability", "mean_rank", "exact") if getattr(a, n) is not None]
    return a == b and all(
        getattr(a, n).dtype == getattr(b, n).dtype and getattr(a, n).tobytes() == getattr(b, n).tobytes() for n in arrays
    )


def same_chunks(a: dict[int, dict[str, Any]], b: dict[int, dict[str, Any]]) -> bool:
    return a.keys() == b.keys() and all(
        a[c].keys() == b[c].keys()
        and all(a[c][n].dtype == b[c][n].dtype and a[c][n].shape == b[c][n].shape
                and a[c][n].tobytes() == b[c][n].tobytes() for n in a[c])
        for c in a
    )


def members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


def rezip(path: Path, content: dict[str, bytes]) -> None:
    """Write ``content`` as a well-formed zip (fresh CRCs), as a tool that edits a member would."""
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in content.items():
            archive.writestr(name, data)


# ---- the file kinds round trip, and damage is refused ------------------------------------


def test_round_trips_and_the_file_is_an_npz(chart: DiscardChart, tmp_path: Path) -> None:
    path = tmp_path / "chart.npz"
    chart.save(path)
    assert same_chart(DiscardChart.load(path), chart)
    with np.load(path) as data:  # still readable by numpy alone
        assert np.array_equal(data["score"], chart.score)
    first = path.read_bytes()
    chart.save(path)
    assert path.read_bytes() == first  # the same chart gives the same bytes
    done = checkpoint_chunks()
    write_checkpoint(tmp_path / "c.ckpt", JOB, done)
    resumed = read_checkpoint(tmp_path / "c.ckpt", JOB)
    assert same_chunks(resumed, done)
    assert all(a.flags.writeable for result in resumed.values() for a in result.values())  # as fresh chunks'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.ckpt", "chart.npz"]  # no temporary file left


def test_checkpoint_whose_header_says_float32_is_refused(tmp_path: Path) -> None:
    """Issue 25, 4: '<f8' edited to '<f4' in mean_rank.npy's header made a resumed
    chart read half of the array as float32 (mean rank 4.4 instead of 847.8)."""
    path = tmp_path / "chart.ckpt"
    expected = discard_chart("badugi", hands=HANDS, executor=InlineExecutor(), chunk_size=2, checkpoint=path)
    content = members(path)
    assert b"'descr': '<f8'" in content["mean_rank.npy"]
    content["mean_rank.npy"] = content["mean_rank.npy"].replace(b"'descr': '<f8'", b"'descr': '<f4'", 1)
    rezip(path, content)
    with pytest.raises(ValueError, match=f"checkpoint {path}: damaged .*mean_rank"):
        discard_chart("badugi", hands=HANDS, executor=InlineExecutor(), chunk_size=2, checkpoint=path)
    path.unlink()
    assert same_chart(discard_chart("badugi", hands=HANDS, executor=InlineExecutor(), chunk_size=2), expected)


def test_chart_whose_header_says_float32_is_refused(chart: DiscardChart, tmp_path: Path) -> None:
    path = tmp_path / "chart.npz"
    chart.save(path)
    content = members(path)
    content["score.npy"] = content["score.npy"].replace(b"'descr': '<f8'", b"'descr': '<f4'", 1)
    rezip(path, content)
    with pytest.raises(ValueError, match=f"chart file {path}: damaged .*score"):
        DiscardChart.load(path)


Load = Callable[[Path], object]


def _loaders(chart: DiscardChart) -> dict[str, tuple[Callable[[Path], None], Load, Callable[[object], bool]]]:
    done = checkpoint_chunks()
    return {
        "chart": (chart.save, DiscardChart.load, lambda got: isinstance(got, DiscardChart) and same_chart(got, chart)),
        "checkpoint": (lambda p: write_checkpoint(p, JOB, done), lambda p: read_checkpoint(p, JOB),
                       lambda got: isinstance(got, dict) and same_chunks(got, done)),
    }


def _damaged(data: bytes, rng: random.Random) -> list[bytes]:
    """Seeded damage: single byte flips, flips of a few bytes, and truncations."""
    cases = []
    for _ in range(250):
        flipped = bytearray(data)
        flipped[rng.randrange(len(data))] ^= rng.randrange(1, 256)
        cases.append(bytes(flipped))
    for _ in range(40):
        flipped = bytearray(data)
        for _ in range(rng.randrange(2, 6)):
            flipped[rng.randrange(len(data))] = rng.randrange(256)
        cases.append(bytes(flipped))
    for _ in range(40):
        cases.append(data[: rng.randrange(len(data))])
    return cases


@pytest.mark.parametrize("kind", ["chart", "checkpoint"])
def test_fuzz_damage_is_a_value_error_naming_the_file_or_the_same_result(
    chart: DiscardChart, kind: str, tmp_path: Path
) -> None:
    """Issue 25, 5: flipped files raised tokenize.TokenError, NotImplementedError,
    zlib.error; and 4: an edited one gave a wrong result."""
    save, load, same = _loaders(chart)[kind]
    good = tmp_path / "good"
    save(good)
    data = good.read_bytes()
    path = tmp_path / "damaged"
    refused = 0
    for case in _damaged(data, random.Random(f"issue 25 {kind}")):
        path.write_bytes(case)
        try:
            got = load(path)
        except ValueError as exc:
            assert str(path) in str(exc)
            refused += 1
        else:
            assert same(got), "a damaged file gave another result"
    assert refused > 200  # most damage is seen (a flip in a zip field nobody reads is harmless)


@pytest.mark.parametrize("kind", ["chart", "checkpoint"])
def test_swapped_missing_extra_and_edited_members_are_refused(chart: DiscardChart, kind: str, tmp_path: Path) -> None:
    save, load, _ = _loaders(chart)[kind]
    good = tmp_path / "good"
    save(good)
    content = members(good)
    names = sorted(content)
    variants: list[dict[str, bytes]] = []
    for a in names:
        for b in names:
            if a < b and content[a] != content[b]:
                variants.append({**content, a: content[b], b: content[a]})
        variants.append({n: d for n, d in content.items() if n != a})
        variants.append({**content, a: content[a] + b"\0"})
    variants.append({**content, "extra.npy": content[names[-1]]})
    manifest = json.loads(content["manifest.json"])
    manifest["meta"]["tampered"] = True
    variants.append({**content, "manifest.json": json.dumps(manifest).encode()})
    path = tmp_path / "damaged"
    for variant in variants:
        rezip(path, variant)
        with pytest.raises(ValueError, match=str(path)):
            load(path)


def _set_compression(path: Path, member: str, method: int) -> None:
    """Write ``method`` into ``member``'s local and central zip headers (as a flipped byte would)."""
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        local = archive.getinfo(member).header_offset
    data[local + 8 : local + 10] = struct.pack("<H", method)  # the local header's compression method
    central = data.index(b"PK\x01\x02")
    while data[central + 46 : central + 46 + len(member)] != member.encode():
        central = data.index(b"PK\x01\x02", central + 4)
    data[central + 10 : central + 12] = struct.pack("<H", method)  # the central directory's
    path.write_bytes(bytes(data))


def test_what_the_parsers_raise_becomes_value_error(chart: DiscardChart, tmp_path: Path) -> None:
    """Each exception type the issue met, made on purpose."""
    path = tmp_path / "chart.npz"
    chart.save(path)
    # an unknown compression method: zipfile raises NotImplementedError
    _set_compression(path, "score.npy", 99)
    with pytest.raises(ValueError, match=f"chart file {path}: damaged .*NotImplementedError"):
        DiscardChart.load(path)
    # a broken deflate stream: zlib.error
    chart.save(path)
    data = bytearray(path.read_bytes())
    with zipfile.ZipFile(path) as archive:
        info = archive.getinfo("score.npy")
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    data[start] = 0xFF  # deflate block type 3 does not exist
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match=f"chart file {path}: damaged .*(error|CRC)"):
        DiscardChart.load(path)
    # a .npy header that numpy's parser (tokenize, ast) fails on, behind a manifest that vouches for it
    write_arrays(path, {"x": np.zeros(3)}, kind="test 1", meta={})
    content = members(path)
    broken = content["x.npy"].replace(b"'shape': (3,)", b"'shape': (3,(", 1)
    manifest = json.loads(content["manifest.json"])
    manifest["arrays"][0]["sha256"] = _storage._digest(broken)
    manifest["checksum"] = _storage._manifest_digest(manifest)
    rezip(path, {"manifest.json": json.dumps(manifest).encode(), "x.npy": broken})
    with pytest.raises(ValueError, match=f"{path}: damaged"):
        read_arrays(path, kind="test 1", where=f"file {path}")


def test_other_files_given_as_checkpoint_or_chart(chart: DiscardChart, tmp_path: Path) -> None:
    """Issue 25, 5: a .npy given as a checkpoint said "'numpy.ndarray' object does
    not support the context manager protocol"."""
    npy, ckpt, npz = tmp_path / "a.npy", tmp_path / "c.ckpt", tmp_path / "chart.npz"
    np.save(npy, np.arange(3))
    with pytest.raises(ValueError, match=f"checkpoint {npy}: not a readable checkpoint file"):
        read_checkpoint(npy, JOB)
    with pytest.raises(ValueError, match=f"chart file {npy}: not a readable .npz file"):
        DiscardChart.load(npy)
    chart.save(npz)
    write_checkpoint(ckpt, JOB, checkpoint_chunks())
    with pytest.raises(ValueError, match="not a badeucey-fast job checkpoint .*discard chart"):
        read_checkpoint(npz, JOB)
    with pytest.raises(ValueError, match="not a badeucey-fast discard chart .*job checkpoint"):
        DiscardChart.load(ckpt)
    with pytest.raises(ValueError, match="belongs to another job"):
        read_checkpoint(ckpt, {"job": "another"})
    plain = tmp_path / "plain.npz"
    np.savez(plain, score=chart.score)
    with pytest.raises(ValueError, match="not a badeucey-fast discard chart"):
        DiscardChart.load(plain)
    with pytest.raises(ValueError, match="not a readable .npz file"):
        DiscardChart.load(tmp_path)  # a folder


def test_files_of_the_earlier_format_are_refused_with_a_way_out(chart: DiscardChart, tmp_path: Path) -> None:
    old_chart, old_ckpt = tmp_path / "old.npz", tmp_path / "old.ckpt"
    np.savez_compressed(old_chart, meta=np.array(json.dumps({"format": "badeucey-fast discard chart 1"})),
                        hands=chart.hands, score=chart.score)
    with open(old_ckpt, "wb") as f:  # (np.savez adds .npz to a name without it)
        np.savez(f, __header__=np.array(json.dumps({"format": "badeucey-fast job checkpoint 1"})),
                 __chunks__=np.zeros(0, dtype=np.int64))
    with pytest.raises(ValueError, match=f"chart file {old_chart}: written by an earlier version .*compute it again"):
        DiscardChart.load(old_chart)
    with pytest.raises(ValueError, match=f"checkpoint {old_ckpt}: written by an earlier version .*compute it again"):
        read_checkpoint(old_ckpt, JOB)
    write_arrays(old_ckpt, {"__chunks__": np.zeros(0, dtype=np.int64)}, kind="badeucey-fast job checkpoint 1",
                 meta={"job": json.dumps(JOB)})
    with pytest.raises(ValueError, match=f"another version .*{CHECKPOINT_FORMAT}"):
        read_checkpoint(old_ckpt, JOB)


# ---- writers: unique temporary files, nothing replaced that is not a file ------------------


def test_threads_sharing_a_checkpoint_path(tmp_path: Path) -> None:
    """Issue 25, 6: the temporary name was per process, so two threads writing one
    checkpoint removed each other's temporary file (FileNotFoundError)."""
    path = tmp_path / "shared.ckpt"
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def writer(chunk: int) -> None:
        try:
            start.wait()
            for i in range(40):
                write_checkpoint(path, JOB, {chunk: {"x": np.full(3, float(i))}})
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(c,)) for c in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    kept = read_checkpoint(path, JOB)
    assert len(kept) == 1 and next(iter(kept.values()))["x"].tolist() == [39.0] * 3
    assert [p.name for p in tmp_path.iterdir()] == ["shared.ckpt"]


def _square(chunk: int, seeds: Any, payload: int) -> dict[str, Any]:
    return {"x": np.array([payload * payload])}


def test_two_jobs_in_threads_share_a_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "shared.ckpt"
    results: list[Any] = []
    errors: list[BaseException] = []

    def job() -> None:
        try:
            out = run_chunks(_square, list(range(30)), [1] * 30, job=JOB, executor=InlineExecutor(), checkpoint=path,
                             checkpoint_interval=0.0)
            results.append([int(r["x"][0]) for r in out])
        except BaseException as exc:  # noqa: BLE001 - reported by the test
            errors.append(exc)

    threads = [threading.Thread(target=job) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not errors, errors
    assert results == [[c * c for c in range(30)]] * 2


@pytest.fixture
def places(tmp_path: Path) -> dict[str, Path]:
    """Targets that must be refused, each with what makes it wrong."""
    real = tmp_path / "real.npz"
    real.write_bytes(b"keep me")
    link = tmp_path / "link.npz"
    link.symlink_to(real)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    return {
        "the folder .* does not exist": tmp_path / "missing" / "x.npz",
        "is a folder": tmp_path,
        "is a symbolic link": link,
        "not a regular file": fifo,
        "not a folder": real / "x.npz",
    }


def _writers(chart: DiscardChart) -> dict[str, Callable[[Path], object]]:
    return {
        "save": chart.save,
        "to_csv": chart.to_csv,
        "write_checkpoint": lambda p: write_checkpoint(p, JOB, checkpoint_chunks()),
        "read_checkpoint": lambda p: read_checkpoint(p, JOB),
        "run_chunks": lambda p: run_chunks(_never, [1], [1], job=JOB, executor=InlineExecutor(), checkpoint=p),
    }


def _never(chunk: int, seeds: Any, payload: Any) -> dict[str, Any]:
    raise AssertionError("the job started before its checkpoint's path was checked")


@pytest.mark.parametrize("writer", ["save", "to_csv", "write_checkpoint", "read_checkpoint", "run_chunks"])
def test_paths_that_cannot_take_a_file_are_refused_and_left_alone(
    chart: DiscardChart, places: dict[str, Path], writer: str, tmp_path: Path
) -> None:
    """Issue 25, 7: a symlink or device at the target was replaced by a regular file;
    a missing folder was found after the job."""
    write = _writers(chart)[writer]
    for match, path in places.items():
        with pytest.raises(ValueError, match=match):
            write(path)
    assert (tmp_path / "link.npz").is_symlink() and (tmp_path / "real.npz").read_bytes() == b"keep me"
    assert stat.S_ISFIFO(os.lstat(tmp_path / "fifo").st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "link.npz", "real.npz"]


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root writes in any folder")
def test_a_folder_without_write_permission_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(ValueError, match="cannot write in the folder"):
            check_output_path(folder / "x.npz", "--out")
    finally:
        folder.chmod(0o700)


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path: Path) -> None:
    path = tmp_path / "out.bin"
    path.write_bytes(b"old")

    def fail(f: io.BufferedIOBase | Any) -> None:
        f.write(b"half")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space left"):
        atomic_write(path, fail)
    assert path.read_bytes() == b"old" and [p.name for p in tmp_path.iterdir()] == ["out.bin"]
    with pytest.raises(TypeError):
        check_output_path(b"x.npz", "--out")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="empty"):
        check_output_path("", "--out")


def test_a_full_device_is_found_before_any_work(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def full(fd: int, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(_storage.os, "write", full)
    with pytest.raises(ValueError, match="cannot write in the folder .*No space left on device"):
        check_output_path(tmp_path / "x.npz", "--out")
    assert list(tmp_path.iterdir()) == []


def test_write_arrays_refuses_what_it_cannot_store_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "x.npz"
    with pytest.raises(ValueError, match="cannot name an array"):
        write_arrays(path, {"a/b": np.zeros(1)}, kind="test 1", meta={})
    with pytest.raises(TypeError):
        write_arrays(path, {"a": np.zeros(1)}, kind="test 1", meta={"when": object()})
    with pytest.raises(ValueError, match="pickle"):
        write_arrays(path, {"a": np.array([object()], dtype=object)}, kind="test 1", meta={})
    assert list(tmp_path.iterdir()) == []
    write_arrays(path, {"a": np.arange(6).reshape(2, 3).T}, kind="test 1", meta={"n": 1})  # Fortran order
    meta, arrays = read_arrays(path, kind="test 1", where="x")
    assert meta == {"n": 1} and arrays["a"].tolist() == [[0, 3], [1, 4], [2, 5]] and not arrays["a"].flags.writeable


# ---- a zip bomb is refused before it inflates ----------------------------------------------

BOMB_BYTES = 512 << 20
"""What a bomb's member inflates to (from about half a megabyte of file)."""
GROWTH_LIMIT = 64 << 20
"""The most a process's peak memory may grow while it refuses a bomb (issue 43, 3: a member
of 1.5 GiB took 3.1 GB before "does not match its checksum")."""


def _deflated_zeros(size: int) -> tuple[bytes, int]:
    """A raw deflate stream of ``size`` zero bytes (whole MiB) and their CRC-32: one compressed
    MiB, fully flushed (so every copy of it is the same bytes), repeated, then the final block."""
    mib = bytes(1 << 20)
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    piece = compressor.compress(mib) + compressor.flush(zlib.Z_FULL_FLUSH)
    crc = 0
    for _ in range(size >> 20):
        crc = zlib.crc32(mib, crc)
    return piece * (size >> 20) + compressor.flush(), crc


def _write_zip(path: Path, entries: dict[str, bytes | tuple[bytes, int, int]], claimed: dict[str, int]) -> None:
    """A zip of stored members (bytes) and deflated ones (stream, size, CRC-32), written by
    hand; ``claimed`` gives a member the size its central directory states instead of its own."""
    local, central = bytearray(), bytearray()
    date = (1 << 5) | 1  # 1980-01-01
    for name, entry in entries.items():
        method, data, size, crc = ((8, *entry) if isinstance(entry, tuple)
                                   else (0, entry, len(entry), zlib.crc32(entry)))
        raw = name.encode()
        offset = len(local)
        local += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, date, crc, len(data), size, len(raw), 0)
        local += raw + data
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, method, 0, date, crc, len(data),
                               claimed.get(name, size), len(raw), 0, 0, 0, 0, 0o644 << 16, offset) + raw
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), len(local), 0)
    path.write_bytes(bytes(local + central + end))


_REFUSE_AND_MEASURE = """
import json, resource, sys
from badeucey_fast._storage import read_arrays
scale = 1 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB elsewhere
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    read_arrays(sys.argv[1], kind="test 1", where=f"file {sys.argv[1]}")
    error, message = "none", ""
except Exception as exc:
    error, message = type(exc).__name__, str(exc)
growth = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * scale
print(json.dumps({"error": error, "message": message, "growth": growth}))
"""


@pytest.mark.parametrize("bomb", ["member", "manifest", "claimed size", "promised, not given"])
def test_a_zip_bomb_is_refused_before_it_inflates(bomb: str, tmp_path: Path) -> None:
    """Issue 43, 3: each member's size is checked against the manifest's before it is
    inflated, and read in bounded pieces (a file of half a megabyte inflating to 512 MiB).
    A member whose manifest and zip header promise 512 MiB that never come takes only the
    memory of what does come."""
    path = tmp_path / "bomb.npz"
    write_arrays(path, {"x": np.zeros(4)}, kind="test 1", meta={})
    content = members(path)
    stream, crc = _deflated_zeros(BOMB_BYTES)
    inflating = (stream, BOMB_BYTES, crc)
    claimed: dict[str, int] = {}
    if bomb == "manifest":
        _write_zip(path, {"manifest.json": inflating, "x.npy": content["x.npy"]}, claimed)
    elif bomb == "promised, not given":
        manifest = json.loads(content["manifest.json"])
        manifest["arrays"][0]["shape"] = [BOMB_BYTES // 8]
        manifest["checksum"] = _storage._manifest_digest(manifest)
        header = len(content["x.npy"]) - 4 * 8
        claimed["x.npy"] = header + BOMB_BYTES
        stream, crc = _deflated_zeros(1 << 20)
        _write_zip(path, {"manifest.json": json.dumps(manifest).encode(), "x.npy": (stream, 1 << 20, crc)}, claimed)
    else:
        if bomb == "claimed size":  # the central directory states the size the manifest's array takes
            claimed["x.npy"] = len(content["x.npy"])
        _write_zip(path, {"manifest.json": content["manifest.json"], "x.npy": inflating}, claimed)
    assert path.stat().st_size < 1 << 20
    # from the test's folder, not the repository's root, whose source tree would shadow an installed package
    run = subprocess.run([sys.executable, "-c", _REFUSE_AND_MEASURE, str(path)], capture_output=True, text=True,
                         cwd=tmp_path, check=True)
    got = json.loads(run.stdout)
    assert got["error"] == "ValueError" and f"file {path}: " in got["message"], got
    assert got["growth"] < GROWTH_LIMIT, got


def test_metadata_too_large_for_a_manifest_is_refused_before_writing(monkeypatch: pytest.MonkeyPatch,
                                                                      tmp_path: Path) -> None:
    monkeypatch.setattr(_storage, "MANIFEST_LIMIT", 1000)
    with pytest.raises(ValueError, match="more than a file's manifest may"):
        write_arrays(tmp_path / "x.npz", {"a": np.zeros(1)}, kind="test 1", meta={"notes": "x" * 1000})
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("edit", "named"), [
    (lambda meta, arrays: arrays["probability"].__setitem__((0, 1), np.nan), "probabilit"),
    (lambda meta, arrays: arrays["probability"].__setitem__((0, 1), 1.5), "probabilit"),
    (lambda meta, arrays: arrays["probability"].__setitem__((0, 1), -0.25), "probabilit"),
    (lambda meta, arrays: arrays["probability"].__setitem__((0, 1), np.inf), "probabilit"),
    (lambda meta, arrays: meta.__setitem__("draws", 10**30), "draws"),
    (lambda meta, arrays: meta.__setitem__("draws", 0), "draws"),
    (lambda meta, arrays: meta.__setitem__("seed", -1), "seed"),
    (lambda meta, arrays: meta.__setitem__("seed", 2**64), "seed"),
    (lambda meta, arrays: meta.__setitem__("chunk_size", 0), "chunk_size"),
    (lambda meta, arrays: meta.__setitem__("chunk_size", 1.5), "chunk_size"),
], ids=["nan", "1.5", "negative", "inf", "draws 10**30", "draws 0", "seed -1", "seed 2**64", "chunk 0", "chunk 1.5"])
def test_a_chart_of_values_or_settings_out_of_range_is_refused(chart: DiscardChart, tmp_path: Path,
                                                               edit: Callable[[dict[str, Any], dict[str, Any]], None],
                                                               named: str) -> None:
    """A chart file's probabilities of the target (NaN, 1.5, -0.25 loaded) and its draws, seed
    and chunk size (10**30 draws loaded) are checked on loading, its checksums made anew (issue 43, 2)."""
    from badeucey_fast._chart import FORMAT

    path = tmp_path / "chart.npz"
    chart.save(path)
    meta, stored = read_arrays(path, kind=FORMAT, where="x")
    arrays = {name: np.array(array) for name, array in stored.items()}
    edit(meta, arrays)
    write_arrays(path, arrays, kind=FORMAT, meta=meta)
    with pytest.raises(ValueError, match=f"^chart file {re.escape(str(path))}: damaged .*{named}"):
        DiscardChart.load(path)


def test_a_chart_job_resumed_from_a_checkpoint_of_values_out_of_range_is_refused(tmp_path: Path) -> None:
    """A chart job's checkpoint of probabilities outside 0 .. 1 (its checksums made anew) made a
    chart holding them when resumed (issue 43, 2)."""
    path = tmp_path / "chart.ckpt"
    settings = {"target": TARGET, "hands": HANDS, "executor": InlineExecutor(), "chunk_size": 2, "checkpoint": path}
    discard_chart("badugi", **settings)  # type: ignore[arg-type]
    meta, stored = read_arrays(path, kind=CHECKPOINT_FORMAT, where="x")
    arrays = {name: np.array(array) for name, array in stored.items()}
    arrays["probability"][1, 3] = 1.5
    write_arrays(path, arrays, kind=CHECKPOINT_FORMAT, meta=meta)
    with pytest.raises(ValueError, match=f"^checkpoint {re.escape(str(path))}: damaged .*probabilit"):
        discard_chart("badugi", **settings)  # type: ignore[arg-type]
