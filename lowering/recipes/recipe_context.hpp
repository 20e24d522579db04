// What a LowerTileToBuffer recipe sees while converting one call (lower_tile_to_buffer.md,
// "Conversion contract"): the storage index (Tile → Buffer handle), the GM alias map (tensor values
// → the parameter they alias), and the statement list being built. Recipes report the first
// violation through `fail`; the pass then leaves its input unchanged.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/lowering/storage_index.hpp"

namespace ptorw::lowering {

class RecipeContext {
 public:
  RecipeContext(const StorageIndex& index, std::unordered_map<const ir::ExprNode*, ir::Expr>& gm)
      : index_(index), gm_(gm) {}

  std::vector<ir::Stmt> out;
  std::optional<LowerError> error;

  void fail(ir::Span sp, std::string msg) {
    if (!error) error = LowerError{sp, std::move(msg)};
  }
  /// The Buffer handle of a planned Tile operand; fails when the storage index has none.
  ir::Expr handle(const ir::Expr& tile, ir::Span sp) {
    if (auto it = local_.find(tile.get()); it != local_.end()) return it->second;
    if (auto it = deferred_.find(tile.get()); it != deferred_.end()) return materialize(it->second, sp);
    ir::Expr h = index_.handle_of(tile);
    if (!h) fail(sp, "no Buffer handle for tile operand '" + ir::var_name(tile) + "' (is it planned?)");
    return h;
  }
  /// The GM parameter a tensor value aliases (spec: "Tensor return aliases are normalized to
  /// existing GM parameters"); the value itself when it is not a known alias.
  ir::Expr gm(const ir::Expr& t) const {
    auto it = gm_.find(t.get());
    return it == gm_.end() ? t : it->second;
  }
  void alias_gm(const ir::Expr& value, ir::Expr param) { gm_[value.get()] = std::move(param); }
  /// A handle defined at a use site (a slice's window): later uses of `tile` name it.
  void bind(const ir::Expr& tile, ir::Expr handle) { local_[tile.get()] = std::move(handle); }
  /// A view written at each consumer of `tile` rather than once where `tile` is defined
  /// (lower_tile_to_buffer.md "Runtime-valid default selection": "Dynamic-valid subviews are
  /// materialized at their guarded consumers, so the empty path never constructs an empty native
  /// subview ... Views never escape the guard"): `handle(tile)` writes `var = op(args)` into `out`,
  /// the consumer's calls that its guard wraps, once per converted statement.
  void defer(const ir::Expr& tile, std::string name, ir::Type type, std::string op, std::vector<ir::Expr> args) {
    deferred_[tile.get()] = Deferred{std::move(name), std::move(type), std::move(op), std::move(args)};
  }
  /// A view of a deferred `source` tile (a relabel of a dynamic-valid window): `op(source's view)`,
  /// written next to the source's view inside each consumer's guard.
  void defer_view_of(const ir::Expr& tile, const ir::Expr& source, std::string name, ir::Type type, std::string op) {
    Deferred d{std::move(name), std::move(type), std::move(op), {}};
    d.source = source;
    deferred_[tile.get()] = std::move(d);
  }
  bool deferred(const ir::Expr& tile) const { return deferred_.count(tile.get()) != 0; }
  /// Whether tile operand `tile` is a window cut where it is used (a slice's subview, or a view
  /// of one), not storage the index declares.
  bool is_window(const ir::Expr& tile) const {
    if (deferred(tile)) return true;
    auto it = local_.find(tile.get());
    return it != local_.end() && views_.count(it->second.get());
  }
  /// The row pitch in bytes of the storage window `tile` reads: a subview reads its parent's rows;
  /// an allocation or a relabel (dense: ReshapeView refuses any other) its own. Null when unknown.
  std::optional<std::int64_t> window_pitch(const ir::Expr& tile) const {
    if (auto it = deferred_.find(tile.get()); it != deferred_.end()) {
      const Deferred& d = it->second;
      if (!d.source && d.op == "buffer.subview" && !d.args.empty()) return handle_pitch(d.args[0]);
      return dense_pitch(d.type);
    }
    auto it = local_.find(tile.get());
    return handle_pitch(it != local_.end() ? it->second : index_.handle_of(tile));
  }
  /// `alias = tile`: the alias names what `tile` names (a deferred view stays deferred).
  void alias_tile(const ir::Expr& alias, const ir::Expr& tile, ir::Span sp) {
    if (auto it = deferred_.find(tile.get()); it != deferred_.end()) {
      deferred_[alias.get()] = it->second;
      return;
    }
    if (ir::Expr h = handle(tile, sp)) bind(alias, h);
  }
  /// A new statement is being converted: deferred views are written again where it asks for them.
  void begin_statement() {
    ++statement_;
  }
  /// `var = op(args)` with a Buffer result (a view defined here).
  void define(const ir::Expr& var, std::string_view op, std::vector<ir::Expr> args, ir::Span sp) {
    ir::Expr call = ir::make_expr(ir::Call{ir::CallKind::Op, std::string(op), std::move(args), {}, {}}, ir::unknown_type(), sp);
    views_[var.get()] = call;
    out.push_back(ir::make_assign(var, std::move(call), sp));
  }
  /// The call that defined a handle through `define` (a view written at its use), or null.
  const ir::Call* definition(const ir::Expr& handle) const {
    auto it = views_.find(handle.get());
    return it == views_.end() ? nullptr : ir::expr_as<ir::Call>(it->second);
  }

