// GM transfer recipes (lower_tile_to_buffer.md, "Initial supported recipes": ordinary packed ND GM
// load/store with default policies; GM load/store preserve matching element types without casts).
//
//   t = tile.load(A, offs, shape[, valid])   →  buffer.load(A, offs, shape, t_buf)
//   r = tile.store(t, offs, Out)             →  buffer.store(t_buf, offs, shape(t), Out); r ≡ Out
//
// Where they apply (one check, asked by selection and conversion alike): a GM tensor and a tile of
// one element type (or an Acc tile whose FP32 the fix-pipe narrows to FP16/BF16 on its store:
// ir/store_dtype.hpp), default policies (no transpose, no Acc conversion kwargs); the default rollout
// further needs the table's transfer dtypes ("Ordinary packed ND GM load/store: FP16, BF16, FP32,
// INT32") and an ordinary packed ND tensor.
#pragma once
#include <string_view>

#include "ptorw/lowering/recipes/elementwise_table.hpp"
#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"
#include "ptorw/lowering/recipes/stated_valid.hpp"
#include "ptorw/ir/store_dtype.hpp"

namespace ptorw::lowering::recipes {

namespace transfer_detail {
/// The default-rollout rules of one GM tensor operand of `op`.
inline Refusal default_gm_layout(const ir::TensorType& tt, std::string_view op) {
  if (tt.view && (!tt.view->stride.empty() || tt.view->layout != ir::TensorLayout::ND))
    return refuse(std::string(op) + " of a strided or non-ND tensor (only ordinary packed ND GM)");
  return std::nullopt;
}
inline Refusal default_gm(const ir::TensorType& tt, std::string_view op) {
  if (!(kTransfer & bit(tt.dtype))) return refuse(std::string(op) + " of this element type has no GM transfer recipe");
  return default_gm_layout(tt, op);
}
inline std::string dims(const std::vector<ir::Expr>& d) {
  std::string s = "[";
  for (std::size_t i = 0; i < d.size(); ++i) {
    if (i) s += ", ";
    auto c = ir::const_int(d[i]);
    s += c ? std::to_string(*c) : "?";
  }
  return s + "]";
}
inline bool same_dims(const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto x = ir::const_int(a[i]), y = ir::const_int(b[i]);
    if (!x || !y || *x != *y) return false;
  }
  return true;
}
/// Some valid dimension is -1: set at run time — both on an allocation whose metadata can change
/// (buffer.set_validshape), per axis on a window ("windows retain their per-axis static/dynamic
/// descriptors").
inline bool dynamic_valid(const ir::BufferType& b) {
  if (!b.view || b.view->valid_shape.size() != b.shape.size() || b.shape.empty()) return false;
  for (const auto& v : b.view->valid_shape)
    if (ir::const_int(v) == std::optional<std::int64_t>(-1)) return true;
  return false;
}
/// Each window extent fits its dimension of a dynamic-valid descriptor: under a -1 dimension a
/// runtime value or a constant in [0, shape]; under a static one exactly that constant.
inline bool fits(const std::vector<ir::Expr>& window, const ir::BufferType& b) {
  if (window.size() != b.shape.size()) return false;
  for (std::size_t i = 0; i < window.size(); ++i) {
    auto w = ir::const_int(window[i]), s = ir::const_int(b.shape[i]), v = ir::const_int(b.view->valid_shape[i]);
    if (v && *v != -1) {
      if (!w || *w != *v) return false;
    } else if (w && (!s || *w < 0 || *w > *s)) {
      return false;
    }
  }
  return true;
}
/// The BufferIR rule of buffer.load / buffer.store: the window is the buffer's shape (or its static
/// valid shape, or any runtime rectangle of a dynamic-valid buffer), the element
/// type is kept, the offsets have the tensor's rank, and the tensor is a GM parameter.
inline Refusal check(const ir::Call& c, bool load, const BufferCheckContext& bx) {
  const ir::Expr& tensor = load ? c.args[0] : c.args[3];
  const ir::Expr& b = load ? c.args[3] : c.args[0];
  auto* tt = ir::type_as<ir::TensorType>(tensor->type);
  auto* bt = ir::type_as<ir::BufferType>(b->type);
  if (!tt || !bt) return std::nullopt;
  const std::string op = load ? "buffer.load" : "buffer.store";
  // A load keeps its dtype; a store may narrow an Acc buffer's FP32 through the fix-pipe.
  if (load ? tt->dtype != bt->dtype : !ir::store_dtype_ok(bt->dtype, bt->memory, tt->dtype))
    return refuse(op + " changes the element type (" + (load ? std::string("GM transfers do not cast") : ir::kStoreDtypeRule) + ")");
  auto* sizes = ir::expr_as<ir::MakeTuple>(c.args[2]);
  if (sizes && dynamic_valid(*bt) && fits(sizes->elems, *bt)) {
    // A dynamic-valid buffer moves its valid rectangle (runtime values, or constants within the shape).
  } else if (!sizes || !(same_dims(sizes->elems, bt->shape) || (bt->view && same_dims(sizes->elems, bt->view->valid_shape)))) {
    return refuse(op + " window " + (sizes ? dims(sizes->elems) : "?") + " differs from the buffer shape " + dims(bt->shape));
  }
  auto* offs = ir::expr_as<ir::MakeTuple>(c.args[1]);
  if (!offs || offs->elems.size() != tt->shape.size()) return refuse(op + " offsets must have the tensor's rank");
  if (!bx.is_param(tensor)) return refuse(op + " must name a GM parameter");
  return std::nullopt;
}
}  // namespace transfer_detail

