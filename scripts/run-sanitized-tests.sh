#!/usr/bin/env bash
# Build the doctest suites with sanitizers in a separate build folder and run them:
#   scripts/run-sanitized-tests.sh [suite...]            # ASan + UBSan (sanitize_checks); default: every suite
#   scripts/run-sanitized-tests.sh --threads [suite...]  # ThreadSanitizer (sanitize_threads); default: the
#                                                        # suites whose code runs threads (compile, driver, persist, fuzz_diff)
#   scripts/run-sanitized-tests.sh --cli [script...]     # the `ptorw` CLI itself under ASan + UBSan: the
#                                                        # shell suites test/cli_*_test.sh, then compile and
#                                                        # diffcheck of every golden Before program and example
# sanitize_checks/sanitize_threads sanitize the test executables only: the CLI they build links
# jemalloc and no sanitizer, so the shell suites of the first two modes run an unsanitized CLI
# (ASan report of 2026-12-05). --cli builds a separate one (BUILD_DIR default build-asan-cli:
# -Db_sanitize=address,undefined -Dallocator=system, -O1) and runs the scripts against it.
# Environment: BUILD_DIR (default: build-asan, or build-tsan with --threads), JOBS (ninja -j,
# default: 1 — the machine is shared).
# Any sanitizer report fails the run (-fno-sanitize-recover=undefined, ASan aborts on error, TSan
# halts on the first race with exit code 66).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
threads=false
if [[ ${1:-} == --threads ]]; then
  threads=true
  shift
fi
JOBS=${JOBS:-1}
if [[ ${1:-} == --cli ]]; then
  shift
  exec bash scripts/run-sanitized-cli.sh "$@"
fi
if $threads; then
  BUILD_DIR=${BUILD_DIR:-build-tsan}
  want=(-Dsanitize_checks=false -Dsanitize_threads=true)
else
  BUILD_DIR=${BUILD_DIR:-build-asan}
  want=(-Dsanitize_threads=false -Dsanitize_checks=true)
fi

if [[ ! -f $BUILD_DIR/meson-private/coredata.dat ]]; then
  meson setup "$BUILD_DIR" --wrap-mode=nodownload "${want[@]}" -Dbench=false -Dtests=true
else
  meson configure "$BUILD_DIR" "${want[@]}" >/dev/null
fi

suites=("$@")
if $threads && ((${#suites[@]} == 0)); then
  # compile: the cache-key thread, analyses computed ahead, the orchestration emitter started early
  # and the largest-file writer; driver: the analysis cache's clock and prefetched source; persist:
  # the cache key computed beside the pipeline; fuzz_diff: generated programs compiled with and
  # without the work done ahead.
  suites=(compile driver persist fuzz_diff)
fi
if ((${#suites[@]} == 0)); then
  ninja -C "$BUILD_DIR" -j"$JOBS"  # every test executable and what the CLI suites run
else
  # Doctest suites are test/unit_<name>; script suites (cli_emit, ...) need the CLI.
  targets=()
  for s in "${suites[@]}"; do
    if ninja -C "$BUILD_DIR" -t query "test/unit_$s" >/dev/null 2>&1; then
      targets+=("test/unit_$s")
    else
      targets+=(tools/ptorw)
    fi
  done
  ninja -C "$BUILD_DIR" -j"$JOBS" "${targets[@]}"
fi

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1}
if $threads; then
  # fuzz_diff's full counts take over its 300 s timeout under TSan (5-15x slower); 100 programs of
  # each kind still compile every style with and without the work done ahead.
  export PTORW_FUZZ_COUNT=${PTORW_FUZZ_COUNT:-100} PTORW_FUZZ_TEXT_COUNT=${PTORW_FUZZ_TEXT_COUNT:-100}
  export PTORW_FUZZ_COMPILE_COUNT=${PTORW_FUZZ_COMPILE_COUNT:-100}
else
  # Under ASan + UBSan the full counts (1000, 1000, 300) took over the 300 s timeout on a loaded
  # machine (2026-12-04); 150 of each ran in 62 s, so 400 / 400 / 150 leave room.
  export PTORW_FUZZ_COUNT=${PTORW_FUZZ_COUNT:-400} PTORW_FUZZ_TEXT_COUNT=${PTORW_FUZZ_TEXT_COUNT:-400}
  export PTORW_FUZZ_COMPILE_COUNT=${PTORW_FUZZ_COMPILE_COUNT:-150}
fi
meson test -C "$BUILD_DIR" --no-rebuild --print-errorlogs "${suites[@]}"
