#pragma once
#include "ptorw/mid/ok.hpp"
