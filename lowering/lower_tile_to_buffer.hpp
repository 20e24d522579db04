// The LowerTileToBuffer pass (lower_tile_to_buffer.md): converts planned Tile kernels into explicit
// Buffer IR. For each InCore/AIC/AIV function at Tile stage that selection chose
// (`buffer_ir_selected=True`) — or that carries no decision, when a custom pipeline calls the pass
// directly ("explicit low-level conversion diagnoses unsupported forms"):
//   1. index its storage (storage_index.hpp): allocations and the windows Tile MemRefs name;
//      refuse reads of an old metadata version after a setter (metadata_versions.hpp) and
//      destinations that may overlap a window their op reads (write_read_overlap.hpp), and
//      destinations placed over a value still live across their write (live_overlap.hpp);
//   2. convert its body (convert_body.hpp) through the recipe table (recipes/all_recipes.hpp);
//   3. mark it FunctionIRStage.Buffer; orchestration functions and unselected kernels are untouched.
// The output is checked by the general verifier and the BufferIR verifier (buffer_verify.hpp).
//
// Fail closed: any violation — unplanned storage, an op without a recipe, a carry without one
// legalized storage, a verifier error — leaves the *whole program* unchanged and reports the first
// violation as an error with file:line:col (a selected kernel's error propagates; there is no
// catch-and-recompile fallback). Idempotent: Buffer-stage functions are skipped.
// With `enable_buffer_ir=False` the pass does nothing (the legacy Tile path).
#pragma once
#include <memory>

#include "ptorw/ir/verify.hpp"
#include "ptorw/lowering/buffer_verify.hpp"
#include "ptorw/lowering/convert_body.hpp"
#include "ptorw/lowering/live_overlap.hpp"
#include "ptorw/lowering/metadata_versions.hpp"
#include "ptorw/lowering/planning/storage_classes.hpp"
#include "ptorw/lowering/planning/verify_tile_storage.hpp"
#include "ptorw/lowering/recipes/no_recipe.hpp"
#include "ptorw/lowering/write_read_overlap.hpp"
#include "ptorw/passes/property_check.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::lowering {

/// Whether `f` is converted by this pass.
inline bool wants_buffer_ir(const ir::Function& f) {
  if (!ir::is_incore_like(f.type) || f.stage != ir::Stage::Tile) return false;
  auto sel = ir::kwarg_as<bool>(f.attrs, "buffer_ir_selected");
  return !sel || *sel;
}

/// The first call of an op the spec has no recipe for (recipes/no_recipe.hpp: reductions,
/// broadcasts, tile.cast), with that entry's reason. Asked before the storage is indexed, so that the
/// reason a kernel has no Buffer form names its op rather than a symptom of the op's result type
/// (a [64, 1] FP32 row_max result has 4-byte rows, which no Buffer descriptor holds).
inline std::optional<LowerError> first_call_without_recipe(const ir::Function& f) {
  std::optional<LowerError> found;
  ir::Span at;  // the statement being walked: errors point at statements, as conversion's do
  visit::walk_all(f.body, [&](const ir::Stmt& st) { if (!found) at = st->span; }, [&](const ir::Expr& e) {
    if (found) return;
    auto* c = ir::expr_as<ir::Call>(e);
    if (!c || !recipes::NoSpecRecipe::matches(ir::op_id(c->callee))) return;
    if (auto why = recipes::NoSpecRecipe::applies(nullptr, *c, ApplyContext{})) found = LowerError{at, why->text};
  });
  return found;
}

/// Converts one planned kernel; the new function or the first violation.
inline std::pair<ir::FunctionPtr, std::optional<LowerError>> lower_function(const ir::Function& f) {
  // The spec's "return normalization" invariant, asked of each kernel converted (an unselected
  // kernel with a region-local return keeps the Tile pipeline: select_buffer_ir.hpp).
  if (auto v = passes::function_property_violation(passes::IrProperty::NormalizedReturns, f))
    return {nullptr, LowerError{v->span, "requires NormalizedReturns, but the kernel returns before the end of its body"}};
  if (auto why = ir::init_memref_refusal(f))  // explicit conversion of a kernel InitMemRef left unplanned
    return {nullptr, LowerError{planning::init_memref_refusal_span(f), "kernel '" + f.name + "' has no planned storage: InitMemRef: " + *why}};
  if (auto e = first_call_without_recipe(f)) return {nullptr, e};
  StorageIndex index;
  if (auto e = index.build(f.body)) return {nullptr, e};
  // Reads the conversion must not lower: an old metadata version after a setter, and a window a
  // destination may overlap (both fail closed before anything is written).
  if (auto r = old_metadata_version_read(f)) return {nullptr, LowerError{r->first, r->second}};
  if (auto e = WriteReadOverlap(f).run()) return {nullptr, e};
  if (auto e = LiveOverlap(f).run()) return {nullptr, e};  // effective-range overlap with live values
  BodyConverter conv(index, f);
  ir::Stmt body = conv.convert(f.body);
  if (auto e = conv.error()) return {nullptr, e};
  return {ir::with_function(f, [&](ir::Function& g) {
            g.body = std::move(body);
            g.stage = ir::Stage::Buffer;
          }),
          std::nullopt};
}

