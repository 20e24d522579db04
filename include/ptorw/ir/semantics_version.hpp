// The Buffer semantics version: which meaning of Buffer IR — and of what LowerTileToBuffer and
// memory planning produce from a given Tile program and options — this build implements.
//
// The spec (lower_tile_to_buffer.md): "JIT keys include the bool and a Buffer semantics version".
// It is written in the header of every binary IR file (persist/format.hpp) and mixed into every
// cache key (persist/cache_key.hpp), so a file or a cached compile produced under other lowering
// semantics is refused instead of being read as if it meant the same thing.
//
// Bump it in the commit that changes what a Buffer IR construct means or what the lowering
// produces for the same input and options (a new recipe, a changed planner placement, a changed
// view rule). A refactoring that keeps every output byte-identical does not bump it.
#pragma once
#include <cstdint>

namespace ptorw {

inline constexpr std::uint32_t kBufferSemanticsVersion = 1;

}  // namespace ptorw
