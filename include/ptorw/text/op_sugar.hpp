// Resolution of the DSL's op spellings to registry ops: `pl.tile.add` / `pl.tensor.slice` are
// canonical; `pl.load`, `pl.store`, `pl.create_tensor`, ... are sugar; `pl.add/sub/mul/...`
// dispatch on operand kinds (tile ∘ tile, tile ∘ scalar, tensor, scalar) — ../shared/dsl.md "Ops".
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptorw/ir.hpp"

namespace ptorw::text {

struct OpChoice {
  std::string op;                      // registry name, or empty
  std::optional<ir::BinOp> scalar_op;  // scalar ∘ scalar sugar becomes scalar IR
  std::string hint;                    // why nothing matched
};

namespace detail {
struct Sugar { std::string_view name, op; };
inline constexpr Sugar kFixedSugar[] = {
    {"load", "tile.load"},           {"store", "tile.store"},         {"create_tensor", "tensor.create"},
    {"create_tile", "tile.create"},  {"write", "tensor.write"},
    {"move", "tile.move"},
    {"alloc", "tile.alloc"},         {"extract", "tile.extract"},     {"transpose_view", "tile.transpose_view"},
    {"set_validshape", "tile.set_validshape"},
};
struct Dispatch { std::string_view name, scalar_form; ir::BinOp scalar_op; };
inline constexpr Dispatch kBinarySugar[] = {
    {"add", "adds", ir::BinOp::Add},           {"sub", "subs", ir::BinOp::Sub},
    {"mul", "muls", ir::BinOp::Mul},           {"div", "divs", ir::BinOp::Div},
    {"maximum", "maximums", ir::BinOp::Max},   {"minimum", "minimums", ir::BinOp::Min},
};
inline bool is_tile(const ir::Expr& e) { return ir::type_as<ir::TileType>(e->type) != nullptr; }
inline bool is_tensor(const ir::Expr& e) { return ir::type_as<ir::TensorType>(e->type) != nullptr; }
inline bool is_scalar(const ir::Expr& e) { return ir::type_as<ir::ScalarType>(e->type) != nullptr; }
}  // namespace detail

/// `name` is the spelling after `pl.` (e.g. "tile.add", "load", "add").
inline OpChoice resolve_op_sugar(std::string_view name, const std::vector<ir::Expr>& args) {
  // The operation reference's "Tile x Scalar" table still names tile.maximums/minimums by their
  // older names maxs/mins, with the same signature `(lhs: Tile, rhs: int | float | Scalar)`.
  if (name == "tile.maxs" || name == "maxs") return {"tile.maximums", {}, {}};
  if (name == "tile.mins" || name == "mins") return {"tile.minimums", {}, {}};
  if (name.rfind("tile.", 0) == 0 || name.rfind("tensor.", 0) == 0 || name.rfind("buffer.", 0) == 0)
    return {std::string(name), {}, {}};
  for (const auto& s : detail::kFixedSugar)
    if (s.name == name) return {std::string(s.op), {}, {}};
  if (name == "full") {
    // `pl.full([..], v, dtype=...)` is a tensor fill (dsl.md); tiles use pl.tile.full.
    return {"tensor.full", {}, {}};
  }
  if (name == "min" || name == "max") {
    // PyPTO's catalog: `max` / `min` are the scalar max / min of two values, not a tile reduction.
    if (args.size() == 2 && detail::is_scalar(args[0]) && detail::is_scalar(args[1]))
      return {{}, name == "min" ? ir::BinOp::Min : ir::BinOp::Max, {}};
    return {{}, {}, "pl." + std::string(name) + " is the " + std::string(name) + " of two scalars (not a tile reduction)"};
  }
  for (const auto& d : detail::kBinarySugar) {
    if (d.name != name) continue;
    if (args.size() == 2 && detail::is_tile(args[0]) && detail::is_tile(args[1])) return {"tile." + std::string(name), {}, {}};
    if (args.size() == 2 && detail::is_tile(args[0]) && detail::is_scalar(args[1])) return {"tile." + std::string(d.scalar_form), {}, {}};
    if (!args.empty() && detail::is_tensor(args[0])) return {"tensor." + std::string(name), {}, {}};
    if (args.size() == 2 && detail::is_scalar(args[0]) && detail::is_scalar(args[1])) return {{}, d.scalar_op, {}};
    // tensor/tile reaches tensor.<op> above, whose operand 2 must be a tensor or a scalar.
    auto kind = [](const ir::Expr& e) {
      return detail::is_tile(e) ? "a tile" : detail::is_tensor(e) ? "a tensor" : detail::is_scalar(e) ? "a scalar" : "another value";
    };
    std::string got = args.size() == 2 ? std::string(": here ") + kind(args[0]) + " and " + kind(args[1]) : std::string();
    const bool mixes = args.size() == 2 && detail::is_tile(args[0]) && detail::is_tensor(args[1]);
    const bool scalar_first = args.size() == 2 && detail::is_scalar(args[0]);
    return {{}, {}, "pl." + std::string(name) + " takes tile/tile, tile/scalar, tensor/tensor, tensor/scalar or scalar/scalar operands" +
                        got +
                        (mixes ? " (tile and tensor values do not mix: load the tensor into a tile, or stay at the tensor level)"
                         : scalar_first ? " (the scalar goes second)" : "")};
  }
  // Any other `pl.X` names the tile or tensor op of its first operand's kind (PyPTO's `pl.*`
  // dispatcher: "it inspects the argument types and forwards to the tensor or tile implementation").
  if (!args.empty()) {
    std::string prefix = detail::is_tile(args[0]) ? "tile." : detail::is_tensor(args[0]) ? "tensor." : "";
    if (!prefix.empty() && ir::find_op(prefix + std::string(name))) return {prefix + std::string(name), {}, {}};
    const char* other = prefix == "tile." ? "tensor." : prefix == "tensor." ? "tile." : nullptr;
    if (other && ir::find_op(other + std::string(name)))
      return {{}, {}, "pl." + std::string(name) + " has no " + prefix.substr(0, prefix.size() - 1) + " form here; its operand 1 is a " +
                          prefix.substr(0, prefix.size() - 1) + " (docs/dsl.md lists each op's forms)"};
  }
  if (ir::find_op("tile." + std::string(name))) return {"tile." + std::string(name), {}, {}};
  return {{}, {}, {}};
}

}  // namespace ptorw::text
