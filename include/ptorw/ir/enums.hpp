// Enumerations of the IR and their DSL spellings (../shared/dsl.md "Types").
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace ptorw::ir {

enum class DType : std::uint8_t { BOOL, INT8, INT16, INT32, INT64, UINT8, FP16, BF16, FP32, INDEX, TASK_ID };
enum class MemSpace : std::uint8_t { DDR, Vec, Mat, Left, Right, Acc, Bias };
enum class FunctionType : std::uint8_t { Opaque, Orchestration, InCore, AIC, AIV, Group };
enum class Direction : std::uint8_t { In, Out, InOut };
enum class ForKind : std::uint8_t { Range, Parallel };
enum class ScopeKind : std::uint8_t { At, Manual };
enum class Stage : std::uint8_t { Tile, Buffer };
enum class TensorLayout : std::uint8_t { ND, DN, NZ };
enum class TileLayout : std::uint8_t { none_box, row_major, col_major };
enum class PadValue : std::uint8_t { null, zero, max, min };

/// One table row per enumerator: the spelling after the `pl.` prefix family.
template <class E> struct EnumInfo;

#define PTORW_ENUM_NAMES(E, PREFIX, ...)                                                    \
  template <> struct EnumInfo<E> {                                                          \
    static constexpr std::string_view prefix = PREFIX;                                      \
    static constexpr std::array names{__VA_ARGS__};                                         \
  };

using sv = std::string_view;
PTORW_ENUM_NAMES(DType, "pl.", sv{"BOOL"}, sv{"INT8"}, sv{"INT16"}, sv{"INT32"}, sv{"INT64"}, sv{"UINT8"},
                 sv{"FP16"}, sv{"BF16"}, sv{"FP32"}, sv{"INDEX"}, sv{"TASK_ID"})
PTORW_ENUM_NAMES(MemSpace, "pl.Mem.", sv{"DDR"}, sv{"Vec"}, sv{"Mat"}, sv{"Left"}, sv{"Right"}, sv{"Acc"},
                 sv{"Bias"})
PTORW_ENUM_NAMES(FunctionType, "pl.FunctionType.", sv{"Opaque"}, sv{"Orchestration"}, sv{"InCore"},
                 sv{"AIC"}, sv{"AIV"}, sv{"Group"})
PTORW_ENUM_NAMES(Direction, "pl.", sv{"In"}, sv{"Out"}, sv{"InOut"})
PTORW_ENUM_NAMES(ForKind, "pl.", sv{"range"}, sv{"parallel"})
PTORW_ENUM_NAMES(ScopeKind, "pl.", sv{"at"}, sv{"manual_scope"})
PTORW_ENUM_NAMES(Stage, "pl.FunctionIRStage.", sv{"Tile"}, sv{"Buffer"})
PTORW_ENUM_NAMES(TensorLayout, "pl.TensorLayout.", sv{"ND"}, sv{"DN"}, sv{"NZ"})
PTORW_ENUM_NAMES(TileLayout, "pl.TileLayout.", sv{"none_box"}, sv{"row_major"}, sv{"col_major"})
PTORW_ENUM_NAMES(PadValue, "pl.PadValue.", sv{"null"}, sv{"zero"}, sv{"max"}, sv{"min"})
#undef PTORW_ENUM_NAMES

template <class E> constexpr std::string_view name_of(E e) {
  return EnumInfo<E>::names[static_cast<std::size_t>(e)];
}
template <class E> constexpr std::optional<E> enum_from(std::string_view s) {
  for (std::size_t i = 0; i < EnumInfo<E>::names.size(); ++i)
    if (EnumInfo<E>::names[i] == s) return static_cast<E>(i);
  return std::nullopt;
}

constexpr bool is_float(DType d) { return d == DType::FP16 || d == DType::BF16 || d == DType::FP32; }
constexpr bool is_int(DType d) { return !is_float(d) && d != DType::BOOL; }
/// Bytes of one element; TASK_ID and INDEX are 64-bit handles.
constexpr int dtype_bytes(DType d) {
  switch (d) {
    case DType::BOOL: case DType::INT8: case DType::UINT8: return 1;
    case DType::INT16: case DType::FP16: case DType::BF16: return 2;
    case DType::INT32: case DType::FP32: return 4;
    default: return 8;
  }
}
/// InCore-type functions are the callees of the orchestration patterns (spec "Scope").
constexpr bool is_incore_like(FunctionType t) {
  return t == FunctionType::InCore || t == FunctionType::AIC || t == FunctionType::AIV;
}
/// Why an AIC/AIV kernel cannot hold storage in `m` (pto_format.md: pto.kernel_kind is the core it
/// runs on, which has only its own storage), or null. select-buffer-ir and the emitter both ask.
constexpr const char* core_storage_conflict(FunctionType t, MemSpace m) {
  const bool matrix = m != MemSpace::Vec && m != MemSpace::DDR;
  if (t == FunctionType::AIV && matrix) return "the vector core has no Mat/Left/Right/Acc/Bias storage";
  if (t == FunctionType::AIC && m == MemSpace::Vec) return "the cube core has no Vec storage";
  return nullptr;
}

}  // namespace ptorw::ir
