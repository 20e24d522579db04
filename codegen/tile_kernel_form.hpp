// The Buffer form in which `emit` writes a kernel that stays on Tile IR (codegen/emit.hpp; issue 6:
// "one emitter for Buffer-stage kernels and kernels that stay Tile"). A *planned* Tile kernel is
// converted in memory by the explicit conversion (lowering::lower_function) and checked by the
// Buffer verifier; the program is not changed. One function, so that the fuzz harness can check the
// very form emission writes (test/fuzz/fuzz_diff.hpp, "emission form"): no pass output holds it,
// so without that check a wrong conversion of an unselected kernel reached the PTO unseen (36th
// session: a carried tile whose valid extents change was stored with the first extents every
// iteration).
#pragma once
#include <optional>
#include <string>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/lowering/lower_tile_to_buffer.hpp"
#include "ptorw/lowering/planning/storage_classes.hpp"
#include "ptorw/lowering/planning/verify_tile_storage.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::codegen {

struct TileKernelForm {
  // Unplannable: InitMemRef recorded that it cannot plan it (the kernel stays on unplanned Tile IR);
  // Refused: planned, but the conversion or the Buffer verifier refuses it.
  enum class Kind { Buffer, Converted, Unplanned, Unplannable, Refused };
  Kind kind = Kind::Buffer;
  ir::FunctionPtr fn;  // Buffer: the kernel itself; Converted: its Buffer form; else null
  ir::Span at{};       // Unplannable, Refused: where
  std::string reason;  // Unplannable, Refused: why (without the kernel's name)
};

/// What emission makes of InCore/AIC/AIV kernel `f` of `p`: a Buffer-stage kernel as it is; a
/// planned Tile kernel converted (or refused with the conversion's or the Buffer verifier's first
/// error, or InitMemRef's recorded refusal); an unplanned Tile kernel not at all.
inline TileKernelForm tile_kernel_form(const ir::Program& p, const ir::FunctionPtr& f) {
  using K = TileKernelForm::Kind;
  if (f->stage == ir::Stage::Buffer) return {K::Buffer, f, {}, {}};
  if (auto why = ir::init_memref_refusal(*f))  // InitMemRef recorded that it cannot plan it
    return {K::Unplannable, nullptr, lowering::planning::init_memref_refusal_span(*f), "InitMemRef: " + *why};
  // Planned = allocations at the head (the planned-Tile contract, lowering/planning/README.md).
  bool planned = false;
  visit::FlatStmts it(f->body);
  while (const ir::Stmt* s = it.next()) {
    auto* a = ir::stmt_as<ir::Assign>(*s);
    planned = planned || (a && lowering::planning::is_alloc_call(a->value));
  }
  if (!planned) return {K::Unplanned, nullptr, {}, {}};
  auto [lowered, err] = lowering::lower_function(*f);
  if (err) return {K::Refused, nullptr, err->span, err->message};
  ir::Program one = p;
  one.functions = {lowered};
  Diagnostics ds = lowering::verify_buffer_ir(one);
  if (has_errors(ds)) return {K::Refused, nullptr, ds.front().span, ds.front().message};
  return {K::Converted, lowered, {}, {}};
}

}  // namespace ptorw::codegen
