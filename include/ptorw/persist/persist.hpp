// Binary persistence of a whole program, at every stage (issue 23; the format: docs/persist.md).
//
//   std::string bytes = ptorw::persist::encode(*program);        // MessagePack, see format.hpp
//   auto back = ptorw::persist::decode(bytes, "kernel.msgpack");  // back.ok(), back.errors
//   ptorw::persist::save(*program, "out.msgpack");                // Diagnostics, empty on success
//   auto loaded = ptorw::persist::load("out.msgpack");
//
// A decoded program is the same graph as the encoded one: every node the program shares (a
// variable used in several places, a type or subtree referenced twice) decodes to one node, so
// identity-based code — uses of a definition, the analyses keyed by node — sees what it saw
// before. Every error names the byte offset where the input stopped making sense; a file of
// another format version or Buffer semantics version is refused, never guessed at.
//
// Declarations only; the bodies are persist_impl.hpp, included below where entry bodies are
// compiled (ptorw/entry.hpp). The umbrella ptorw/ptorw.hpp does not include this header.
#pragma once
#include "ptorw/entry.hpp"
#include <string>
#include <string_view>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/persist/format.hpp"
#include "ptorw/text/parser.hpp"  // ParseResult: a loaded program and its errors, as for text

namespace ptorw::persist {

/// The binary form of `p` (throws EncodeError; never for a program the parser or a pass built
/// within kMaxDepth).
PTORW_ENTRY std::string encode(const ir::Program& p);
/// The program in `bytes`, or one error `file: error: byte N: ...`.
PTORW_ENTRY text::ParseResult decode(std::string_view bytes, std::string file = "<input>");
/// Writes `encode(p)` to `path`; the errors (cannot encode, cannot write), empty on success.
PTORW_ENTRY Diagnostics save(const ir::Program& p, const std::string& path);
/// Reads and decodes `path` (`-` reads standard input).
PTORW_ENTRY text::ParseResult load(const std::string& path);
/// Reads `path` and decodes it when it starts with the binary magic, else parses it as DSL text:
/// the one way every tool reads a program.
PTORW_ENTRY text::ParseResult read_program(const std::string& path);

}  // namespace ptorw::persist

#if PTORW_ENTRY_BODIES
#include "ptorw/persist/persist_impl.hpp"
#endif
