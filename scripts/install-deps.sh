#!/usr/bin/env bash
# Install the Debian 12 packages ptorw needs to build and test, and only those that are missing.
# Fast when everything is present (no apt-get at all); non-interactive; needs root (or sudo) only
# when something has to be installed. Every dependency comes from Debian (see docs/architecture.md).
set -euo pipefail

PACKAGES=(
  meson ninja-build cmake pkg-config g++
  libboost1.81-dev       # Hana + PFR; the default libboost-dev (1.74) has no PFR
  librange-v3-dev doctest-dev libfmt-dev libcli11-dev nlohmann-json3-dev
  pybind11-dev python3-dev python3-pytest
  python3-pybind11 python3-mesonpy python3-numpy python3-pip   # the `ptorw` Python package (bindings/)
  libxxhash-dev          # XXH3: the content hashes of `ptorw compile`'s manifest (header-only)
  xxhash                 # xxhsum: cli_compile checks those hashes with the reference tool
  libjemalloc-dev        # jemalloc: the ptorw executable's malloc (-Dallocator=auto, tools/meson.build)
  libgoogle-perftools-dev   # tcmalloc_minimal: its fallback (-Dallocator=tcmalloc)
  mlir-19-tools          # mlir-opt-19: the mlir_generic suite checks the emitter's generic PTO form
  chromium               # headless: the swimlane_chromium test renders `ptorw swimlane` SVG to PNG
)

missing=()
for p in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ $status == "install ok installed" ]] || missing+=("$p")
done

if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#PACKAGES[@]} packages present"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-deps: error: apt-get not found; install these packages by hand: ${missing[*]}" >&2
  exit 1
fi
SUDO=()
if ((EUID != 0)); then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    echo "install-deps: error: run as root (or with passwordless sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -qq </dev/null
# libboost1.81-dev conflicts with the 1.74 dev packages; apt replaces them (-y accepts removals).
"${SUDO[@]}" apt-get install -y -qq --no-install-recommends \
  -o Dpkg::Options::=--force-confdef -o Dpkg::Options::=--force-confold "${missing[@]}" </dev/null
echo "install-deps: done"
