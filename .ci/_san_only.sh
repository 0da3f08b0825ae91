#!/usr/bin/env bash
# CI: everything STYLE.md promises, each part timed, failing on any failure.
#
#   tests-3.11   the README's test command in a fresh venv: pip install ".[test]" && pytest
#   docs         sphinx-build -W: the html site, and every example run (doctest)
#   lint         pip install ".[lint]" && ruff check . && mypy --strict badeucey_fast tools
#   c-gcc        every csrc/*.c (and tests/c/digest.c) with gcc   -Wall -Wextra -Werror
#   c-clang      the same with clang
#   release      bash tools/release.sh OUT: one sdist, one cp311-abi3 manylinux wheel
#   sdist        the sdist installed from another folder, its tests run from the unpacked sdist
#   wheel-3.X    the wheel installed in a fresh venv on 3.11, 3.12, 3.13: badeucey eval, and
#                the tests on 3.12 and 3.13 (a Python version that is absent is skipped, said so)
#   aarch64      tests/c/digest.c built for aarch64 (static), run under qemu: the same digest
#                as the native build
#   sanitize     the extension built with -fsanitize=address,undefined in its own venv, the
#                whole test suite run on it (libasan preloaded into Python), and tests/c/fuzz.c
#                built the same way and run for a fixed number of cases ($FUZZ_CASES): any
#                sanitizer report fails the step
#
# What CI needs from Debian (clang, the aarch64 cross compiler, qemu) is installed
# here when missing, so a new machine needs nothing installed by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$(pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export PIP_DISABLE_PIP_VERSION_CHECK=1

# --------------------------------------------------------------------------- #
# Steps: `step NAME command...` runs the command with `set -e`, prints its time,
# and stops CI with the summary at the first failure.
# --------------------------------------------------------------------------- #
names=()
times=()
results=()
ci_start=$SECONDS

summary() {
    echo
    echo "==================== CI summary ===================="
    local i
    for i in "${!names[@]}"; do
        printf '  %-14s %6ss  %s\n' "${names[$i]}" "${times[$i]}" "${results[$i]}"
    done
    printf '  %-14s %6ss\n' "total" "$((SECONDS - ci_start))"
}

step() {
    local name="$1" start=$SECONDS rc
    shift
    echo
    echo "==================== $name ===================="
    set +e
    (set -euo pipefail; "$@")
    rc=$?
    set -e
    names+=("$name")
    times+=("$((SECONDS - start))")
    if [ $rc -eq 0 ]; then
        results+=("ok")
        echo "---- $name: ok in $((SECONDS - start)) s"
    elif [ $rc -eq 77 ]; then
        results+=("skipped")
        echo "---- $name: skipped"
    else
        results+=("FAILED (exit $rc)")
        echo "---- $name: FAILED (exit $rc) after $((SECONDS - start)) s"
        summary
        exit 1
    fi
}

# A Python of the given minor version: python3.X on PATH, else pyenv's newest.
find_python() {
    local version="$1" candidate
    for candidate in "$(command -v "python$version" || true)" $(ls -d "$HOME"/.pyenv/versions/"$version".*/bin/python3 2>/dev/null | sort -V -r); do
        if [ -n "$candidate" ] && [ -x "$candidate" ] &&
            [ "$("$candidate" -c 'import sys; print("%d.%d" % sys.version_info[:2])')" = "$version" ]; then
            echo "$candidate"
            return 0
        fi
    done
    return 1
}

# A fresh venv at $1 from Python $2, with an up-to-date pip.
new_venv() {
    "$2" -m venv "$1"
    "$1/bin/python" -m pip install --quiet --upgrade pip
}

# pytest in the current folder with the venv $1; fails unless tests ran and passed,
# and shows pytest's closing line.
run_pytest() {
    local log="$work/pytest-$RANDOM.log" rc
    set +e
    "$1/bin/pytest" -p no:cacheprovider 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    set -e
    if [ "$rc" -ne 0 ]; then
        echo "pytest exited with $rc" >&2
        return 1
    fi
    grep -E '^=+ .*[0-9]+ passed.* in [0-9.]+s' "$log" >/dev/null || { echo "pytest ran no tests" >&2; return 1; }
}

# run_pytest with pytest arguments after the venv (e.g. -m "not memory").
run_pytest_args() {
    local venv="$1" log="$work/pytest-$RANDOM.log" rc
    shift
    set +e
    "$venv/bin/pytest" -p no:cacheprovider "$@" 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    set -e
    [ "$rc" -eq 0 ] || { echo "pytest exited with $rc" >&2; return 1; }
    grep -E '^=+ .*[0-9]+ passed.* in [0-9.]+s' "$log" >/dev/null || { echo "pytest ran no tests" >&2; return 1; }
}

