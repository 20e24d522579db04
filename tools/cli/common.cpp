// Helpers every subcommand shares: diagnostics (coloured on a terminal), loading and writing
// programs, "did you mean" suggestions, the PassContext of --planner / --arch / --opt, --dim.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include "cli/cli.hpp"
#include "ptorw/persist/persist.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"

namespace ptorw::cli {

namespace {
bool g_color = false;
std::string g_command;  // for "ptorw <command>: error: ..."

/// Edit distance (insert, delete, substitute, swap two neighbours), for suggestions.
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

/// The PassContext keys passes read: PassContext's typed fields and `target`
/// (lowering/planning/plan_memory.hpp, lowering/select_buffer_ir.hpp).
const std::vector<std::string> kContextKeys = {"enable_buffer_ir", "memory_planner", "target"};

std::string upper(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}
std::string lower(std::string s) {
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}
}  // namespace

void set_color(std::string_view mode) { g_color = mode == "always" || (mode == "auto" && isatty(STDERR_FILENO)); }
void set_command(std::string_view c) { g_command = c; }

void print_diagnostic(const Diagnostic& d) {
  std::string s = d.str();
  if (g_color) {
    const char* sev = d.severity == Severity::Error ? ": error: " : d.severity == Severity::Warning ? ": warning: " : ": remark: ";
    const char* code = d.severity == Severity::Error ? "\033[1;31m" : d.severity == Severity::Warning ? "\033[1;35m" : "\033[1;36m";
    if (auto at = s.find(sev); at != std::string::npos)
      s = "\033[1m" + s.substr(0, at + 1) + "\033[0m " + code + s.substr(at + 2, std::string_view(sev).size() - 3) +
          "\033[0m" + s.substr(at + std::string_view(sev).size() - 1);
  }
  std::cerr << s << "\n";
}
void print_diagnostics(const Diagnostics& ds) {
  for (const auto& d : ds) print_diagnostic(d);
}

void error(std::string_view message) {
  std::string who = g_command.empty() ? "ptorw" : "ptorw " + g_command;
  if (g_color) std::cerr << fmt::format("{}: \033[1;31merror:\033[0m {}\n", who, message);
  else std::cerr << fmt::format("{}: error: {}\n", who, message);
}

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

ir::ProgramPtr load(const std::string& path) {
  auto r = persist::read_program(path);  // DSL text or the binary form, told by the first bytes
  print_diagnostics(r.errors);
  return r.ok() ? r.program : nullptr;
}

int write_output(const std::string& text, const std::string& out) {
  if (out.empty() || out == "-") {
    std::cout << text << std::flush;
    return kOk;
  }
  // Checked after the close: a full disk shows only when the buffer is flushed (review rev45c 4:
  // `print -o /dev/full` exited 0).
  errno = 0;
  std::ofstream f(out, std::ios::binary);
  const bool opened = static_cast<bool>(f);
  f << text;
  f.close();
  if (!opened || !f) {
    std::cerr << out << ": error: cannot write file" << (errno ? std::string(": ") + std::strerror(errno) : std::string()) << "\n";
    return kFailed;
  }
  return kOk;
}

int write_program(const ir::Program& p, const std::string& out) {
  if (!out.ends_with(".msgpack")) return write_output(text::print_program(p), out);
  const Diagnostics ds = persist::save(p, out);
  print_diagnostics(ds);
  return ds.empty() ? kOk : kFailed;
}

std::string closest(std::string_view word, const std::vector<std::string>& candidates) {
  std::string best;
  std::size_t best_d = std::string::npos;
  for (const auto& c : candidates) {
    std::size_t d = distance(word, c);
    if (d < best_d) best_d = d, best = c;
  }
  // Close: a few edits relative to the length, or one is a prefix of the other.
  const std::size_t limit = std::max<std::size_t>(1, (word.size() + 1) / 3);
  for (const auto& c : candidates)
    if (word.size() >= 3 && (c.rfind(word, 0) == 0 || word.rfind(c, 0) == 0) && best_d > limit) return c;
  return best_d <= limit ? best : std::string();
}

std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates, std::string_view prefix) {
  std::string c = closest(word, candidates);
  return c.empty() ? std::string() : fmt::format("; did you mean '{}{}'?", prefix, c);
}

