// IR properties a pass requires, produces or invalidates (the spec's "Pass Properties" tables).
// A PropertySet is a small bit set; the PassManager tracks it along a pipeline.
#pragma once
#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace ptorw::passes {

enum class IrProperty : std::uint8_t {
  SSAForm,              // one definition per variable, uses after definitions
  NoNestedCalls,        // call arguments are variables or constants (FlattenCallExpr ran)
  NormalizedReturns,    // one return at the end of each function
  SplitIncoreOrch,      // device (InCore) and orchestration code live in separate functions
  IncoreTileOps,        // InCore bodies use tile.* ops only
  HasMemRefs,           // Tile storage planned (InitMemRef ran)
  TileStorageVerified,  // planned Tile storage checked (VerifyTileStorage)
  BufferIR,             // selected functions lowered to Buffer IR
};
inline constexpr std::array<std::string_view, 8> kIrPropertyNames{
    "SSAForm", "NoNestedCalls", "NormalizedReturns", "SplitIncoreOrch",
    "IncoreTileOps", "HasMemRefs", "TileStorageVerified", "BufferIR"};

constexpr std::string_view name_of(IrProperty p) { return kIrPropertyNames[static_cast<std::size_t>(p)]; }

class PropertySet {
 public:
  constexpr PropertySet() = default;
  constexpr PropertySet(std::initializer_list<IrProperty> ps) {
    for (IrProperty p : ps) bits_ |= bit(p);
  }
  constexpr bool has(IrProperty p) const { return (bits_ & bit(p)) != 0; }
  constexpr bool contains(PropertySet o) const { return (bits_ & o.bits_) == o.bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr PropertySet operator|(PropertySet o) const { return from(bits_ | o.bits_); }
  constexpr PropertySet operator&(PropertySet o) const { return from(bits_ & o.bits_); }
  /// The properties of this set that are not in `o`.
  constexpr PropertySet operator-(PropertySet o) const { return from(bits_ & ~o.bits_); }
  constexpr bool operator==(const PropertySet&) const = default;

  /// "SSAForm, NoNestedCalls" (empty string for the empty set).
  std::string str() const {
    std::string out;
    for (std::size_t i = 0; i < kIrPropertyNames.size(); ++i)
      if (bits_ & (1u << i)) out += (out.empty() ? "" : ", ") + std::string(kIrPropertyNames[i]);
    return out;
  }

 private:
  static constexpr std::uint32_t bit(IrProperty p) { return 1u << static_cast<unsigned>(p); }
  static constexpr PropertySet from(std::uint32_t b) {
    PropertySet s;
    s.bits_ = b;
    return s;
  }
  std::uint32_t bits_ = 0;
};

struct PassProperties {
  PropertySet required;
  PropertySet produced;
  PropertySet invalidated;
  /// Accepts functions read by names (ir::NameBinding::Text: hand-written text that defines a name
  /// twice). Only convert-to-ssa does; every other pass refuses them (passes/text_input.hpp), since
  /// rewriting by nodes what means something by names changes its meaning.
  bool accepts_text = false;
};

}  // namespace ptorw::passes
