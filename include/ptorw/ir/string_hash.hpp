// A transparent hash for string-keyed containers: `find(std::string_view)` on an
// `unordered_{set,map}<std::string, ..., StringHash, std::equal_to<>>` looks up without building a
// std::string (the parser's function table, the Symbol pool, the emitter's type-text pool).
#pragma once
#include <cstddef>
#include <functional>
#include <string_view>

namespace ptorw::ir {

struct StringHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};

}  // namespace ptorw::ir
