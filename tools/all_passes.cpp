// Every pass, instantiated once for the CLI: ptorw.cpp finds them through the registry, so the
// two translation units compile in parallel (the driver instantiations of all rule tables are
// most of the CLI's compile time).
#include "ptorw/passes/define_all.hpp"
