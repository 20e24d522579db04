// The `ptorw` command line: an mlir-opt-like driver over the header-only library.
// Subcommands and options: tools/cli/app.cpp (rendered as docs/cli.md by `ptorw help --markdown`);
// one file per subcommand under tools/cli/. Exit codes: 0 success, 1 the input or a pass failed,
// 2 usage (tools/cli/cli.hpp).
#include <fmt/format.h>

#include <malloc.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

#include "cli/cli.hpp"

using namespace ptorw::cli;

namespace {

std::vector<std::string> subcommand_names(CLI::App& app) {
  std::vector<std::string> out;
  for (auto* s : app.get_subcommands([](CLI::App*) { return true; })) out.push_back(s->get_name());
  return out;
}

/// Long and short option names of `app` as typed (`--stats`, `-o`).
std::vector<std::string> option_names(const CLI::App& app) {
  std::vector<std::string> out;
  for (const auto* opt : app.get_options()) {
    for (const auto& l : opt->get_lnames()) out.push_back("--" + l);
    for (const auto& s : opt->get_snames()) out.push_back("-" + s);
  }
  return out;
}

/// The index of the first command-line word that is not an option (or an option's value): the
/// subcommand; 0 when there is none.
int command_index(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--color") {
      ++i;
      continue;
    }
    if (!a.empty() && a[0] == '-') continue;
    return i;
  }
  return 0;
}

/// `ptorw help [COMMAND] [--markdown]`, parsed by hand: CLI11 would take `help opt` for the
/// subcommand `opt`. The subcommand is still defined in app.cpp, for --help and docs/cli.md.
int help_command(CLI::App& app, Options& o, int argc, char** argv, int at) {
  o.command = "help";
  set_command("help");
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (i == at) continue;
    if (a == "--color" || a.rfind("--color=", 0) == 0) {
      i += a == "--color";
      continue;
    }
    if (a == "--markdown") {
      o.markdown = true;
    } else if (a == "-h" || a == "--help") {
      o.help_command = "help";
    } else if (!a.empty() && a[0] == '-') {
      error("unknown option '" + a + "'" + did_you_mean(a, {"--markdown", "--help"}));
      return kUsage;
    } else if (o.help_command.empty()) {
      o.help_command = a;
    } else {
      error("unexpected argument '" + a + "'");
      return kUsage;
    }
  }
  try {
    return cmd_help(app, o);
  } catch (const UsageError& e) {
    error(e.what());
    return kUsage;
  }
}

int usage_error(CLI::App& app, CLI::App* sub, const CLI::ParseError& e) {
  std::string what = e.what();
  const std::string who = sub ? "ptorw " + sub->get_name() : "ptorw";
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
    // "The following argument(s) was/were not expected: a b"
    std::string list = what.substr(what.find(": ") + 2);
    std::vector<std::string> extras;
    for (std::size_t at = 0; at < list.size();) {
      std::size_t sp = list.find(' ', at);
      extras.push_back(list.substr(at, sp - at));
      at = sp == std::string::npos ? list.size() : sp + 1;
    }
    const std::string& x = extras.front();
    if (!x.empty() && x[0] == '-') {
      std::string name = x.substr(0, x.find('='));
      what = "unknown option '" + name + "'" + did_you_mean(name, option_names(sub ? *sub : app));
    } else {
      what = "unexpected argument '" + x + "'";
    }
  }
  set_command(sub ? sub->get_name() : "");
  error(what);
  std::cerr << "Run '" << who << " --help' for usage.\n";
  return kUsage;
}

}  // namespace

#if defined(PTORW_HUGE_PAGE_HEAP)
namespace ptorw::cli {
void install_huge_page_heap();  // tools/huge_page_heap.cpp
}
#endif

namespace {
int run_command_line(int argc, char** argv);
}  // namespace

