// Options of the pl-DSL parser (text/parser.hpp); a header of its own so that the entry-point
// declarations can name it without the parser's implementation.
#pragma once

namespace ptorw::text {

/// How to parse. The defaults suit a host compiler; tests force each path.
struct ParseOptions {
  /// Parse each body right after its signature, in one pass over the text, instead of skipping
  /// every body first to collect the signatures (parser.hpp). Falls back to the two-phase parse,
  /// with exactly its result and its first error, when a body calls a function defined after it
  /// or anything goes wrong.
  bool single_pass = true;
};

}  // namespace ptorw::text