  void emit(std::string_view op, std::vector<ir::Expr> args, ir::Span sp, ir::Kwargs kwargs = {}) {
    out.push_back(ir::make_stmt(ir::Eval{ir::make_expr(ir::Call{ir::CallKind::Op, std::string(op), std::move(args), std::move(kwargs), {}},
                                                       ir::void_type(), sp)},
                                sp));
  }
  const StorageIndex& index() const { return index_; }

 private:
  const StorageIndex& index_;
  std::unordered_map<const ir::ExprNode*, ir::Expr>& gm_;
  std::unordered_map<const ir::ExprNode*, ir::Expr> local_;  // tile -> handle defined at its use site
  std::unordered_map<const ir::ExprNode*, ir::Expr> views_;  // handle defined by `define` -> its call
  struct Deferred {
    std::string name;
    ir::Type type;
    std::string op;
    std::vector<ir::Expr> args{};
    ir::Expr current{};     // the view written for statement `at`
    std::uint64_t at = 0;
    int written = 0;        // how many times it was written (fresh names)
    ir::Expr source{};      // a view of another deferred tile: its view is the first operand
  };
  std::unordered_map<const ir::ExprNode*, Deferred> deferred_;
  std::uint64_t statement_ = 1;
  static std::optional<std::int64_t> dense_pitch(const ir::Type& t) {
    auto* b = ir::type_as<ir::BufferType>(t);
    auto cols = b && b->shape.size() == 2 ? ir::const_int(b->shape[1]) : std::nullopt;
    if (!cols) return std::nullopt;
    return *cols * ir::dtype_bytes(b->dtype);
  }
  std::optional<std::int64_t> handle_pitch(ir::Expr h) const {
    for (int depth = 0; depth < 64 && h; ++depth) {
      const ir::Call* d = definition(h);
      if (d && ir::op_id(d->callee) == ir::op::id("buffer.subview") && !d->args.empty()) {
        h = d->args[0];
        continue;
      }
      return dense_pitch(h->type);
    }
    return std::nullopt;
  }
  ir::Expr materialize(Deferred& d, ir::Span sp) {
    if (d.current && d.at == statement_) return d.current;
    std::vector<ir::Expr> args = d.args;
    if (d.source) {
      ir::Expr from = handle(d.source, sp);  // the source's view for this statement (no rehash of deferred_)
      if (!from) return nullptr;
      args.insert(args.begin(), from);
    }
    const std::string name = d.written++ ? d.name + "_" + std::to_string(d.written - 1) : d.name;
    d.current = ir::make_var(name, d.type, sp);
    d.at = statement_;
    define(d.current, d.op, std::move(args), sp);
    return d.current;
  }
};

/// A relabel (tile.reshape, tile.transpose_view) defines no Buffer call: its result's handle is the
/// storage index's alias of its source's window ("Logical tile.reshape disappears after its type and
/// preserved storage window have been checked"; "tile.transpose_view needs no call"). This is that
/// check: same allocation, offset and bytes.
inline void check_relabel_window(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
  const Member* src = cx.index().member_of(c.args[0]);
  const Member* dst = cx.index().member_of(target);
  if (!src || !dst) return cx.fail(sp, c.callee + " operand or result has no planned storage");
  auto* a = ir::type_as<ir::TileType>(c.args[0]->type);
  auto* b = ir::type_as<ir::TileType>(target->type);
  if (a->memref->base != b->memref->base || src->offset != dst->offset || src->bytes != dst->bytes)
    return cx.fail(sp, c.callee + " must preserve its source's storage window (same allocation, offset and bytes)");
}

/// The destination-passing window operand `(d0, d1)` of a load/store: the tile's valid rectangle
/// — its physical shape when fully valid, its valid extents when partial, static or runtime (spec
/// "Runtime valid extents": `buffer.load(x, (0, 0), (16, cols), loaded_buffer)`; a static partial
/// tile moves only its valid region too).
inline ir::Expr shape_tuple(const ir::Expr& tile, ir::Span sp) {
  std::vector<ir::Expr> dims;
  auto* t = ir::type_as<ir::TileType>(tile->type);
  if (t && t->view && t->view->valid_shape.size() == t->shape.size()) dims = t->view->valid_shape;
  else if (auto* s = ir::shape_of(tile->type)) dims = *s;
  return ir::make_tuple(std::move(dims), sp);
}

}  // namespace ptorw::lowering
