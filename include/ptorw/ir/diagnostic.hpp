// Diagnostics: every error the library reports carries `file:line:col` (../shared/design.md).
#pragma once
#include <string>
#include <vector>

#include "ptorw/ir/node_fwd.hpp"

namespace ptorw {

enum class Severity { Error, Warning, Remark };

struct Diagnostic {
  std::string file;
  ir::Span span;
  Severity severity = Severity::Error;
  std::string message;

  /// `file:line:col: error: message` (the GCC/Clang convention editors understand).
  std::string str() const {
    const char* sev = severity == Severity::Error ? "error" : severity == Severity::Warning ? "warning" : "remark";
    return file + ":" + std::to_string(span.line) + ":" + std::to_string(span.col) + ": " + sev + ": " + message;
  }
};

using Diagnostics = std::vector<Diagnostic>;

inline bool has_errors(const Diagnostics& ds) {
  for (const auto& d : ds)
    if (d.severity == Severity::Error) return true;
  return false;
}

}  // namespace ptorw
