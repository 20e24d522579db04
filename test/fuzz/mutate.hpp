// Deterministic mutations of DSL sources for the in-CI parser fuzz runs (issue 5): the body-skip
// agreement test and the parser smoke run. No libFuzzer needed, so they run in every CI build;
// scripts/fuzz-parser.sh is the coverage-guided run.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ptorw::fuzz {

/// xorshift64: the same sequence on every machine and run.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0x9e3779b97f4a7c15ULL) : state_(seed ? seed : 1) {}
  std::uint64_t next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 7;
    state_ ^= state_ << 17;
    return state_;
  }
  std::size_t below(std::size_t n) { return n ? static_cast<std::size_t>(next() % n) : 0; }

 private:
  std::uint64_t state_;
};

/// Fragments that stress the lexer and the grammar: bad characters, tabs, CRs, unbalanced
/// brackets and quotes, continuations, stray indentation, keywords and DSL heads.
inline const std::vector<std::string>& mutation_fragments() {
  static const std::vector<std::string> f{"\t", "\r", "\r\n", "$", "(", ")", "[", "]", "{", "}", "\"", "'", "\\",
                                          "\\\n", " ", "\n", "    ", "#", "1a", ":", "!", "\f", "\n  x = 1\n",
                                          "\xc3\xa9", ".5", ",", "=", "pl.", "self.", "for ", "if ", "else:",
                                          "pl.yield_(", "pl.range(", "-", "*", "//", "0", "-1", "99999999999999999999",
                                          "not ", "and ", "pl.Tensor[[", "pl.Out[", "None", "\x00"};
  return f;
}

/// One edit at a random place: insert a fragment, erase 1-3 bytes, or cut the rest.
inline void mutate_once(std::string& s, Rng& rng) {
  const std::size_t at = rng.below(s.size() + 1);
  switch (rng.below(3)) {
    case 0: s.insert(at, mutation_fragments()[rng.below(mutation_fragments().size())]); break;
    case 1: if (at < s.size()) s.erase(at, 1 + rng.below(3)); break;
    default: s.resize(at); break;  // cut: the end of input anywhere
  }
}

/// Line-level edits that keep most of the program well formed: duplicate, delete or swap whole
/// lines, or splice a line of `donor` in (reaches deeper grammar than byte edits).
inline void mutate_lines(std::string& s, std::string_view donor, Rng& rng) {
  auto lines = [](std::string_view t) {
    std::vector<std::string> out;
    std::size_t p = 0;
    while (p < t.size()) {
      std::size_t e = t.find('\n', p);
      if (e == std::string_view::npos) e = t.size();
      out.emplace_back(t.substr(p, e - p));
      p = e + 1;
    }
    return out;
  };
  std::vector<std::string> ls = lines(s);
  if (ls.empty()) return;
  const std::size_t i = rng.below(ls.size()), j = rng.below(ls.size());
  switch (rng.below(4)) {
    case 0: ls.insert(ls.begin() + static_cast<std::ptrdiff_t>(i), ls[j]); break;
    case 1: ls.erase(ls.begin() + static_cast<std::ptrdiff_t>(i)); break;
    case 2: std::swap(ls[i], ls[j]); break;
    default: {
      std::vector<std::string> d = lines(donor);
      if (!d.empty()) ls.insert(ls.begin() + static_cast<std::ptrdiff_t>(i), d[rng.below(d.size())]);
    }
  }
  s.clear();
  for (const auto& l : ls) {
    s += l;
    s += '\n';
  }
}

}  // namespace ptorw::fuzz
