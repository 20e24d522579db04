// What an op implementation sees, and the table that maps registry op names to implementations.
//
// This is the seam between the shared evaluator (eval.hpp: scalars, control flow, calls) and a
// *mode*: value mode fills an OpTable with the handlers of tensor_ops.hpp, tile_data_ops.hpp and
// tile_compute_ops.hpp (value_ops.hpp); buffer mode (buffer_ops.hpp: planned Tile IR and Buffer IR
// over one byte array per memory space, memory.hpp) has its own table over the same OpCall. The
// evaluator picks the table per function (modes.hpp).
#pragma once
#include <algorithm>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptorw/interp/value.hpp"
#include "ptorw/ir/expr.hpp"
#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/type.hpp"

namespace ptorw::interp {

/// State an op may need beyond its operands.
struct Memory;  // buffer mode's on-chip bytes (memory.hpp)

struct OpEnv {
  /// Frame ids of the calls currently on the stack (innermost last): a view marked read-only by
  /// one of them may not be written.
  const std::vector<std::uint64_t>* active_frames = nullptr;
  std::uint64_t next_ptr_id = 1;
  /// Buffer mode: the memory spaces of this run (null in a value-mode-only run).
  Memory* memory = nullptr;
  /// The location of the op call being run (buffer mode names the writer of clobbered bytes).
  ir::Span site{};
};

/// Evaluates an expression in the frame of the calling statement: buffer mode uses it for the
/// MemRef and shape expressions of the declared result type.
struct FrameEval {
  virtual Value eval(const ir::Expr& e) const = 0;

 protected:
  ~FrameEval() = default;
};

struct OpCall {
  const ir::Call& call;
  std::vector<Value>& args;
  /// The declared type of the result: the assigned variable's type when the call is the value
  /// of an assignment (annotations may add a TensorView / TileView), else the call's own type.
  const ir::Type& result_type;
  OpEnv& env;
  const FrameEval* frame = nullptr;

  const std::string& op() const { return call.callee; }
  /// The interned id of the op (ir/op_id.hpp): compare it, not op()'s text.
  ir::OpId id() const { return ir::op_id(call.callee); }
  /// `'x'` when operand i is a variable, else `operand i+1` — for messages.
  std::string operand_name(std::size_t i) const {
    if (i < call.args.size() && ir::is_var_like(call.args[i])) return "'" + ir::var_name(call.args[i]) + "'";
    return "operand " + std::to_string(i + 1);
  }
  template <class T> const T& arg(std::size_t i) const {
    if (i >= args.size()) fail(op() + " is missing operand " + std::to_string(i + 1));
    return expect<T>(args[i], (op() + " " + operand_name(i)).c_str());
  }
  Shape ints(std::size_t i, const char* what) const {
    if (i >= args.size()) fail(op() + " is missing its " + what);
    return ints_of(args[i], (op() + " " + what).c_str());
  }
};

using OpFn = Value (*)(OpCall&);

/// A mode's handlers, indexed by interned op id (ir/op_id.hpp): the evaluator finds a call's
/// handler with one array index instead of hashing its name. Filled by name (`t["tile.add"] = f`)
/// once per mode; iterated and counted by name by the coverage tests.
class OpTable {
 public:
  class Slot {
   public:
    Slot& operator=(OpFn f) {
      t_.by_name_[name_] = f;
      if (const ir::OpId id = ir::op_id_of_name(name_); id.valid()) t_.by_id_[id.v] = f;
      return *this;
    }

   private:
    friend class OpTable;
    Slot(OpTable& t, std::string_view n) : t_(t), name_(n) {}
    OpTable& t_;
    std::string_view name_;
  };

  OpTable() : by_id_(ir::op_count(), nullptr) {}
  Slot operator[](std::string_view name) { return Slot(*this, name); }
  std::size_t count(std::string_view name) const { return by_name_.count(name); }
  /// The handler of a call's callee, or nullptr.
  OpFn find(const ir::Symbol& callee) const {
    const ir::OpId id = ir::op_id(callee);
    if (id.valid()) return by_id_[id.v];
    auto it = by_name_.find(callee.view());
    return it == by_name_.end() ? nullptr : it->second;
  }
  auto begin() const { return by_name_.begin(); }
  auto end() const { return by_name_.end(); }

 private:
  std::unordered_map<std::string_view, OpFn> by_name_;
  std::vector<OpFn> by_id_;
};

/// Writes through a view of an active call's In parameter are errors (docs/semantics.md "Calls").
/// So are writes to storage marked read-only (Storage::read_only: an entry's In argument under
/// RunOptions::read_only_in), through whichever view.
inline void check_writable(const OpCall& c, const TensorVal& t, std::size_t operand) {
  if (t.storage && t.storage->read_only)
    fail(c.op() + " writes " + c.operand_name(operand) + ", a view of read-only In argument '" + t.storage->read_only_name +
         "'; a kernel may write only Out/InOut parameters");
  if (t.ro_frame == 0 || !c.env.active_frames) return;
  const auto& fr = *c.env.active_frames;
  if (std::find(fr.begin(), fr.end(), t.ro_frame) != fr.end())
    fail(c.op() + " writes " + c.operand_name(operand) + ", a view of In parameter '" + t.ro_param +
         "'; a callee may write only Out/InOut parameters");
}

/// Every index of a window `[off, off + ext)` must lie inside `full`.
inline void check_window(const std::string& what, const Shape& full, const Shape& off, const Shape& ext) {
  if (off.size() != full.size() || ext.size() != full.size())
    fail(what + ": rank mismatch (offsets " + dims_str(off) + ", extents " + dims_str(ext) + ", shape " +
         dims_str(full) + ")");
  for (std::size_t i = 0; i < full.size(); ++i)
    if (off[i] < 0 || ext[i] < 0 || off[i] > full[i] - ext[i])  // not off + ext: it may overflow
      fail(what + ": window at offset " + dims_str(off) + " with extent " + dims_str(ext) + " is out of bounds of " +
           dims_str(full));
}

}  // namespace ptorw::interp
