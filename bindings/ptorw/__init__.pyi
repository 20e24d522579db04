from os import PathLike
from typing import Union

from . import codegen as codegen, interp as interp, ir as ir, language as language, passes as passes
from ._errors import (EmitError as EmitError, InterpError as InterpError, ParseError as ParseError,
                      PassError as PassError, PassWarning as PassWarning, PtorwError as PtorwError,
                      VerifyError as VerifyError)

__version__: str

def parse(text: str, file: str = ...) -> ir.Program: ...
def parse_file(path: Union[str, PathLike]) -> ir.Program: ...
