// The header of a binary IR file (docs/persist.md): the whole file is one MessagePack array
//   [ "ptorw-ir", format_version, buffer_semantics_version, program ]
// so its first ten bytes are always 94 a8 'p' 't' 'o' 'r' 'w' '-' 'i' 'r' — the magic that tells a
// binary file from DSL text whatever its file name.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string_view>

#include "ptorw/ir/semantics_version.hpp"

namespace ptorw::persist {

/// The layout of the encoding (docs/persist.md). Bump it on any change of what is written, in what
/// order: a reader refuses every other version ("never a guess", issue 23).
inline constexpr std::uint32_t kFormatVersion = 1;
/// The magic string, the first element of the top-level array.
inline constexpr std::string_view kMagicText = "ptorw-ir";
/// The first bytes of every file: a fixarray of 4, then the fixstr "ptorw-ir".
inline constexpr std::string_view kMagicBytes{"\x94\xa8ptorw-ir", 10};
/// Nested node definitions deeper than this are refused by the encoder and the decoder alike, so a
/// hostile file cannot exhaust the decoder's stack (the parser allows 200 levels of nesting; a
/// node chain of an IR built by passes can be longer, not 2000).
inline constexpr int kMaxDepth = 2000;

/// Shared subtrees make a file small and its program large: a chain of n nodes, each referring to
/// the one before twice, is 2^n nodes for every walk that does not remember what it has visited
/// (the printer, the verifier). The decoder counts the nodes of the program as a tree — every
/// reference counts the whole subtree it names — and refuses a file whose program is more than
/// this many nodes per byte, plus kMaxExpansionBase. Real programs stay far below (a node
/// definition takes at least 4 bytes, and a program's text, its tree printed, is about as large as
/// its binary form): every golden, the pass outputs of the persist suite and the 1M-statement
/// benchmark decode under it.
inline constexpr std::uint64_t kMaxExpansionPerByte = 64;
inline constexpr std::uint64_t kMaxExpansionBase = 1u << 20;

/// A program the encoder cannot write (nesting deeper than kMaxDepth, a null function).
struct EncodeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Whether `bytes` starts like a binary IR file (the magic, not the file name, decides).
inline bool is_binary_ir(std::string_view bytes) { return bytes.substr(0, kMagicBytes.size()) == kMagicBytes; }

}  // namespace ptorw::persist
