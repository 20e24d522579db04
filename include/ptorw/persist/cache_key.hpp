// Cache keys (issue 23): a stable content hash of a program's canonical form, the effective
// options that change what compiling it produces, and the versions that define its meaning.
//
//   std::string key = ptorw::persist::cache_key(*program, persist::cache_options(ctx, "new"));
//
// The canonical form is the binary encoding with what a renaming changes left out — variable
// names, spans, the program's name and file (encoder.hpp, canonical mode) — so programs equal up
// to renaming of their variables get equal keys, and any other change (an op, a constant, a type,
// a kwarg, a function name, the sharing of nodes) a different key. Then the options: the spec's
// "JIT keys include the bool and a Buffer semantics version" (lower_tile_to_buffer.md), plus the
// planner, the target and the PTO assembler version. The key is SHA-256 (sha256.hpp), 64 hex
// digits, the same on every machine and run.
//
// Why not visit::structural_hash: it is rename-invariant and stable across runs and platforms,
// but it is 64 bits and deliberately coarser than a key may be — it hashes every free variable
// (a `pl.dynamic` dim) by its type alone, so swapping two dims (`[M, N]` vs `[N, M]`) keeps the
// hash, and it hashes INDEX and INT64 constants alike; equal hashes there mean "maybe equal",
// where a cache must mean "the same compile".
#pragma once
#include "ptorw/entry.hpp"
#include <string>

#include "ptorw/ir/function.hpp"
#include "ptorw/rewrite/options.hpp"

namespace ptorw::persist {

/// The options a compile's output depends on, in their effective (defaulted, normalized) values.
struct CacheOptions {
  bool enable_buffer_ir = true;
  std::string memory_planner = "PYPTO";  // PYPTO, DSA_RP or PTOAS (normalized to upper case)
  std::string arch = "a2a3";             // the `target` option: a2a3 or a5
  std::string pto_version = "new";       // the PTO assembler spellings: old or new
  /// Include source positions: for outputs that carry them (`ptorw emit --loc`), where two
  /// programs differing only in layout produce different artifacts.
  bool spans = false;
};

/// The effective cache options of a pass context (its `target` option is the arch).
inline CacheOptions cache_options(const rewrite::Options& ctx, std::string pto_version = "new") {
  CacheOptions o;
  o.enable_buffer_ir = ctx.enable_buffer_ir;
  o.memory_planner = ctx.memory_planner;
  o.arch = std::string(ctx.get("target").value_or("a2a3"));
  o.pto_version = std::move(pto_version);
  return o;
}

/// The key of compiling `p` under `o`: 64 hex digits (SHA-256).
PTORW_ENTRY std::string cache_key(const ir::Program& p, const CacheOptions& o = {});

}  // namespace ptorw::persist

#if PTORW_ENTRY_BODIES
#include "ptorw/persist/cache_key_impl.hpp"
#endif