# --------------------------------------------------------------------------- #
# Debian packages CI needs, installed only when missing.
# --------------------------------------------------------------------------- #
apt_packages() {
    local missing=()
    command -v gcc >/dev/null || missing+=(gcc libc6-dev)
    command -v clang >/dev/null || missing+=(clang)
    command -v aarch64-linux-gnu-gcc >/dev/null || missing+=(gcc-aarch64-linux-gnu)
    [ -e /usr/aarch64-linux-gnu/lib/libc.a ] || missing+=(libc6-dev-arm64-cross)
    command -v qemu-aarch64 >/dev/null || command -v qemu-aarch64-static >/dev/null || missing+=(qemu-user)
    command -v readelf >/dev/null || missing+=(binutils)
    if [ ${#missing[@]} -eq 0 ]; then
        echo "all Debian packages present"
        return 0
    fi
    echo "installing: ${missing[*]}"
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# --------------------------------------------------------------------------- #
# The parts
# --------------------------------------------------------------------------- #
python311="$(find_python 3.11)" || { echo "CI needs Python 3.11 (python3.11 or pyenv)" >&2; exit 1; }
venv311="$work/venv-3.11"

tests_311() {
    new_venv "$venv311" "$python311"
    # shellcheck disable=SC1091
    . "$venv311/bin/activate"
    # README.md, "Install and run the tests", exactly as a user runs it (pytest's exit
    # status fails the step: 1 for a failed test, 5 if none ran):
pip install ".[test]" && pytest
}

docs() {
    # The documentation site with warnings as errors, and every example on it run.
    # shellcheck disable=SC1091
    . "$venv311/bin/activate"
    pip install --quiet ".[docs]"
    sphinx-build -q -W -b html docs "$work/docs-html"
    sphinx-build -q -W -b doctest docs "$work/docs-doctest"
}

lint() {
    # shellcheck disable=SC1091
    . "$venv311/bin/activate"
    pip install --quiet ".[lint]"
    ruff --version && mypy --version
    ruff check .
    mypy --strict badeucey_fast tools
}

generated="$work/generated"
tables() {
    "$venv311/bin/python" tools/gen_tables.py --out "$generated"  # the test venv has numpy
}

c_warnings() {
    local cc="$1" f
    [ -e "$generated/bdc_tables.inc" ] || tables
    "$cc" --version | head -1
    for f in csrc/*.c tests/c/*.c; do
        echo "$cc -std=c99 -O2 -Wall -Wextra -Werror $f"
        "$cc" -std=c99 -O2 -Wall -Wextra -Werror -Icsrc -I"$generated" -c "$f" -o "$work/$(basename "$f").$cc.o"
    done
    "$cc" -std=c99 -O2 -Wall -Wextra -Werror -Icsrc -I"$generated" tests/c/digest.c $(ls csrc/*.c) -o "$work/digest-$cc"
    "$work/digest-$cc" | tee "$work/digest-$cc.out"
}

out="$work/release"
release() {
    PYTHON="$python311" bash tools/release.sh "$out"
    local files
    files="$(ls "$out")"
    echo "$files"
    [ "$(echo "$files" | grep -c '^badeucey_fast-.*\.tar\.gz$')" -eq 1 ] || { echo "not one sdist" >&2; return 1; }
    [ "$(echo "$files" | grep -c '^badeucey_fast-.*-cp311-abi3-.*manylinux_.*_x86_64.*\.whl$')" -eq 1 ] || { echo "not one cp311-abi3 manylinux wheel" >&2; return 1; }
    [ "$(echo "$files" | wc -l)" -eq 2 ] || { echo "more than the sdist and the wheel" >&2; return 1; }
}

sdist() {
    local sdist_file venv="$work/venv-sdist" elsewhere="$work/elsewhere"
    sdist_file="$(ls "$out"/badeucey_fast-*.tar.gz)"
    new_venv "$venv" "$python311"
    mkdir -p "$elsewhere" "$work/unpacked"
    (cd "$elsewhere" && "$venv/bin/pip" install "$sdist_file[test]")
    tar -xzf "$sdist_file" -C "$work/unpacked"
    cd "$work"/unpacked/badeucey_fast-*/
    run_pytest "$venv"
}

wheel() {
    local version="$1" with_tests="$2" python venv wheel_file
    if ! python="$(find_python "$version")"; then
        echo "SKIPPED: no Python $version here (neither python$version on PATH nor ~/.pyenv/versions/$version.*)"
        return 77
    fi
    venv="$work/venv-wheel-$version"
    wheel_file="$(ls "$out"/badeucey_fast-*.whl)"
    new_venv "$venv" "$python"
    mkdir -p "$work/elsewhere"
    cd "$work/elsewhere"
    if [ "$with_tests" = tests ]; then
        "$venv/bin/pip" install "$wheel_file[test]"
    else
        "$venv/bin/pip" install "$wheel_file"
    fi
    "$venv/bin/python" -c 'import badeucey_fast, sys; print(sys.version.split()[0], badeucey_fast.__file__)'
    "$venv/bin/badeucey" eval 7s5h4d3c2s
    if [ "$with_tests" = tests ]; then
        cd "$repo"  # the repository's tests, against the installed wheel
        run_pytest "$venv"
    fi
}

aarch64() {
    local qemu
    qemu="$(command -v qemu-aarch64 || command -v qemu-aarch64-static)"
    [ -e "$generated/bdc_tables.inc" ] || tables
    aarch64-linux-gnu-gcc -std=c99 -O2 -static -Wall -Wextra -Werror -Icsrc -I"$generated" \
        tests/c/digest.c $(ls csrc/*.c) -o "$work/digest-aarch64"
    file "$work/digest-aarch64" 2>/dev/null || true
    "$qemu" "$work/digest-aarch64" | tee "$work/digest-aarch64.out"
    local native arm
    native="$(grep -o 'digest [0-9a-f]*' "$work/digest-gcc.out")"
    arm="$(grep -o 'digest [0-9a-f]*' "$work/digest-aarch64.out")"
    echo "x86-64 (gcc): $native; aarch64 (qemu): $arm; x86-64 (clang): $(grep -o 'digest [0-9a-f]*' "$work/digest-clang.out")"
    [ -n "$native" ] && [ "$native" = "$arm" ] || { echo "the aarch64 digest differs from the x86-64 one" >&2; return 1; }
}

FUZZ_CASES="${FUZZ_CASES:-500000}"
sanitize() {
    local venv="$work/venv-sanitize" logs="$work/sanitizer-logs" flags libasan t0
    flags="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
    libasan="$(gcc -print-file-name=libasan.so)"
    [ -e "$libasan" ] || { echo "gcc has no libasan.so ($libasan)" >&2; return 1; }
    mkdir -p "$logs"
    new_venv "$venv" "$python311"
    # The extension (built by gcc, as setuptools does) with the sanitizers, from a clean copy
    # of the tree: setuptools would reuse the unsanitized objects of an earlier build in
    # build/, and pip's wheel cache an unsanitized wheel of the same version.
    local src="$work/sanitize-src"
    mkdir -p "$src"
    tar -cf - --exclude=./build --exclude='./*.egg-info' --exclude=./.venv --exclude=./.git --exclude='*.so' . | tar -xf - -C "$src"
    (cd "$src" && CFLAGS="$flags" LDFLAGS="$flags" "$venv/bin/pip" install --quiet --no-cache-dir ".[test]")
    # Reports go to files (a test that runs the CLI in a subprocess captures its stderr);
    # the step fails if any appears, as well as on the abort the first one causes.
    export ASAN_OPTIONS="detect_leaks=0:halt_on_error=1:abort_on_error=1:log_path=$logs/asan"
    export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=$logs/ubsan"
    t0=$SECONDS
    local core
    core="$(cd "$work" && LD_PRELOAD="$libasan" "$venv/bin/python" -c 'import badeucey_fast._core as c; print(c.__file__)')"
    # the build really is sanitized (CFLAGS reached the compiler): the core links libasan and libubsan
    ldd "$core" | grep -q libasan && ldd "$core" | grep -q libubsan || { echo "$core is not built with the sanitizers" >&2; return 1; }
    (cd "$work" && LD_PRELOAD="$libasan" "$venv/bin/python" -c 'import badeucey_fast as bf; print("sanitized core, implementations:", bf.implementations())')
    # The suite, with every implementation this machine runs (the `implementation` fixture).
    # The memory-footprint test is left out: ASan's shadow memory and redzones are not
    # the package's (the import-time test beside it still runs).
    LD_PRELOAD="$libasan" run_pytest_args "$venv" --deselect benchmarks/test_bench_footprint.py::test_table_memory
    echo "sanitized suite: $((SECONDS - t0)) s"
    t0=$SECONDS
    [ -e "$work/generated-sanitize/bdc_tables.inc" ] || "$venv/bin/python" tools/gen_tables.py --out "$work/generated-sanitize"
    gcc -std=c99 -O1 -g -Wall -Wextra -Werror $flags -Icsrc -I"$work/generated-sanitize" \
        tests/c/fuzz.c $(ls csrc/*.c) -o "$work/fuzz-sanitize"
    "$work/fuzz-sanitize" "$FUZZ_CASES" 1
    echo "C fuzzer: $((SECONDS - t0)) s"
    if [ -n "$(ls -A "$logs")" ]; then
        echo "sanitizer reports:" >&2
        cat "$logs"/* >&2
        return 1
    fi
}

step sanitize sanitize
summary
