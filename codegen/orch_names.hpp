// The identifiers and helper definitions an orchestration translation unit owns besides the
// program's names (orch_cpp_emitter.hpp): runtime names a program variable must not take, C++
// keywords a Python identifier may be, and the small static helpers a file defines when it needs
// them (float bit casts for pto_format.md's "floats bit-cast to a 64-bit word", Python's // and %).
#pragma once
#include <string_view>

namespace ptorw::codegen::orch {

/// Names the generated file uses besides the program's (never given to a program variable).
inline constexpr std::string_view kReservedNames[] = {
    "orch_args", "orchestration_config", "orchestration_entry", "Tensor", "Arg", "TensorCreateInfo", "TensorBatch",
    "DataType", "PTO2TaskId", "PTO2ScopeMode", "MixedKernels", "alloc_tensors", "rt_submit_aiv_task",
    "rt_submit_aic_task", "rt_submit_task", "ptorw_float_bits", "ptorw_bits_float", "ptorw_floordiv", "ptorw_mod",
    "ptorw_fmin", "ptorw_fmax",
    "PTO2_INVALID_TASK_ID", "OrchArgs", "TensorSlot", "PTO2ScopeGuard", "PTO2_SCOPE", "pto2_scope_guard_", "std",
    "main", "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t"};

/// A character of a C++ identifier: ASCII letters, digits and '_' (std::isalnum in the "C" locale,
/// without its call).
constexpr bool ident_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }

/// Whether `name` may be a macro of the C headers the generated files include (<cstdint>:
/// INT64_MAX, UINT8_C, SIZE_MAX, ...; <cstring>: NULL): such a name would be replaced by the
/// preprocessor, so a DSL name spelled so is renamed like a taken one. Every all-caps name of those
/// families is reserved, which also covers the macros of other C library headers of that form.
inline bool c_macro_name(std::string_view name) {
  if (name.empty() || name.back() == '_') return false;  // the renamed form (`NULL_`) is free
  for (char c : name)
    if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  for (std::string_view p : {"INT", "UINT", "NULL", "SIZE_", "PTRDIFF_", "SIG_ATOMIC_", "WCHAR_", "WINT_", "EOF", "ERANGE", "EDOM"})
    if (name.substr(0, p.size()) == p) return true;
  return false;
}

/// C++ keywords a DSL name may collide with (Python identifiers that are not Python keywords).
inline constexpr std::string_view kCppKeywords[] = {
    "alignas", "alignof", "asm", "auto", "bool", "case", "catch", "char", "char16_t", "char32_t", "char8_t", "class",
    "concept", "const", "const_cast", "consteval", "constexpr", "constinit", "continue", "co_await", "co_return",
    "co_yield", "decltype", "default", "delete", "do", "double", "dynamic_cast", "enum", "explicit", "export", "extern",
    "float", "friend", "goto", "inline", "int", "long", "mutable", "namespace", "new", "noexcept", "nullptr",
    "operator", "private", "protected", "public", "register", "reinterpret_cast", "requires", "short", "signed",
    "sizeof", "static", "static_assert", "static_cast", "struct", "switch", "template", "this", "thread_local",
    "throw", "typedef", "typeid", "typename", "union", "unsigned", "using", "virtual", "void", "volatile", "wchar_t",
    "bitand", "bitor", "compl", "and_eq", "or_eq", "xor", "xor_eq", "not_eq", "true", "false"};

// clang-format off
inline constexpr std::string_view kFloatBitsHelper =
    "static inline uint64_t ptorw_float_bits(float v) {\n  uint32_t b;\n  std::memcpy(&b, &v, sizeof b);\n  return b;\n}\n";
inline constexpr std::string_view kBitsFloatHelper =
    "static inline float ptorw_bits_float(uint64_t w) {\n  uint32_t b = static_cast<uint32_t>(w);\n  float v;\n"
    "  std::memcpy(&v, &b, sizeof v);\n  return v;\n}\n";
// Python's // rounds toward negative infinity; C++'s / toward zero.
inline constexpr std::string_view kFloorDivHelper =
    "static inline int64_t ptorw_floordiv(int64_t a, int64_t b) {\n  int64_t q = a / b;\n"
    "  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;\n}\n";
// Python's % takes the sign of the divisor.
inline constexpr std::string_view kModHelper =
    "static inline int64_t ptorw_mod(int64_t a, int64_t b) {\n  int64_t r = a % b;\n"
    "  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;\n}\n";
// Float min / max as docs/semantics.md says and the interpreter computes: a NaN operand gives NaN
// (`a + b` is then a NaN), on a tie the first operand (review rev45c 2: `a < b ? a : b` gave the
// other operand for a NaN).
inline constexpr std::string_view kFMinMaxHelper =
    "static inline float ptorw_fmin(float a, float b) {\n  if (a != a || b != b) return a + b;\n  return b < a ? b : a;\n}\n"
    "static inline float ptorw_fmax(float a, float b) {\n  if (a != a || b != b) return a + b;\n  return b > a ? b : a;\n}\n";
// clang-format on

}  // namespace ptorw::codegen::orch
