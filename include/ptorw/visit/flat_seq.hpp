// The statements of a body as one flat list: nested `Seq`s are spliced in place and a null body is
// empty. The DSL cannot write a nested Seq (a block is a list of statements, ../shared/dsl.md
// "Statements"), so printing flattens them; equality, hashing and verification therefore see bodies
// through this cursor. It keeps an explicit stack, so a Seq nested a million deep costs no recursion.
#pragma once
#include <cstddef>
#include <utility>
#include <vector>

#include "ptorw/ir/stmt.hpp"

namespace ptorw::visit {

class FlatStmts {
 public:
  explicit FlatStmts(const ir::Stmt& root) {
    if (!root) return;
    if (auto* q = ir::stmt_as<ir::Seq>(root))
      stack_.push_back({&q->stmts, 0});
    else
      single_ = &root;
  }

  /// The next non-Seq statement, or nullptr at the end. The pointer stays valid while the root lives.
  const ir::Stmt* next() {
    if (single_) return std::exchange(single_, nullptr);
    while (!stack_.empty()) {
      Frame& f = stack_.back();
      if (f.index == f.list->size()) {
        stack_.pop_back();
        continue;
      }
      const ir::Stmt& s = (*f.list)[f.index++];
      if (!s) continue;
      if (auto* q = ir::stmt_as<ir::Seq>(s)) {
        stack_.push_back({&q->stmts, 0});  // invalidates `f`; it is not used again
        continue;
      }
      return &s;
    }
    return nullptr;
  }

 private:
  struct Frame {
    const std::vector<ir::Stmt>* list;
    std::size_t index;
  };
  std::vector<Frame> stack_;
  const ir::Stmt* single_ = nullptr;
};

/// The Yield ending a region body (the last flat statement), or nullptr when it ends otherwise.
inline const ir::Yield* final_yield(const ir::Stmt& body) {
  FlatStmts it(body);
  const ir::Stmt* last = nullptr;
  while (const ir::Stmt* s = it.next()) last = s;
  return last ? ir::stmt_as<ir::Yield>(*last) : nullptr;
}

}  // namespace ptorw::visit
