// The forward metadata-version analysis (lower_tile_to_buffer.md, "Runtime-valid default selection":
// "A forward SSA analysis rejects uses of old metadata versions after a setter, including ordinary
// aliases and windows cut from that version. A current version may have several consumers").
// `y = tile.set_validshape(x, r, c)` updates the valid extents of the handle x and y share, so a
// later read of x (or of an alias or a window of x) would see y's extents: the Buffer program would
// compute something else than the Tile program. Asked by whole-kernel selection (the reason is the
// remark) and by the explicit conversion (the reason is the error), so neither lowers such a read.
//
// Each tile value carries the version of its storage's metadata it was defined at: a setter or any
// other write into the storage starts a new version; a relabel, a plain alias or a slice window
// carries its source's. Reading a value whose version is not its storage's current one is refused.
// The walk is in program order, which is the execution order of straight-line code only: a kernel
// with a setter to runtime extents and user control flow is refused as not analysed (selection
// refuses such kernels earlier: "User control flow with dynamic valid state ... retain[s] Tile IR").
#pragma once
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

#include "ptorw/ir/function.hpp"
#include "ptorw/ir/op_id.hpp"
#include "ptorw/lowering/planning/storage_rules.hpp"
#include "ptorw/lowering/vec_descriptor.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::lowering {

/// The first read of an old metadata version in `f` (the statement and the reason); nullopt when
/// there is none or `f` has no tile.set_validshape.
inline std::optional<std::pair<ir::Span, std::string>> old_metadata_version_read(const ir::Function& f) {
  const ir::OpId setter = ir::op::id("tile.set_validshape");
  bool any = false, runtime = false;
  std::optional<ir::Span> flow;
  visit::walk_all(f.body, [&](const ir::Stmt& s) {
    if (auto* a = ir::stmt_as<ir::Assign>(s); a && ir::is_op_call(a->value, setter)) {
      any = true;
      auto* t = ir::type_as<ir::TileType>(a->var->type);
      runtime = runtime || (t && runtime_valid(*t));
    }
    if (!flow && (ir::stmt_as<ir::For>(s) || ir::stmt_as<ir::While>(s) || ir::stmt_as<ir::If>(s))) flow = s->span;
  }, [](const ir::Expr&) {});
  if (!any) return std::nullopt;
  // Only a setter to runtime extents updates metadata at run time (a constant one is a static
  // relabel: recipes/valid_shape.hpp).
  if (flow && runtime)
    return std::pair{*flow, std::string("tile.set_validshape to runtime extents in a kernel with user control flow: the "
                                        "forward metadata-version analysis covers straight-line kernels only (fails closed)")};
  std::optional<std::pair<ir::Span, std::string>> found;
  auto base_of = [](const ir::Expr& v) -> const ir::ExprNode* {
    auto* t = ir::type_as<ir::TileType>(v ? v->type : nullptr);
    return t && t->memref && t->memref->base ? t->memref->base.get() : nullptr;
  };
  std::unordered_map<const ir::ExprNode*, int> current;  // storage -> its metadata version
  std::unordered_map<const ir::ExprNode*, std::pair<const ir::ExprNode*, int>> version;  // tile -> (storage, version)
  auto read = [&](const ir::Expr& e, ir::Span sp) {
    visit::walk_exprs(e, [&](const ir::Expr& x) {
      auto it = ir::is_var_like(x) ? version.find(x.get()) : version.end();
      if (!found && it != version.end() && it->second.second != current[it->second.first])
        found = std::pair{sp, "tile '" + ir::var_name(x) + "' is read after tile.set_validshape gave its storage new valid extents "
                              "(an old metadata version; the forward version analysis rejects it)"};
    });
  };
  visit::walk_all(f.body, [&](const ir::Stmt& s) {
    if (found) return;
    if (auto* a = ir::stmt_as<ir::Assign>(s)) {
      read(a->value, s->span);
      const ir::ExprNode* b = base_of(a->var);
      if (!b) return;
      // Which definitions name their source's bytes is InitMemRef's storage table (Relabel and
      // Window rows); the setter is a Relabel there but starts a version here.
      auto* c = ir::expr_as<ir::Call>(a->value);
      const planning::OpStorage* rule = c && c->kind == ir::CallKind::Op ? planning::op_storage(c->callee) : nullptr;
      const bool carries = c ? rule && ir::op_id(c->callee) != setter &&
                                   (rule->rule == planning::StorageRule::Relabel || rule->rule == planning::StorageRule::Window)
                             : ir::is_var_like(a->value);
      const ir::Expr src = c ? (c->args.empty() ? nullptr : c->args[0]) : a->value;
      auto from = carries && src ? version.find(src.get()) : version.end();
      if (from != version.end()) version[a->var.get()] = from->second;
      else version[a->var.get()] = {b, ++current[b]};
    } else if (auto* e = ir::stmt_as<ir::Eval>(s)) {
      read(e->value, s->span);
    } else if (auto* r = ir::stmt_as<ir::Return>(s)) {
      for (const auto& v : r->values) read(v, s->span);
    }
  }, [](const ir::Expr&) {});
  return found;
}

}  // namespace ptorw::lowering