struct GmLoad {
  static constexpr std::string_view name = "gm_load";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.load"); }
  static bool produces(ir::OpId op) { return op == ir::op::id("buffer.load"); }
  static Refusal applies(const ir::Expr& target, const ir::Call& c, const ApplyContext& ax) {
    if (ir::find_kwarg(c.kwargs, "transpose")) return refuse("tile.load with transpose has no Buffer recipe yet");
    auto* tt = ir::type_as<ir::TensorType>(c.args[0]->type);
    auto* tl = ir::type_as<ir::TileType>(target ? target->type : nullptr);
    if (!tt || !tl) return refuse("tile.load must load a GM tensor into an assigned tile");
    if (tt->dtype != tl->dtype) return refuse("tile.load changes the element type; GM transfers do not cast");
    // buffer.load reads the destination's valid window: the result must be typed with the load's own
    // (its valid_shape operand, else its shape).
    if (auto r = stated_valid_refusal(*tl, ir::infer::list_elems(c.args.size() > 3 && c.args[3] ? c.args[3] : c.args[2]), "tile.load"))
      return r;
    // A declared pad (TileView pad=zero/max/min) fills the tile outside its valid region
    // (docs/semantics.md, Tiles); buffer.load writes the valid window only, so the padding would
    // read whatever the storage held (review rev41b F4): not a default load policy (lower_tile_to_
    // buffer.md "default load/store policies").
    if (tl->view && tl->view->pad && *tl->view->pad != ir::PadValue::null)
      return refuse("tile.load into a tile typed with a pad value has no Buffer recipe (buffer.load does not fill the padding)");
    if (!ax.default_rollout()) return std::nullopt;
    // The ordinary cube path loads its operands into Mat ("GM -> Mat"), INT8 included ("INT8
    // operands accumulate in INT32"); Left/Right/Acc are not loaded from GM by default.
    const ir::MemSpace m = tl->memory.value_or(ir::MemSpace::Vec);
    if (m == ir::MemSpace::Mat && tt->dtype == ir::DType::INT8) return transfer_detail::default_gm_layout(*tt, "tile.load");
    if (m != ir::MemSpace::Vec && m != ir::MemSpace::Mat)
      return refuse("tile.load into this memory space has no default Buffer recipe (the ordinary cube path loads into pl.Mem.Mat)");
    return transfer_detail::default_gm(*tt, "tile.load");
  }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    ir::Expr dst = cx.handle(target, sp);
    if (!dst) return;
    cx.emit("buffer.load", {cx.gm(c.args[0]), c.args[1], shape_tuple(target, sp), dst}, sp);
  }
  static Refusal check_buffer(const ir::Expr&, const ir::Call& c, BufferCheckContext& bx) {
    return transfer_detail::check(c, true, bx);
  }
};

struct GmStore {
  static constexpr std::string_view name = "gm_store";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.store"); }
  static bool produces(ir::OpId op) { return op == ir::op::id("buffer.store"); }
  static Refusal applies(const ir::Expr&, const ir::Call& c, const ApplyContext& ax) {
    auto* tt = ir::type_as<ir::TensorType>(c.args[2]->type);
    auto* tl = ir::type_as<ir::TileType>(c.args[0]->type);
    if (!tt || !tl) return refuse("tile.store must store a tile into a GM tensor");
    // "Acc stores drain through the fix-pipe with its unscaled conversions only; pre_quant/pre_relu,
    // atomic and phased stores ... still fail explicitly until their transfer recipes exist."
    // buffer.store carries the conversion: PTOAS's tstore from an Acc tile converts on the way.
    if (!ir::store_dtype_ok(tl->dtype, tl->memory, tt->dtype))
      return refuse(std::string("tile.store changes the element type (") + ir::kStoreDtypeRule + ")");
    if (tl->memory.value_or(ir::MemSpace::Vec) == ir::MemSpace::Acc && !c.kwargs.empty())
      return refuse("Acc stores with conversion kwargs have no Buffer recipe yet");
    if (ax.default_rollout()) {
      const ir::MemSpace m = tl->memory.value_or(ir::MemSpace::Vec);
      if (m != ir::MemSpace::Vec && m != ir::MemSpace::Acc)
        return refuse("tile.store from this memory space has no default Buffer recipe (the ordinary cube path stores from pl.Mem.Acc)");
    }
    return ax.default_rollout() ? transfer_detail::default_gm(*tt, "tile.store") : std::nullopt;
  }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    ir::Expr src = cx.handle(c.args[0], sp);
    if (!src) return;
    ir::Expr out = cx.gm(c.args[2]);
    cx.emit("buffer.store", {src, c.args[1], shape_tuple(c.args[0], sp), out}, sp);
    if (target) cx.alias_gm(target, out);  // the store result is the output tensor itself
  }
  static Refusal check_buffer(const ir::Expr&, const ir::Call& c, BufferCheckContext& bx) {
    return transfer_detail::check(c, false, bx);
  }
};

}  // namespace ptorw::lowering::recipes
