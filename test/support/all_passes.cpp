// Every pass, instantiated once: test executables that run passes by name link this object
// (link_whole) instead of including ptorw/passes/define_all.hpp in each of their TUs — the driver
// instantiations of all rule tables cost most of a TU's -O2 compile time.
#include "ptorw/passes/define_all.hpp"
