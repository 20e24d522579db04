// A named eligibility check of a pattern (issue 16: "each pattern is a table of named eligibility
// checks — each quoting its spec bullet and producing the remark"): its name, the rule it quotes,
// and a function that returns the refusal (the remark's text) or nullopt. A pattern's table is a
// plain array of them, asked in order by `first_refusal`.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace ptorw::patterns {

/// `Question` is how the check receives what it judges (`Q&` when checks record what they
/// establish for later checks, `const Q&` when they only read).
template <class Question> struct NamedCheck {
  std::string_view name;
  std::string_view rule;
  std::optional<std::string> (*refuses)(Question);
};

/// The refusal of the first check of `table` that refuses `q`, or nullopt when every check agrees.
template <class Question, std::size_t N, class Q>
std::optional<std::string> first_refusal(const NamedCheck<Question> (&table)[N], Q& q) {
  for (const NamedCheck<Question>& c : table)
    if (auto why = c.refuses(q)) return why;
  return std::nullopt;
}

}  // namespace ptorw::patterns
