// Prefetching a statement's memory ahead of a long walk (issue 2: verifying or printing a
// 1M-statement body is a stream of cache misses on an IR far larger than the caches). One piece
// shared by the verifier's statement cursor and the printer.
#pragma once
#include <cstddef>
#include <vector>

#include "ptorw/ir/stmt.hpp"

namespace ptorw::visit {

/// Starts loading statement `j` of `list` and its expression nodes. The parser allocates a
/// statement's nodes (target, value, operands, their vectors) one after another just before the
/// statement node, so the bytes from the end of statement j-1's node to the end of statement j's
/// hold them. A longer gap (a loop, an if or a scope, whose bodies lie below it, or IR a pass
/// built, whose nodes lie anywhere) gets the lines just below the node and the first lines after
/// the previous node (a compound statement's first body statements). Prefetching never faults and
/// changes no state, so a wrong guess costs only the instructions.
///
/// Returns the node's address, for the caller to keep in a member: GCC infers that a function
/// whose only effect is __builtin_prefetch is pure and deletes calls whose result is unused.
inline const void* prefetch_statement(const std::vector<ir::Stmt>& list, std::size_t j) {
  constexpr std::ptrdiff_t kMaxSpan = 2048;  // a longer gap is not one statement's nodes
  constexpr std::ptrdiff_t kHead = 1536;     // what is prefetched of a longer gap's start
  constexpr std::ptrdiff_t kNode = sizeof(ir::StmtNode);
  const char* b = reinterpret_cast<const char*>(list[j].get());
  if (!b) return nullptr;
  const char* a = j ? reinterpret_cast<const char*>(list[j - 1].get()) : nullptr;
  if (a && a < b && b - a <= kMaxSpan) {
    for (const char* p = a + kNode; p < b + kNode; p += 64) __builtin_prefetch(p);
  } else {
    for (const char* p = b - 6 * 64; p < b + kNode; p += 64) __builtin_prefetch(p);
    if (a && a < b)
      for (const char* p = a + kNode; p < a + kNode + kHead; p += 64) __builtin_prefetch(p);
  }
  return b;
}

}  // namespace ptorw::visit
