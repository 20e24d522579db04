#pragma once
#include "ptorw/mid/a.hpp"
