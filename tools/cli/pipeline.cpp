#include "cli/pipeline.hpp"

#include <fmt/format.h>

#include "cli/cli.hpp"

namespace ptorw::cli {

namespace {
void add(std::vector<passes::Pass>& out, passes::Pass p, bool expand) {
  if (!expand || p.steps.empty()) {
    out.push_back(std::move(p));
    return;
  }
  for (const auto& s : p.steps) {
    auto step = passes::make_pass(s);
    if (!step) throw UsageError(fmt::format("pass '{}': its step '{}' is not registered", p.name, s));
    add(out, std::move(*step), expand);
  }
}
}  // namespace

std::vector<passes::Pass> make_pipeline(const std::string& spec, bool expand_steps) {
  const auto names = passes::PassRegistry::global().names();
  std::vector<passes::Pass> out;
  std::size_t at = 0;
  while (true) {
    std::size_t comma = spec.find(',', at);
    std::string item = spec.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    while (!item.empty() && item.front() == ' ') item.erase(0, 1);
    while (!item.empty() && item.back() == ' ') item.pop_back();
    if (item.empty()) throw UsageError(fmt::format("--passes={}: empty pass name", spec));
    auto p = passes::make_pass(item);
    if (!p)
      throw UsageError(fmt::format("--passes: unknown pass '{}'{} (known passes: {})", item, did_you_mean(item, names),
                                   fmt::join(names, ", ")));
    add(out, std::move(*p), expand_steps);
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  return out;
}

}  // namespace ptorw::cli
