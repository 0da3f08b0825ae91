"""Files of named numpy arrays that are checked when they are read back
(job checkpoints, discard charts), and output paths checked before a job starts.

A file is a zip archive, as numpy's ``.npz``: one ``NAME.npy`` member an array,
and a ``manifest.json`` member that lists every array's name, dtype, shape and
SHA-256 digest of its member's bytes, with the file's kind and metadata, and a
digest of the manifest itself.  Reading checks the manifest's digest, that the
members are exactly the arrays listed, each member's digest (so an edited
header, a flipped byte, a truncated or swapped member is seen before numpy
parses anything), then each parsed array's dtype and shape.  Any damage is a
:class:`ValueError` that names the file and what is wrong: never a wrong
result, never another exception type.  A file that does not exist is a
:class:`FileNotFoundError` (an :class:`OSError`) with its path.

Writing goes to a temporary file of a unique name beside the target, flushed to
disk, then renamed over the target: a kill leaves the old file or the new one,
never a partial one, and two writers (processes or threads) never share a
temporary file.  A symbolic link, folder or device at the target is refused,
not replaced.
"""

from __future__ import annotations

import errno
import hashlib
import io
import json
import math
import os
import secrets
import stat
import zipfile
from collections.abc import Callable, Mapping
from contextlib import suppress
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy.typing as npt

MANIFEST = "manifest.json"
"""The member that describes the others."""
LAYOUT = "badeucey-fast checked arrays 1"
"""The manifest's own format."""
_MEMBER_TIME = (1980, 1, 1, 0, 0, 0)
"""Every member's zip timestamp: the same arrays give the same bytes."""


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _manifest_digest(manifest: Mapping[str, Any]) -> str:
    body = {k: v for k, v in manifest.items() if k != "checksum"}
    return _digest(json.dumps(body, sort_keys=True, separators=(",", ":")).encode())


# ---- output paths --------------------------------------------------------------


def check_output_path(path: str | os.PathLike[str], what: str = "output file") -> Path:
    """``path`` as a :class:`~pathlib.Path`, once it is known that a file can be
    written there: its folder exists and takes a new file, and the path is a
    regular file or nothing (a symbolic link, folder, device, pipe or socket is
    refused: writing would replace it).

    :param what: how messages name the path (e.g. ``"--out"``, ``"checkpoint"``).
    :raises ValueError: naming the path and what is wrong.
    :raises TypeError: for a path that is not text or a path object.
    """
    if isinstance(path, bytes) or not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"{what}: a file path is text or a path object, not {type(path).__name__}")
    target = Path(path)
    if not str(path):
        raise ValueError(f"{what}: the file name is empty")
    _check_target(target, what)
    folder = target.parent
    try:
        is_folder = stat.S_ISDIR(os.stat(folder).st_mode)
    except FileNotFoundError:
        raise ValueError(f"{what} {target}: the folder {folder} does not exist") from None
    except OSError as exc:
        raise ValueError(f"{what} {target}: cannot reach the folder {folder} ({exc.strerror or exc})") from None
    if not is_folder:
        raise ValueError(f"{what} {target}: {folder} is not a folder")
    _probe(folder, target, what)
    return target


def _check_target(target: Path, what: str) -> None:
    """What is at ``target`` now is nothing or a regular file (not a link, folder, device, pipe or socket)."""
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        info = None
    except NotADirectoryError:
        raise ValueError(f"{what} {target}: {target.parent} is not a folder") from None
    except OSError as exc:  # a name too long, a folder not searchable
        raise ValueError(f"{what} {target}: cannot be written ({exc.strerror or exc})") from None
    if info is not None:
        if stat.S_ISLNK(info.st_mode):
            raise ValueError(f"{what} {target} is a symbolic link: give the path of the file itself "
                             "(writing here would replace the link)")
        if stat.S_ISDIR(info.st_mode):
            raise ValueError(f"{what} {target} is a folder: give a file name")
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"{what} {target} is not a regular file (a device, pipe or socket): "
                             "give the path of a file")


def _probe(folder: Path, target: Path, what: str) -> None:
    """Write one byte to a new file in ``folder`` and remove it: a read-only
    file system, a folder without write permission or a full device fail here,
    before any work, rather than after it."""
    probe = folder / f".{target.name}.{secrets.token_hex(6)}.probe"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        raise ValueError(f"{what} {target}: cannot write in the folder {folder} ({exc.strerror or exc})") from None
    try:
        os.write(fd, b"\0")
    except OSError as exc:
        raise ValueError(f"{what} {target}: cannot write in the folder {folder} ({exc.strerror or exc})") from None
    finally:
        os.close(fd)
        with suppress(OSError):
            os.unlink(probe)