passes::PassContext make_context(const Options& o) {
  passes::PassContext ctx;
  std::map<std::string, std::pair<std::string, std::string>, std::less<>> given;  // key -> (value, option)
  auto set = [&](const std::string& key, std::string value, const std::string& from) {
    if (key == "memory_planner") value = upper(value);
    if (key == "target") value = lower(value);
    if (key == "target" && value != "a2a3" && value != "a5")
      throw UsageError(fmt::format("{}: target must be a2a3 or a5, got '{}'", from, value));
    if (auto it = given.find(key); it != given.end() && it->second.first != value)
      throw UsageError(fmt::format("{} contradicts {}", from, it->second.second));
    std::string err = ctx.set(key, value);
    if (!err.empty()) throw UsageError(fmt::format("{}: {}", from, err));
    given[key] = {value, from};
  };
  if (!o.planner.empty()) set("memory_planner", o.planner, "--planner=" + o.planner);
  if (!o.arch.empty()) set("target", o.arch, "--arch=" + o.arch);
  if (!o.enable_buffer_ir.empty()) set("enable_buffer_ir", o.enable_buffer_ir, "--enable-buffer-ir=" + o.enable_buffer_ir);
  for (const auto& kv : o.opts) {
    auto eq = kv.find('=');
    if (eq == std::string::npos || eq == 0)
      throw UsageError(fmt::format("--opt expects KEY=VALUE, got '{}'", kv));
    std::string key = kv.substr(0, eq);
    if (std::find(kContextKeys.begin(), kContextKeys.end(), key) == kContextKeys.end())
      throw UsageError(fmt::format("--opt: unknown key '{}'{} (known keys: {})", key, did_you_mean(key, kContextKeys),
                                   fmt::join(kContextKeys, ", ")));
    set(key, kv.substr(eq + 1), "--opt " + kv);
  }
  return ctx;
}

std::map<std::string, std::int64_t, std::less<>> parse_dims(const std::vector<std::string>& dims, const ir::Program& p) {
  std::vector<std::string> names;
  for (const auto& d : p.dyn_dims) names.push_back(ir::var_name(d));
  std::map<std::string, std::int64_t, std::less<>> out;
  for (const auto& d : dims) {
    auto eq = d.find('=');
    std::int64_t v = 0;
    const char* end = d.data() + d.size();
    if (eq == std::string::npos || eq == 0 || eq + 1 == d.size())
      throw UsageError(fmt::format("--dim expects NAME=INTEGER, got '{}'", d));
    const auto [ptr, ec] = std::from_chars(d.data() + eq + 1, end, v);
    if (ec == std::errc::result_out_of_range)
      throw UsageError(fmt::format("--dim {}: the value is outside the 64-bit integers", d));
    if (ec != std::errc{} || ptr != end) throw UsageError(fmt::format("--dim expects NAME=INTEGER, got '{}'", d));
    std::string name = d.substr(0, eq);
    if (std::find(names.begin(), names.end(), name) == names.end()) {
      if (names.empty())
        throw UsageError(fmt::format("--dim {}: {} has no pl.dynamic dims", d, display_name(p.source_file)));
      throw UsageError(fmt::format("--dim {}: no dynamic dim '{}'{} (the program's dynamic dims: {})", d, name,
                                   did_you_mean(name, names), fmt::join(names, ", ")));
    }
    if (v < 1) throw UsageError(fmt::format("--dim {}: a dim is at least 1", d));
    // Given twice, one value would be dropped without a word (review rev45b 9).
    if (!out.emplace(name, v).second) throw UsageError(fmt::format("--dim {}: '{}' is given twice", d, name));
  }
  return out;
}

}  // namespace ptorw::cli
