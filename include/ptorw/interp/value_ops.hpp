// The op table of value mode: every op of the registry (ir/op_registry.hpp) but the buffer.* ops
// of Buffer IR has a handler here (Buffer IR names storage, so only buffer mode runs it:
// buffer_ops.hpp); `missing_value_ops()` lists the ones that do not, and the interp test asserts
// it is empty, so a new registry row cannot silently fall through at run time.
#pragma once
#include <string>
#include <vector>

#include "ptorw/interp/tensor_ops.hpp"
#include "ptorw/interp/tile_cast_ops.hpp"
#include "ptorw/interp/tile_compute_ops.hpp"
#include "ptorw/interp/tile_data_ops.hpp"
#include "ptorw/interp/tile_reduce_ops.hpp"
#include "ptorw/ir/op_registry.hpp"

namespace ptorw::interp {

inline const OpTable& value_mode_ops() {
  static const OpTable table = [] {
    OpTable t;
    add_tensor_ops(t);
    add_tile_data_ops(t);
    add_tile_compute_ops(t);
    add_tile_reduce_ops(t);
    t["tile.cast"] = tile_ops::cast;
    return t;
  }();
  return table;
}

inline std::vector<std::string> missing_value_ops() {
  std::vector<std::string> out;
  for (const ir::OpDef& d : ir::all_ops())
    if (!d.name.starts_with("buffer.") && !value_mode_ops().count(d.name)) out.emplace_back(d.name);
  return out;
}

}  // namespace ptorw::interp