def atomic_write(path: str | os.PathLike[str], write: Callable[[IO[bytes]], None], what: str = "output file") -> None:
    """Call ``write(f)`` on a new temporary file beside ``path`` (a unique name),
    flush it to disk, and rename it over ``path``; on any error the temporary
    file is removed and ``path`` is as it was.

    :raises ValueError: for a path that cannot be written (see :func:`check_output_path`).
    :raises OSError: when writing fails (a full device, ...).
    """
    target = check_output_path(path, what)
    tmp = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        _check_target(target, what)  # a link or device may have appeared at the target meanwhile
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise
    _sync_folder(target.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename durable where the platform allows (POSIX: fsync the folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ---- checked array files -------------------------------------------------------


def write_arrays(
    path: str | os.PathLike[str],
    arrays: Mapping[str, npt.NDArray[Any]],
    *,
    kind: str,
    meta: Mapping[str, Any],
    compress: bool = False,
    what: str = "output file",
) -> None:
    """Write ``arrays`` and ``meta`` (JSON-ready) to ``path`` as a checked file of
    ``kind`` (e.g. ``"badeucey-fast discard chart 2"``), atomically.

    :raises ValueError: for a path that cannot be written, an array name that
        cannot be a member (empty, or with a ``/``), or an array of Python objects.
    :raises TypeError: for ``meta`` that is not JSON-ready.
    :raises OSError: when writing fails.
    """
    import numpy as np

    for name in arrays:
        if not isinstance(name, str) or not name or "/" in name or "\\" in name:
            raise ValueError(f"write_arrays: {name!r} cannot name an array of a file")
    json.dumps(meta)  # not JSON-ready: a TypeError before any file is touched
    method = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED

    def member(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
        info = zipfile.ZipInfo(name, date_time=_MEMBER_TIME)
        info.compress_type = method
        info.external_attr = 0o644 << 16
        archive.writestr(info, data)

    def write(f: IO[bytes]) -> None:
        entries = []
        with zipfile.ZipFile(f, "w", compression=method, allowZip64=True) as archive:
            for name, array in arrays.items():  # one array's bytes in memory at a time
                value = np.asanyarray(array)
                buffer = io.BytesIO()
                np.lib.format.write_array(buffer, value, allow_pickle=False)
                data = buffer.getvalue()
                entries.append({"name": name, "dtype": value.dtype.str, "shape": list(value.shape), "sha256": _digest(data)})
                member(archive, f"{name}.npy", data)
                del buffer, data
            manifest: dict[str, Any] = {"layout": LAYOUT, "kind": kind, "meta": dict(meta), "arrays": entries}
            manifest["checksum"] = _manifest_digest(manifest)
            member(archive, MANIFEST, json.dumps(manifest, sort_keys=True, indent=1).encode())

    atomic_write(path, write, what)


class _Damaged(Exception):
    """A check failed: the message says which (turned into ValueError with the file's name)."""


def read_arrays(
    path: str | os.PathLike[str],
    *,
    kind: str,
    where: str,
    unreadable: str = "file",
    legacy: str | None = None,
) -> tuple[dict[str, Any], dict[str, npt.NDArray[Any]]]:
    """The metadata and arrays of a file written by :func:`write_arrays` with
    ``kind``, every digest, dtype and shape checked.  The arrays are read-only.

    :param where: how messages name the file, e.g. ``"chart file x.npz"``.
    :param unreadable: what the file should be, for a file that is not a
        readable archive: ``"... not a readable {unreadable}"``.
    :param legacy: a member that only files of an earlier version, written
        without checksums, hold: such a file is refused with a message saying so.
    :raises FileNotFoundError: for a file that does not exist, with the path as
        its ``filename`` and ``"no such <what>"`` as its ``strerror`` (``<what>``:
        ``where`` without the path, e.g. ``"no such chart file"``).
    :raises ValueError: naming the file and what is wrong, for an unreadable,
        damaged or other kind of file.
    """
    name = kind.rsplit(" ", 1)[0]  # the kind without its version
    try:
        archive = zipfile.ZipFile(path)
    except FileNotFoundError:
        filename = os.fspath(path)
        what = where.removesuffix(f" {filename}") if where.endswith(f" {filename}") else "file"
        raise FileNotFoundError(errno.ENOENT, f"no such {what}", filename) from None
    except Exception as exc:  # noqa: BLE001 - whatever the zip reader meets, the file is not readable
        raise ValueError(f"{where}: not a readable {unreadable} ({_reason(exc)})") from None
    with archive:
        try:
            names = archive.namelist()
        except Exception as exc:  # noqa: BLE001
            raise ValueError(f"{where}: not a readable {unreadable} ({_reason(exc)})") from None
        if MANIFEST not in names:
            if legacy is not None and f"{legacy}.npy" in names:
                raise ValueError(f"{where}: written by an earlier version of badeucey-fast, without checksums; "
                                 "compute it again (remove the file)")
            raise ValueError(f"{where}: not a {name} (it has no {MANIFEST})")
        try:
            return _read_checked(archive, names, kind, name)
        except _Damaged as exc:
            raise ValueError(f"{where}: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - zip, zlib, npy header parsing: any failure means damage
            raise ValueError(f"{where}: damaged ({_reason(exc)})") from None


def _reason(exc: BaseException) -> str:
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _read_checked(
    archive: zipfile.ZipFile, names: list[str], kind: str, name: str
) -> tuple[dict[str, Any], dict[str, npt.NDArray[Any]]]:
    if len(set(names)) != len(names):
        raise _Damaged("damaged (a member is listed twice)")
    manifest = json.loads(archive.read(MANIFEST).decode("utf-8"))
    if not isinstance(manifest, dict) or manifest.get("layout") != LAYOUT:
        raise _Damaged(f"damaged or not a {name} (unknown manifest)")
    if manifest.get("checksum") != _manifest_digest(manifest):
        raise _Damaged("damaged (the manifest does not match its checksum)")
    stored = manifest.get("kind")
    if stored != kind:
        if isinstance(stored, str) and stored.rsplit(" ", 1)[0] == name:
            raise _Damaged(f"written by another version of badeucey-fast ({stored!r}, this version reads {kind!r})")
        raise _Damaged(f"not a {name} (it holds a {stored})")
    meta, entries = manifest.get("meta"), manifest.get("arrays")
    if not isinstance(meta, dict) or not isinstance(entries, list):
        raise _Damaged("damaged (the manifest lacks its metadata or arrays)")
    expected: dict[str, tuple[str, tuple[int, ...], str]] = {}
    for entry in entries:
        if not (isinstance(entry, dict) and isinstance(entry.get("name"), str) and isinstance(entry.get("dtype"), str)
                and isinstance(entry.get("sha256"), str) and isinstance(entry.get("shape"), list)
                and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in entry["shape"])):
            raise _Damaged("damaged (an array's entry in the manifest)")
        expected[entry["name"]] = (entry["dtype"], tuple(entry["shape"]), entry["sha256"])
    members = {f"{array}.npy" for array in expected} | {MANIFEST}
    if len(expected) != len(entries) or set(names) != members:
        missing, extra = sorted(members - set(names)), sorted(set(names) - members)
        raise _Damaged(f"damaged (members missing: {missing or 'none'}; not in the manifest: {extra or 'none'})")
    arrays: dict[str, npt.NDArray[Any]] = {}
    for array_name, (dtype, shape, digest) in expected.items():
        data = archive.read(f"{array_name}.npy")  # read whole: the zip's CRC is checked too
        if _digest(data) != digest:
            raise _Damaged(f"damaged (array {array_name!r} does not match its checksum)")
        array = _parse_npy(data)
        if array.dtype.str != dtype or array.shape != shape:
            raise _Damaged(f"damaged (array {array_name!r} is {array.dtype.str}{list(array.shape)}, "
                           f"the manifest says {dtype}{list(shape)})")
        arrays[array_name] = array
    return meta, arrays


def _parse_npy(data: bytes) -> npt.NDArray[Any]:
    """The array of a ``.npy`` file's bytes, read-only, over ``data`` itself (no copy)."""
    import numpy as np

    stream = io.BytesIO(data)
    version = np.lib.format.read_magic(stream)
    if version == (1, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_1_0(stream)
    elif version == (2, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_2_0(stream)
    else:
        raise _Damaged(f"damaged (.npy format version {version})")
    if dtype.hasobject:
        raise _Damaged("damaged (an array of Python objects)")
    count, offset = math.prod(shape), stream.tell()
    if offset + count * dtype.itemsize != len(data):
        raise _Damaged(f"damaged (an array's size: {len(data) - offset} bytes for {count} x {dtype})")
    array = np.frombuffer(data, dtype=dtype, count=count, offset=offset)
    return array.reshape(shape[::-1]).transpose() if fortran else array.reshape(shape)
