// The strides each orchestration tensor's storage is laid out with (`Layouts`), and whether a
// kernel addresses an argument with those strides (`strides_agree`).
//
// A task hands a kernel each tensor as a bare pointer (pto_format.md: the entry wrapper "unpacks its
// argument slots (tensor pointers, ...)"), and the PTO function addresses it with the strides of its
// parameter type: the TensorView stride, or packed row-major from its own shape. A view
// (`x.view(shapes, offsets)` for a tensor.slice, or a create allocated as its parent's window)
// points into its parent's storage, so its elements lie at the parent's strides. When the two
// differ the kernel reads or writes the wrong elements. OptimizeOrchTensors exists partly to make
// them agree — spec Pattern 4: "the InCore function's parameter has contiguous strides (computed
// from its own shape), not the parent tensor's strides. This causes incorrect memory access when
// the slice is a non-contiguous view of the parent" — and where it declines (call sites that need
// different strides: a conflict), the emitter refuses the call instead of writing it.
//
// A cell is one storage layout that several C++ names share: a tensor, its aliases, its views and
// the kernel results that are written into it. A loop carry has a cell of its own, started from its
// initial value's; each yield merges the yielded value's layout into it. A carry whose yields bring
// other strides becomes unknown (a later use of it is refused); if a kernel already relied on its
// strides earlier in the loop body (the next iteration would see the other ones), the yield is the
// error. An If result's cell starts unset and takes its arms' layout.
#pragma once
#include <fmt/format.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ptorw/ir/expr.hpp"
#include "ptorw/ir/type.hpp"

namespace ptorw::codegen::orch {

namespace detail {

/// Strides a tensor type addresses its elements with: its TensorView's, or packed row-major
/// (nullopt when one is not a constant).
inline std::optional<std::vector<std::int64_t>> static_strides(const ir::TensorType& t) {
  std::vector<std::int64_t> s(t.shape.size(), 1);
  if (t.view && !t.view->stride.empty()) {
    if (t.view->stride.size() != t.shape.size()) return std::nullopt;
    for (std::size_t i = 0; i < s.size(); ++i) {
      auto v = ir::const_int(t.view->stride[i]);
      if (!v) return std::nullopt;
      s[i] = *v;
    }
    return s;
  }
  for (std::size_t i = s.size(); i-- > 1;) {
    auto d = ir::const_int(t.shape[i]);
    if (!d) return std::nullopt;
    s[i - 1] = s[i] * *d;
  }
  return s;
}

/// One dim's extent expression is the same as another's: the same node, or equal constants.
inline bool same_extent(const ir::Expr& a, const ir::Expr& b) {
  if (a.get() == b.get()) return true;
  auto x = ir::const_int(a), y = ir::const_int(b);
  return x && y && *x == *y;
}

}  // namespace detail

/// A kernel that addresses its parameter with `addressed`'s strides reads and writes a tensor stored
/// with `storage`'s strides correctly: equal strides on every dim of `addressed` whose extent is not
/// the constant 1 (a dim of extent 1 is never stepped). Symbolic strides agree on a dim only when
/// both are declared as the same expression (`stride=[S, 1]` on both sides), or both are packed and
/// every later dim has the same extent; anything else cannot be proven here.
inline bool strides_agree(const ir::TensorType& addressed, const ir::TensorType& storage) {
  const std::size_t rank = addressed.shape.size();
  if (storage.shape.size() != rank) return false;
  auto stepped = [&](std::size_t i) {
    auto extent = ir::const_int(addressed.shape[i]);
    return !extent || *extent != 1;
  };
  // Per stepped dim: equal constant strides, the same declared expression on both sides
  // (`stride=[S, 1]`), or both packed with the same extents after that dim (a packed stride is the
  // product of the later extents).
  auto declared = [&](const ir::TensorType& t) -> const std::vector<ir::Expr>* {
    return t.view && t.view->stride.size() == rank ? &t.view->stride : nullptr;
  };
  const std::vector<ir::Expr>* da = declared(addressed);
  const std::vector<ir::Expr>* db = declared(storage);
  if ((addressed.view && !addressed.view->stride.empty() && !da) || (storage.view && !storage.view->stride.empty() && !db))
    return false;  // a declared stride list of another rank
  auto constant = [&](const ir::TensorType& t, const std::vector<ir::Expr>* d, std::size_t i) -> std::optional<std::int64_t> {
    if (d) return ir::const_int((*d)[i]);
    std::int64_t p = 1;
    for (std::size_t j = i + 1; j < rank; ++j) {
      auto e = ir::const_int(t.shape[j]);
      if (!e || __builtin_mul_overflow(p, *e, &p)) return std::nullopt;  // unknown rather than wrapped
    }
    return p;
  };
  for (std::size_t i = 0; i < rank; ++i) {
    if (!stepped(i)) continue;
    auto x = constant(addressed, da, i), y = constant(storage, db, i);
    if (x && y) {
      if (*x != *y) return false;
    } else if (da && db) {
      if (!detail::same_extent((*da)[i], (*db)[i])) return false;
    } else if (!da && !db) {
      for (std::size_t j = i + 1; j < rank; ++j)
        if (!detail::same_extent(addressed.shape[j], storage.shape[j])) return false;
    } else {
      return false;
    }
  }
  return true;
}

/// `[256, 1]`, or `[?, 1]` for a stride that is not a constant (for messages).
inline std::string strides_text(const ir::TensorType& t) {
  if (auto s = detail::static_strides(t)) return fmt::format("[{}]", fmt::join(*s, ", "));
  std::string out = "[";
  for (std::size_t i = 0; i < t.shape.size(); ++i) {
    std::optional<std::int64_t> v;
    if (t.view && t.view->stride.size() == t.shape.size()) v = ir::const_int(t.view->stride[i]);
    else if (i + 1 == t.shape.size()) v = 1;
    out += (i ? ", " : "") + (v ? std::to_string(*v) : std::string("?"));
  }
  return out + "]";
}

/// The layout cells of one orchestration function (see the top of the file).
///
/// A cell whose layout a kernel relied on may not change later (the loop's next iteration would
/// hand the kernel other strides). A cell that took its layout from another one — a loop carry from
/// its init, a carry or If result from a yielded value — depends on it: relying on the cell relies
/// on its sources too, so a source that later changes strides is refused as well.
class Layouts {
 public:
  using Cell = std::uint32_t;
  static constexpr Cell none = UINT32_MAX;

