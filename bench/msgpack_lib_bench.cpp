// Issue 23's library choice, measured: the same MessagePack document — shaped like the binary IR
// of an N-statement program (per statement: a node array holding a variable definition with its
// name, a call with a callee string and reference ints, and spans) — written and read back by
//  (a) nlohmann-json: a json document built, then to_msgpack; from_msgpack to a document; and
//      sax_parse(input_format_t::msgpack) with a handler that only counts;
//  (b) ptorw's MsgpackWriter / MsgpackReader (include/ptorw/persist/), pull-reading the values.
// msgpack-c is not measured: it cannot be installed next to libboost1.81-dev (bench/README.md).
//   msgpack_lib_bench [N=1000000]
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "ptorw/persist/msgpack_reader.hpp"
#include "ptorw/persist/msgpack_writer.hpp"

using Clock = std::chrono::steady_clock;
static double secs(Clock::time_point a) { return std::chrono::duration<double>(Clock::now() - a).count(); }

struct CountSax : nlohmann::json_sax<nlohmann::json> {
  std::size_t n = 0;
  bool null() override { return ++n; }
  bool boolean(bool) override { return ++n; }
  bool number_integer(number_integer_t) override { return ++n; }
  bool number_unsigned(number_unsigned_t) override { return ++n; }
  bool number_float(number_float_t, const string_t&) override { return ++n; }
  bool string(string_t&) override { return ++n; }
  bool binary(binary_t&) override { return ++n; }
  bool start_object(std::size_t) override { return ++n; }
  bool key(string_t&) override { return ++n; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return ++n; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }
};

int main(int argc, char** argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : 1000000;
  using nlohmann::json;
  // (a) nlohmann: document, then bytes.
  auto t = Clock::now();
  json doc = json::array();
  for (long i = 0; i < n; ++i) {
    json var = json::array({0, "t_" + std::to_string(i), 3 + i % 5, i + 7, 5});
    json call = json::array({7, 0, "tensor.slice", json::array({i + 1, 12, i + 2}), json::array(), json::array(), 9, i + 7, 12});
    doc.push_back(json::array({0, std::move(var), std::move(call), i + 7, 5}));
  }
  const double build = secs(t);
  t = Clock::now();
  std::vector<std::uint8_t> nbytes = json::to_msgpack(doc);
  const double nwrite = secs(t);
  doc = json();
  t = Clock::now();
  json back = json::from_msgpack(nbytes);
  const double nread_dom = secs(t);
  back = json();
  t = Clock::now();
  CountSax sax;
  json::sax_parse(nbytes, &sax, json::input_format_t::msgpack);
  const double nread_sax = secs(t);

  // (b) ptorw's writer and reader, the same values.
  t = Clock::now();
  std::string out;
  ptorw::persist::MsgpackWriter w(out);
  w.array(static_cast<std::size_t>(n));
  for (long i = 0; i < n; ++i) {
    w.array(5); w.uint(0);
    w.array(5); w.uint(0); w.str("t_" + std::to_string(i)); w.uint(3 + i % 5); w.uint(i + 7); w.uint(5);
    w.array(9); w.uint(7); w.uint(0); w.str("tensor.slice");
    w.array(3); w.uint(i + 1); w.uint(12); w.uint(i + 2); w.array(0); w.array(0); w.uint(9); w.uint(i + 7); w.uint(12);
    w.uint(i + 7); w.uint(5);
  }
  w.finish();
  const double owrite = secs(t);
  t = Clock::now();
  ptorw::persist::MsgpackReader r(out);
  std::size_t values = 0, chars = 0;
  const std::size_t stmts = r.array();
  for (std::size_t i = 0; i < stmts; ++i) {
    r.array(); r.integer();
    r.array(); r.integer(); chars += r.str().size(); r.integer(); r.integer(); r.integer();
    r.array(); r.integer(); r.integer(); chars += r.str().size();
    for (std::size_t k = r.array(); k--;) r.integer();
    r.array(); r.array(); r.integer(); r.integer(); r.integer();
    r.integer(); r.integer();
    values += 22;
  }
  const double oread = secs(t);
  std::printf("N=%ld statements (same document both ways; %zu values, %zu name chars)\n", n, values, chars);
  std::printf("nlohmann: build document %.3f s + to_msgpack %.3f s = %.3f s; %zu bytes\n", build, nwrite, build + nwrite, nbytes.size());
  std::printf("nlohmann: from_msgpack (document) %.3f s; sax_parse (count only) %.3f s (%zu events)\n", nread_dom, nread_sax, sax.n);
  std::printf("ptorw MsgpackWriter %.3f s; MsgpackReader (pull) %.3f s; %zu bytes\n", owrite, oread, out.size());
  return out.size() == nbytes.size() ? 0 : 1;
}
