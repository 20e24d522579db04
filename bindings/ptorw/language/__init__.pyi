from typing import Any, Callable, List, Optional, TypeVar

from ..ir import FunctionIRStage as FunctionIRStage, FunctionType as FunctionType, Program

class Symbol:
    def __init__(self, text: str) -> None: ...
    def __getattr__(self, name: str) -> Symbol: ...
    def __getitem__(self, item: Any) -> Symbol: ...
    def __call__(self, *args: Any, **kwargs: Any) -> Symbol: ...
    def __add__(self, other: Any) -> Symbol: ...
    def __sub__(self, other: Any) -> Symbol: ...
    def __mul__(self, other: Any) -> Symbol: ...
    def __floordiv__(self, other: Any) -> Symbol: ...

class DataType(Symbol):
    @property
    def name(self) -> str: ...

class DynVar(Symbol):
    name: str

BOOL: DataType
INT8: DataType
INT16: DataType
INT32: DataType
INT64: DataType
UINT8: DataType
FP16: DataType
BF16: DataType
FP32: DataType
INDEX: DataType
TASK_ID: DataType
In: Symbol
Out: Symbol
InOut: Symbol
Tensor: Symbol
Tile: Symbol
Scalar: Symbol
Mem: Symbol

F = TypeVar("F", bound=Callable[..., Any])

def program(cls: type) -> Program: ...
def function(fn: Optional[F] = ..., **kwargs: Any) -> Any: ...
def dynamic(name: str) -> DynVar: ...
def parse(text: str, file: str = ...) -> Program: ...
def __getattr__(name: str) -> Symbol: ...