  /// A storage laid out as `t` (a parameter's or a create's type); null: not known.
  Cell make(const ir::TensorType* t) {
    cells_.push_back({t, t == nullptr, false, {}});
    return static_cast<Cell>(cells_.size() - 1);
  }
  /// An If result before its arms.
  Cell unset() {
    cells_.push_back({nullptr, false, false, {}});
    return static_cast<Cell>(cells_.size() - 1);
  }
  /// A loop carry's own cell, starting as `from`'s layout (and depending on it).
  Cell carry(Cell from) {
    if (from == none) return make(nullptr);
    const ir::TensorType* l = cells_[from].layout;  // a copy: push_back may move cells_
    cells_.push_back({l, l == nullptr, false, {from}});
    return static_cast<Cell>(cells_.size() - 1);
  }
  /// The layout, or null when it is not known (unset, or arms / iterations disagree).
  const ir::TensorType* layout(Cell c) const { return c == none ? nullptr : cells_[c].layout; }
  /// A kernel is handed a tensor of cell `c` with its layout: `c` and everything it took its layout
  /// from may not change strides from now on.
  void rely(Cell c) {
    std::vector<Cell> todo;
    if (c != none) todo.push_back(c);
    while (!todo.empty()) {  // a worklist: carry chains may be as long as the program
      const Cell x = todo.back();
      todo.pop_back();
      if (cells_[x].relied) continue;
      cells_[x].relied = true;
      for (Cell s : cells_[x].sources)
        if (!cells_[s].relied) todo.push_back(s);
    }
  }
  /// A yield of a value in cell `value` to the carry or If result in cell `target`. False when the
  /// strides change and something already relied on the old ones.
  bool merge(Cell target, Cell value) {
    if (target == none || target == value) return true;
    if (cells_[target].unknown) return true;  // nothing can have relied on an unknown layout
    const ir::TensorType* v = layout(value);
    CellData& t = cells_[target];
    if (!t.layout) {  // unset: the first arm decides
      t.layout = v;
      t.unknown = v == nullptr;
    } else if (!v || !strides_agree(*t.layout, *v) || !strides_agree(*v, *t.layout)) {
      if (t.relied) return false;
      t.layout = nullptr;
      t.unknown = true;
      return true;
    }
    // The target now holds the value's layout: it depends on the value.
    if (value != none) {
      t.sources.push_back(value);
      if (t.relied) rely(value);
    }
    return true;
  }

 private:
  struct CellData {
    const ir::TensorType* layout;
    bool unknown;  // arms or iterations disagree, or a value without a known layout
    bool relied;   // a kernel was handed it (or a cell depending on it) with this layout
    std::vector<Cell> sources;  // the cells it took its layout from
  };
  std::vector<CellData> cells_;
};

}  // namespace ptorw::codegen::orch
