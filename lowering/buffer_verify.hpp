// The BufferIR verifier (lower_tile_to_buffer.md: "The pass verifies its output"; issue 6 "a BufferIR
// verifier"). Runs on every function at FunctionIRStage.Buffer, after the general verifier. Each
// rule below is the `check_buffer` of the recipe entry that produces the op or owns the statement
// (recipes/all_recipes.hpp, recipes/control_flow.hpp); a Buffer op no entry produces is an error:
//
//  * no Tile values remain; native control flow (If results, For/While carries) carries scalars only;
//  * buffer.alloc / subview / reshape define an annotated pl.Buffer[...] handle; allocation addresses
//    are static nonnegative multiples of 32, and a kernel's allocations are either all addressed or
//    all addressless (one planner);
//  * Vec descriptors have 32-byte physical rows; reshape preserves physical bytes and space; a
//    subview lies inside its parent at a static, 32-byte-aligned row offset of a byte root;
//  * load/store windows match the buffer's shape and element type (GM transfers do not cast; an Acc
//    store may narrow FP32 to FP16/BF16, ir/store_dtype.hpp);
//  * elementwise calls obey their recipe row (lowering/recipes/elementwise_table.hpp): operand and
//    destination descriptors have one physical shape and dtype, the dtype is supported, scalar
//    operands have the destination dtype, and recip writes a distinct destination;
//  * returns name GM parameters.
#pragma once
#include "ptorw/entry.hpp"
#include <string>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/lowering/recipes/all_recipes.hpp"
#include "ptorw/lowering/recipes/control_flow.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::lowering {

namespace buffer_verify_detail {

/// Walks one Buffer-stage kernel; every rule it reports is an entry's `check_buffer`.
class Checker {
 public:
  Checker(const ir::Program& p, const ir::Function& f, Diagnostics& out) : prog_(p), fn_(f), out_(out) {
    for (const auto& prm : f.params) bx_.params.insert(prm.var.get());
  }

  void run() { block(fn_.body); }

 private:
  const ir::Program& prog_;
  const ir::Function& fn_;
  Diagnostics& out_;
  BufferCheckContext bx_;

  void err(ir::Span sp, std::string msg) {
    out_.push_back(Diagnostic{prog_.source_file, sp, Severity::Error, "BufferIR: " + fn_.name + ": " + std::move(msg)});
  }
  void report(ir::Span sp, const Refusal& why) {
    if (why) err(sp, why->text);
  }

  void block(const ir::Stmt& s) {
    visit::FlatStmts it(s);
    while (const ir::Stmt* st = it.next()) stmt(*st);
  }

  void stmt(const ir::Stmt& s) {
    // For / While / If / Return / Scope: the statement entry's rule, then its regions.
    if (with_stmt_recipe(s, [&](auto r, const auto& node) {
          report(s->span, decltype(r)::check_buffer(node, bx_));
          regions(node);
        }))
      return;
    if (auto* a = ir::stmt_as<ir::Assign>(s)) {
      if (ir::type_as<ir::TileType>(a->var->type)) err(s->span, "Tile value '" + ir::var_name(a->var) + "' remains after lowering");
      call(s->span, a->var, a->value);
    } else if (auto* e = ir::stmt_as<ir::Eval>(s)) {
      call(s->span, nullptr, e->value);
    } else if (ir::stmt_as<ir::Seq>(s)) {
      block(s);
    }
  }
  void regions(const ir::If& k) {
    block(k.then_body);
    block(k.else_body);
  }
  void regions(const ir::For& k) { block(k.body); }
  void regions(const ir::While& k) { block(k.body); }
  void regions(const ir::Return&) {}
  void regions(const ir::Scope&) {}

  void call(ir::Span sp, const ir::Expr& target, const ir::Expr& value) {
    auto* c = ir::expr_as<ir::Call>(value);
    if (!c) return;
    if (c->kind != ir::CallKind::Op) return err(sp, "device helper calls are not Buffer IR");
    if (c->callee.rfind("tile.", 0) == 0) return err(sp, c->callee + " remains after lowering");
    report(sp, check_buffer_call(target, *c, bx_));
  }
};

}  // namespace buffer_verify_detail

/// Diagnostics for every Buffer-stage function of `p` (empty when all hold).
PTORW_ENTRY Diagnostics verify_buffer_ir(const ir::Program& p)
#if PTORW_ENTRY_BODIES
{
  Diagnostics out;
  for (const auto& f : p.functions)
    if (f->stage == ir::Stage::Buffer) buffer_verify_detail::Checker(p, *f, out).run();
  return out;
}
#else
;
#endif

}  // namespace ptorw::lowering
