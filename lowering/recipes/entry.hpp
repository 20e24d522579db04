// What a recipe entry of LowerTileToBuffer declares (issue 16, "Recipes declare where they apply":
// "each recipe is a table entry with an applicability check that returns a reason; selection,
// conversion, the Buffer IR verifier and the PTO emitter all ask the same entry").
//
// An op entry (recipes/*.hpp, gathered in all_recipes.hpp) is a struct with
//   name                         its name in messages and tests;
//   default_rollout              whether whole-kernel selection may choose it at all (spec: "Existing
//                                production recipes may support more through explicit low-level
//                                pass pipelines; their availability alone does not widen default
//                                acceptance");
//   produces                     the Buffer ops its lowering writes (the verifier and the emitter
//                                find the entry of a Buffer op through it);
//   matches(OpId)                the Tile ops it converts;
//   applies(target, call, ax)    nullopt, or the Reason it refuses: selection reports it as the
//                                remark "stays on Tile IR: <reason>", conversion as the error;
//   lower(target, call, sp, cx)  the conversion (only after `applies` agreed);
//   check_buffer(target, call, bx)  nullopt, or why a call of one of its Buffer ops is malformed
//                                (the BufferIR verifier's rule for that op).
// A statement entry (recipes/control_flow.hpp) declares the same for one statement kind.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ptorw/ir/expr.hpp"

namespace ptorw::lowering {

/// Why an entry does not apply: the refusal text, naming its rule.
struct Reason {
  std::string text;
};
using Refusal = std::optional<Reason>;
inline Refusal refuse(std::string text) { return Reason{std::move(text)}; }

/// Which acceptance a caller asks about. Default: the spec's whole-kernel selection (the narrower
/// default rollout). Explicit: conversion, which an explicit low-level pipeline may also call on a
/// kernel selection never saw ("Explicit low-level conversion diagnoses unsupported forms").
enum class Acceptance : std::uint8_t { Default, Explicit };

struct ApplyContext {
  Acceptance acceptance = Acceptance::Explicit;
  /// The kernel's scalar definitions (`v = expr`, SSA), for proofs about scalar values (a slice's
  /// alignment "from scalar SSA arithmetic"); null when the caller has none.
  const std::unordered_map<const ir::ExprNode*, ir::Expr>* scalar_defs = nullptr;
  /// The kernel's tile definitions (`t = call`, each variable defined once), for facts about a
  /// tile's provenance (whether an assemble target is a slice window, a source's inherited row
  /// pitch); null when the caller has none.
  const std::unordered_map<const ir::ExprNode*, ir::Expr>* tile_defs = nullptr;
  bool default_rollout() const { return acceptance == Acceptance::Default; }
};

/// What the BufferIR verifier knows while checking one Buffer call: the kernel's GM parameters and
/// its allocation forms so far (a kernel's allocations are all addressed or all addressless).
struct BufferCheckContext {
  std::unordered_set<const ir::ExprNode*> params;
  int addressed = 0;
  int addressless = 0;
  bool is_param(const ir::Expr& e) const { return e && params.count(e.get()) != 0; }
};

}  // namespace ptorw::lowering
