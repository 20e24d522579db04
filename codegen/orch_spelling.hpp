// The runtime spellings of orchestration C++ (../shared/pto_format.md, "Orchestration functions:
// host-side C++ against the task runtime"), as tables: one row per tensor op the orchestration
// emitter knows (what it does with the op — `OrchForm`), one row per scalar dtype (its C++ type and
// the runtime's DataType enumerator), one row per parameter direction (the argument call) and per
// kernel kind (the submit call). Like pto_spelling.hpp for the PTO emitter: an op without a row has
// no spelling, and the emitter fails closed naming it (file:line:col), never drops it.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "ptorw/ir/enums.hpp"

namespace ptorw::codegen::orch {

/// What the orchestration emitter does with a tensor op (pto_format.md, orchestration section).
enum class OrchForm : std::uint8_t {
  Create,    // tensor.create -> a creation record + alloc_tensors (batched per block)
  View,      // tensor.slice(x, shape, offsets) -> x.view(shapes, offsets)
  Assemble,  // tensor.assemble(parent, part, offsets): nothing to do when `part` is already the view
             // of `parent` at `offsets` (Pattern 5's slice + __windowed call + assemble); any other
             // assemble would be a copy, which the runtime API has no task for: an error
  Read,      // tensor.read(x, indices) -> a host read of one element
};

struct TensorOpSpelling {
  std::string_view op;  // registry name
  OrchForm form;
  std::string_view runtime;  // the runtime call or method it becomes
};

// clang-format off
inline constexpr std::array kTensorOpSpellings{
  TensorOpSpelling{"tensor.create",   OrchForm::Create,   "alloc_tensors"},
  TensorOpSpelling{"tensor.slice",    OrchForm::View,     "view"},
  TensorOpSpelling{"tensor.assemble", OrchForm::Assemble, ""},
  TensorOpSpelling{"tensor.read",     OrchForm::Read,     "read"},
};
// clang-format on

constexpr const TensorOpSpelling* find_tensor_op(std::string_view op) {
  for (const auto& s : kTensorOpSpellings)
    if (s.op == op) return &s;
  return nullptr;
}

/// A scalar dtype's C++ type (empty: none in C++17, e.g. FP16) and the runtime's DataType.
struct DTypeSpelling {
  ir::DType dtype;
  std::string_view cpp;
  std::string_view runtime;  // DataType::<runtime>
};

// clang-format off
inline constexpr std::array kDTypeSpellings{
  DTypeSpelling{ir::DType::BOOL,    "bool",       "BOOL"},
  DTypeSpelling{ir::DType::INT8,    "int8_t",     "INT8"},
  DTypeSpelling{ir::DType::INT16,   "int16_t",    "INT16"},
  DTypeSpelling{ir::DType::INT32,   "int32_t",    "INT32"},
  DTypeSpelling{ir::DType::INT64,   "int64_t",    "INT64"},
  DTypeSpelling{ir::DType::UINT8,   "uint8_t",    "UINT8"},
  DTypeSpelling{ir::DType::FP16,    "",           "FLOAT16"},
  DTypeSpelling{ir::DType::BF16,    "",           "BFLOAT16"},
  DTypeSpelling{ir::DType::FP32,    "float",      "FLOAT32"},
  DTypeSpelling{ir::DType::INDEX,   "int64_t",    "INT64"},
  DTypeSpelling{ir::DType::TASK_ID, "PTO2TaskId", ""},
};
// clang-format on

constexpr const DTypeSpelling& dtype_spelling(ir::DType d) {
  for (const auto& s : kDTypeSpellings)
    if (s.dtype == d) return s;
  return kDTypeSpellings[0];  // unreachable: every DType has a row (checked below)
}
static_assert(kDTypeSpellings.size() == static_cast<std::size_t>(ir::DType::TASK_ID) + 1, "a DType needs its row");

/// The argument call of a kernel parameter, by direction (pto_format.md: "each argument is added by
/// the parameter's direction"); scalars always use add_scalar.
constexpr std::string_view direction_call(ir::Direction d) {
  switch (d) {
    case ir::Direction::In: return "add_input";
    case ir::Direction::Out: return "add_output";
    case ir::Direction::InOut: return "add_inout";
  }
  return "";
}
inline constexpr std::string_view kScalarArgCall = "add_scalar";

/// Which core a kernel runs on: the submit call of a task (pto_format.md).
enum class KernelKind : std::uint8_t { Vector, Cube, Mixed };

struct KindSpelling {
  KernelKind kind;
  std::string_view manifest;  // the manifest's `kind`
  std::string_view submit;    // the runtime call
};
inline constexpr std::array kKindSpellings{
    KindSpelling{KernelKind::Vector, "aiv", "rt_submit_aiv_task"},
    KindSpelling{KernelKind::Cube, "aic", "rt_submit_aic_task"},
    KindSpelling{KernelKind::Mixed, "mixed", "rt_submit_task"},
};
constexpr const KindSpelling& kind_spelling(KernelKind k) { return kKindSpellings[static_cast<std::size_t>(k)]; }

/// Runtime scopes (pto_format.md: "the body sits in a runtime scope"; pl.manual_scope() is a
/// manual scope with explicit dependencies).
inline constexpr std::string_view kAutoScope = "PTO2_SCOPE()";
inline constexpr std::string_view kManualScope = "PTO2_SCOPE(PTO2ScopeMode::MANUAL)";
inline constexpr std::string_view kSetDependencies = "set_dependencies";

}  // namespace ptorw::codegen::orch
