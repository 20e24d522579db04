#include "cli/npy.hpp"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace ptorw::cli {

namespace {

using interp::Bits;
using ir::DType;

struct Kind {
  const char* descr;
  DType dtype;
  int bytes;
};
constexpr Kind kKinds[] = {{"<f2", DType::FP16, 2}, {"<f4", DType::FP32, 4}, {"|i1", DType::INT8, 1},
                           {"<i2", DType::INT16, 2}, {"<i4", DType::INT32, 4}, {"<i8", DType::INT64, 8},
                           {"|u1", DType::UINT8, 1}, {"|b1", DType::BOOL, 1}};

[[noreturn]] void fail(const std::string& path, const std::string& why) { throw std::runtime_error(path + ": error: " + why); }

/// The value of `key` in the header dict: the text after "'key':" up to the next top-level comma.
/// A header cut short (no closing `)`, quote or `}`) is an error (review rev45b 8: `'shape': (64,64`
/// with nothing after it was read).
std::string field(const std::string& header, const std::string& key, const std::string& path) {
  auto bad = [&] { fail(path, "malformed .npy header (the value of '" + key + "' is cut short)"); };
  auto at = header.find("'" + key + "'");
  if (at == std::string::npos) fail(path, "the .npy header has no '" + key + "'");
  at = header.find(':', at);
  if (at == std::string::npos) bad();
  ++at;
  while (at < header.size() && header[at] == ' ') ++at;
  if (at >= header.size()) bad();
  std::size_t end = std::string::npos;
  if (header[at] == '(') {
    end = header.find(')', at);
    if (end == std::string::npos) bad();
    return header.substr(at, end - at + 1);
  }
  if (header[at] == '\'') {
    end = header.find('\'', at + 1);
    if (end == std::string::npos) bad();
    return header.substr(at + 1, end - at - 1);
  }
  end = header.find_first_of(",}", at);
  if (end == std::string::npos) bad();
  return header.substr(at, end - at);
}

std::uint64_t load_le(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= static_cast<std::uint64_t>(p[i]) << (8 * i);
  return v;
}

}  // namespace

