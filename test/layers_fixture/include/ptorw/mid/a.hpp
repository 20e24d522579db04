#pragma once
#include "ptorw/mid/b.hpp"