/// An allocation placed (`addr=`) past its space on the target: the check plan-memory's validator
/// makes, for addresses placed before this pass (by hand, or by a pipeline without plan-memory).
/// Alignment and overlap keep the lowering's own checks (storage_index.hpp, live_overlap.hpp).
inline Diagnostics placed_past_space(const ir::Function& f, const planning::TargetCapacities* t, const std::string& target,
                                     const std::string& file) {
  planning::TileStorageVerifier v(f, file);
  if (has_errors(v.run())) return {};  // lower_function reports the storage's own errors, as before
  Diagnostics ds;
  for (const auto& a : v.allocs().list) {
    if (!a.addr) continue;
    if (!t) return {Diagnostic{file, a.span, Severity::Error, "unknown target '" + target + "' (a2a3 or a5)"}};
    const std::int64_t room = planning::capacity_of(*t, a.space);
    const std::optional<std::int64_t> end = ::ptorw::target::placed_end(*a.addr, a.capacity);
    if (*a.addr >= 0 && end && *end <= room) continue;
    ds.push_back(Diagnostic{file, a.span, Severity::Error,
                            "storage '" + ir::var_name(a.var) + "' of " + std::to_string(a.capacity) + " bytes at address " +
                                std::to_string(*a.addr) + " does not lie within the " + target + " " +
                                std::string(ir::name_of(a.space)) + " space of " + std::to_string(room) + " bytes"});
  }
  return ds;
}

inline passes::PassOutcome lower_tile_to_buffer(const ir::ProgramPtr& in, const passes::PassContext& ctx) {
  passes::PassOutcome o;
  o.program = in;
  if (!ctx.enable_buffer_ir) return o;
  auto out = std::make_shared<ir::Program>(*in);
  bool changed = false;
  const std::string target(ctx.get("target").value_or("a2a3"));
  const planning::TargetCapacities* capacities = planning::find_target(target);
  for (auto& f : out->functions) {
    if (!wants_buffer_ir(*f)) continue;
    // An address placed before this pass must lie within its space, as plan-memory's validator
    // requires ("Lowering verifies allocation capacity"): one past the Vec space lowered to a
    // buffer.alloc the interpreter and the device refuse (review rev41b L1).
    if (Diagnostics ds = placed_past_space(*f, capacities, target, in->source_file); has_errors(ds)) {
      for (auto& d : ds) d.message = "lower-tile-to-buffer: " + f->name + ": " + d.message;
      o.diagnostics = std::move(ds);
      o.program = in;  // fail closed
      return o;
    }
    auto [g, err] = lower_function(*f);
    if (err) {
      o.diagnostics.push_back(Diagnostic{in->source_file, err->span, Severity::Error,
                                         "lower-tile-to-buffer: " + f->name + ": " + err->message});
      o.program = in;  // fail closed: nothing of the program changes
      return o;
    }
    f = g;
    changed = true;
  }
  if (!changed) return o;
  Diagnostics ds = ir::verify(*out);
  for (auto& d : verify_buffer_ir(*out)) ds.push_back(std::move(d));
  if (has_errors(ds)) {
    for (auto& d : ds) {
      d.message = "lower-tile-to-buffer produced invalid IR: " + d.message;
      o.diagnostics.push_back(std::move(d));
    }
    o.program = in;
    return o;
  }
  o.program = out;
  o.verified = true;
  return o;
}

inline passes::Pass make_lower_tile_to_buffer_pass() {
  // lower_tile_to_buffer.md: "once the same storage, SSA, return normalization, and
  // device/orchestration separation invariants hold. NoNestedCalls is also required ... The pass
  // produces BufferIR and invalidates properties describing Tile storage."
  passes::PassProperties props;
  // NormalizedReturns is asked of each converted kernel (lower_tile_to_buffer), not of the program.
  props.required = {passes::IrProperty::SSAForm, passes::IrProperty::NoNestedCalls, passes::IrProperty::SplitIncoreOrch,
                    passes::IrProperty::HasMemRefs};
  props.produced = {passes::IrProperty::BufferIR};
  props.invalidated = {passes::IrProperty::TileStorageVerified};
  return passes::function_pass("lower-tile-to-buffer",
                               "convert planned, selected Tile kernels to explicit Buffer IR (FunctionIRStage.Buffer)", props,
                               [](const ir::ProgramPtr& in, const passes::PassContext& ctx) {
                                 return lower_tile_to_buffer(in, ctx);
                               });
}
inline const bool lower_tile_to_buffer_registered =
    passes::PassRegistry::global().add("lower-tile-to-buffer", make_lower_tile_to_buffer_pass);

}  // namespace ptorw::lowering