// Program text, help and listings written to standard output that did not arrive are a failure
// (review rev45b 4, rev45c 4: `ptorw print F > /dev/full` and `ptorw help > /dev/full` exited 0).
int main(int argc, char** argv) {
  const int rc = run_command_line(argc, argv);
  std::cout.flush();
  const bool lost = !std::cout || std::fflush(stdout) != 0 || std::ferror(stdout);
  if (lost && rc == 0) {
    std::cerr << "ptorw: error: cannot write to standard output\n";
    return 1;
  }
  return rc;
}

namespace {
int run_command_line(int argc, char** argv) {
#if defined(PTORW_HUGE_PAGE_HEAP)
  install_huge_page_heap();
#endif
#if defined(PTORW_SYSTEM_MALLOC)
  // With glibc's malloc only (-Dallocator=system, or auto with neither jemalloc nor tcmalloc; tools/meson.build):
  // No fastbins: the passes and emitters free millions of small nodes and strings, and glibc
  // consolidates all the fastbins whenever a large block is freed or requested (malloc_consolidate
  // and unlink_chunk were 13% of `ptorw compile` on the --windowize benchmark program; without
  // fastbins, user time -20% there, no change on the plain program; the tcache still serves the
  // small sizes). An allocator setting of this process, not of the library.
  mallopt(M_MXFAST, 0);
  // One malloc arena for every thread: compile computes the cache key and emits the orchestration
  // C++ on second threads, and a thread's own arena keeps what it freed out of the main one's reach
  // (peak RSS +10-20% on the benchmark programs; with one arena it is below the sequential
  // compile's, at +4% CPU for the shared arena's lock).
  mallopt(M_ARENA_MAX, 1);
#endif
  CLI::App app;
  Options o;
  define_app(app, o);
  const auto commands = subcommand_names(app);

  if (argc == 1) {  // no command: usage on stderr, as for any other usage error
    std::cerr << app.help();
    return kUsage;
  }
  const int at = command_index(argc, argv);
  const std::string word = at ? argv[at] : "";
  if (!word.empty() && std::find(commands.begin(), commands.end(), word) == commands.end()) {
    error("unknown command '" + word + "'" + did_you_mean(word, commands) + " (commands: " + fmt::format("{}", fmt::join(commands, ", ")) + ")");
    std::cerr << "Run 'ptorw --help' for usage.\n";
    return kUsage;
  }
  if (word == "help") return help_command(app, o, argc, argv, at);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    auto subs = app.get_subcommands();
    return usage_error(app, subs.empty() ? nullptr : subs.front(), e);
  }
  set_color(o.color);
  auto subs = app.get_subcommands();
  if (subs.empty()) {
    std::cerr << app.help();
    return kUsage;
  }
  o.command = subs.front()->get_name();
  set_command(o.command);
  auto dispatch = [&]() -> int {
    const std::string& c = o.command;
    if (c == "print") return cmd_print(o);
    if (c == "check") return cmd_check(o);
    if (c == "opt") return cmd_opt(o);
    if (c == "equal") return cmd_equal(o);
    if (c == "passes") return cmd_passes(o);
    if (c == "rules") return cmd_rules(o);
    if (c == "run") return cmd_run(o);
    if (c == "diffcheck") return cmd_diffcheck(o);
    if (c == "emit") return cmd_emit(o);
    if (c == "compile") return cmd_compile(o);
    if (c == "tasks") return cmd_tasks(o);
    if (c == "swimlane") return cmd_swimlane(o);
    if (c == "advise") return cmd_advise(o);
    if (c == "help") return cmd_help(app, o);
    error("command '" + o.command + "' has no implementation");
    return kUsage;
  };
  int rc = kUsage;
  try {
    rc = dispatch();
  } catch (const UsageError& e) {
    error(e.what());
    return kUsage;
  } catch (const std::bad_alloc&) {
    // Every command reports its own input's failures; an allocation that fails where none
    // expected it still ends as an error, not an abort (review rev45b 2).
    error("out of memory");
    return 1;
  }
  return rc;  // main checks that standard output arrived
}
}  // namespace
