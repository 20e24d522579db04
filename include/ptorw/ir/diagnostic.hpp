// Diagnostics: every error the library reports carries `file:line:col` (../shared/design.md).
//
// Positions are formatted in one place: `fmt::format("{}", span)` is `line:col` (the formatter
// below), and Diagnostic::str() is the whole `file:line:col: severity: message` line. Every
// message of the library that names a position uses these rather than concatenating numbers.
#pragma once
#include <fmt/core.h>

#include <string>
#include <string_view>
#include <vector>

#include "ptorw/ir/node_fwd.hpp"

/// `line:col` of a source position.
template <> struct fmt::formatter<ptorw::ir::Span> : fmt::formatter<std::string_view> {
  template <class Ctx> auto format(const ptorw::ir::Span& s, Ctx& ctx) const {
    return fmt::format_to(ctx.out(), "{}:{}", s.line, s.col);
  }
};

namespace ptorw {

enum class Severity { Error, Warning, Remark };

struct Diagnostic {
  std::string file;
  ir::Span span;
  Severity severity = Severity::Error;
  std::string message;

  /// `file:line:col: error: message` (the GCC/Clang convention editors understand); a diagnostic
  /// about the whole file (line 0: it cannot be read, say) is `file: error: message`, as GCC
  /// writes it, rather than pointing at a position 0:0 that does not exist.
  std::string str() const {
    const char* sev = severity == Severity::Error ? "error" : severity == Severity::Warning ? "warning" : "remark";
    if (span.line == 0) return fmt::format("{}: {}: {}", file, sev, message);
    return fmt::format("{}:{}: {}: {}", file, span, sev, message);
  }
};

using Diagnostics = std::vector<Diagnostic>;

/// `1 argument`, `2 arguments`: a count and its noun, for messages.
inline std::string counted(std::size_t n, std::string_view noun) {
  return fmt::format("{} {}{}", n, noun, n == 1 ? "" : "s");
}

/// The one error type of the lowering stages (planning, LowerTileToBuffer, PTO emission): a
/// fail-closed refusal at a span, naming the rule it could not meet. The stages spell it
/// planning::PlanError, lowering::LowerError and codegen::EmitError (aliases), and a pass turns it
/// into a Diagnostic with `diagnostic(file)`.
struct StageError {
  ir::Span span;
  std::string message;
  // Emitters: the variable read where it has no value, so that a caller can add what it knows of it
  // (codegen/emit.hpp: a dynamic dim) without matching the message text.
  const ir::ExprNode* unbound = nullptr;
  Diagnostic diagnostic(std::string file) const { return Diagnostic{std::move(file), span, Severity::Error, message}; }
};

inline bool has_errors(const Diagnostics& ds) {
  for (const auto& d : ds)
    if (d.severity == Severity::Error) return true;
  return false;
}

}  // namespace ptorw
