// The op table of buffer mode: planned Tile IR's tile.* ops over memory (planned_tile_ops.hpp),
// Buffer IR's buffer.* ops (buffer_ir_ops.hpp), and the tensor.* ops of value mode (GM tensors are
// host arrays in both modes). `missing_buffer_ops()` lists registry ops without a handler here;
// the interp test asserts it is empty.
#pragma once
#include <string>
#include <vector>

#include "ptorw/interp/buffer_ir_ops.hpp"
#include "ptorw/interp/planned_tile_ops.hpp"
#include "ptorw/interp/tensor_ops.hpp"
#include "ptorw/ir/op_registry.hpp"

namespace ptorw::interp {

inline const OpTable& buffer_mode_ops() {
  static const OpTable table = [] {
    OpTable t;
    add_tensor_ops(t);
    add_planned_tile_ops(t);
    add_buffer_ir_ops(t);
    return t;
  }();
  return table;
}

inline std::vector<std::string> missing_buffer_ops() {
  std::vector<std::string> out;
  for (const ir::OpDef& d : ir::all_ops())
    if (!buffer_mode_ops().count(d.name)) out.emplace_back(d.name);
  return out;
}

}  // namespace ptorw::interp