interp::RunOptions::Tensor read_npy(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) fail(path, "is a directory, not a .npy file");
  std::ifstream f(path, std::ios::binary);
  if (!f) fail(path, "cannot read file");
  std::string all((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  if (all.size() < 10 || all.compare(0, 6, "\x93NUMPY") != 0) fail(path, "not a .npy file (no \\x93NUMPY magic)");
  const auto* u = reinterpret_cast<const unsigned char*>(all.data());
  const int major = u[6];
  std::size_t len = 0, start = 0;
  if (major == 1) len = load_le(u + 8, 2), start = 10;
  else if (major == 2 || major == 3) len = load_le(u + 8, 4), start = 12;
  else fail(path, fmt::format(".npy format version {} is not supported", major));
  if (start + len > all.size()) fail(path, "truncated .npy header");
  const std::string header = all.substr(start, len);
  {  // a Python dict literal: `{` first, `}` last before the padding and newline
    const std::size_t first = header.find_first_not_of(' '), last = header.find_last_not_of(" \n");
    if (first == std::string::npos || header[first] != '{' || header[last] != '}')
      fail(path, "malformed .npy header (not one {...} dict)");
  }
  const std::string descr = field(header, "descr", path);
  if (field(header, "fortran_order", path) != "False") fail(path, "Fortran-order arrays are not supported (save C order)");
  const std::string shape_text = field(header, "shape", path);
  interp::RunOptions::Tensor t;
  std::size_t count = 1;
  for (std::size_t at = 1; at < shape_text.size();) {
    while (at < shape_text.size() && (shape_text[at] == ' ' || shape_text[at] == ',')) ++at;
    if (at >= shape_text.size() || shape_text[at] == ')') break;
    std::size_t end = shape_text.find_first_of(",)", at);
    std::string num = shape_text.substr(at, end - at);
    while (!num.empty() && (num.back() == ' ' || num.back() == 'L')) num.pop_back();
    try {
      std::size_t used = 0;
      t.shape.push_back(std::stoll(num, &used));
      if (used != num.size() || t.shape.back() < 0) throw std::invalid_argument(num);
    } catch (...) {
      fail(path, "bad shape " + shape_text);
    }
    // An element count past 2^63 wrapped (review rev45b 8: (2**62, 2**62) read as 0 elements).
    if (__builtin_mul_overflow(count, static_cast<std::size_t>(t.shape.back()), &count) || count > (std::size_t{1} << 60))
      fail(path, "shape " + shape_text + " is too large");
    at = end;
  }
  const Kind* kind = nullptr;
  std::string d = descr;
  if (d == "<b1") d = "|b1";
  if (d == "<i1") d = "|i1";
  if (d == "<u1") d = "|u1";
  for (const auto& k : kKinds)
    if (d == k.descr) kind = &k;
  if (!kind)
    fail(path, fmt::format("element type '{}' has no pl dtype (<f2 FP16, <f4 FP32, |i1 INT8, <i2 INT16, <i4 INT32, "
                           "<i8 INT64, |u1 UINT8, |b1 BOOL)", descr));
  t.dtype = kind->dtype;
  const std::size_t data_at = start + len;
  if (all.size() - data_at != count * static_cast<std::size_t>(kind->bytes))
    fail(path, fmt::format("holds {} bytes of data, {} elements of {} need {}", all.size() - data_at, count, descr,
                           count * static_cast<std::size_t>(kind->bytes)));
  t.data.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    std::uint64_t raw = load_le(u + data_at + i * static_cast<std::size_t>(kind->bytes), kind->bytes);
    switch (kind->dtype) {
      case DType::FP16: t.data.push_back(raw); break;  // IEEE half: the interpreter's encoding
      case DType::FP32: t.data.push_back(interp::float_bits(std::bit_cast<float>(static_cast<std::uint32_t>(raw)), DType::FP32)); break;
      case DType::INT8: t.data.push_back(interp::int_bits(static_cast<std::int8_t>(raw), DType::INT8)); break;
      case DType::INT16: t.data.push_back(interp::int_bits(static_cast<std::int16_t>(raw), DType::INT16)); break;
      case DType::INT32: t.data.push_back(interp::int_bits(static_cast<std::int32_t>(raw), DType::INT32)); break;
      default: t.data.push_back(interp::wrap_int(raw, kind->dtype)); break;  // INT64, UINT8, BOOL
    }
  }
  return t;
}

std::size_t write_npy(const std::string& path, const interp::Output& o) {
  const DType as = interp::npy_dtype(o.dtype);
  const Kind* kind = nullptr;
  for (const auto& k : kKinds)
    if (k.dtype == as) kind = &k;
  if (!kind) throw std::runtime_error(path + ": error: no .npy element type for " + std::string(ir::name_of(o.dtype)));
  std::string shape = "(";
  for (auto d : o.shape) shape += std::to_string(d) + ",";
  if (o.shape.size() > 1) shape.pop_back();
  shape += ")";
  std::string header = fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': {}, }}", kind->descr, shape);
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out = "\x93NUMPY";
  out += '\x01';
  out += '\x00';
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  out += header;
  std::size_t poison = 0;
  for (std::size_t i = 0; i < o.data.size(); ++i) {
    const bool p = i < o.poison.size() && o.poison[i];
    poison += p;
    std::uint64_t raw = 0;
    if (as == DType::FP32) {
      float v = p ? std::nanf("") : static_cast<float>(interp::double_value(o.data[i], o.dtype));
      raw = std::bit_cast<std::uint32_t>(v);
    } else if (as == DType::FP16) {
      raw = p ? 0x7e00u : o.data[i];
    } else {
      raw = p ? 0 : o.data[i];
    }
    for (int b = 0; b < kind->bytes; ++b) out += static_cast<char>((raw >> (8 * b)) & 0xff);
  }
  std::ofstream f(path, std::ios::binary);
  if (!(f << out)) throw std::runtime_error(path + ": error: cannot write file");
  return poison;
}

}  // namespace ptorw::cli
