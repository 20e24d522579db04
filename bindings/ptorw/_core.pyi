"""Type stubs of the C++ extension (use the `ptorw` package's modules instead)."""
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy

DTYPES: List[str]
FUNCTION_TYPES: List[str]
PLANNERS: List[str]

class Program:
    name: str
    source_file: str
    dynamic_dims: List[str]
    function_list: List[Function]
    def text(self) -> str: ...
    def structural_hash(self) -> int: ...
    def same_object(self, other: Program) -> bool: ...

class Function:
    name: str
    type_name: str
    stage_name: str
    params: List[Expr]
    param_direction_names: List[str]
    return_types: List[Type]
    body: Stmt
    span: Tuple[str, int, int]
    level: Optional[str]
    role: Optional[str]
    attrs: Dict[str, Any]
    def text(self) -> str: ...
    def structural_hash(self) -> int: ...
    def with_changes(self, name: Optional[str], type: Optional[str], stage: Optional[str], body: Optional[Stmt],
                     params: Optional[List[Tuple[Expr, str]]], return_types: Optional[List[Type]]) -> Function: ...

class Expr:
    """An expression node. ``kind``: Var, IterArg, ConstInt, ConstFloat, ConstBool, BinaryExpr,
    UnaryExpr, Call, Submit, MakeTuple, TupleGetItemExpr."""
    kind: str
    type: Optional[Type]
    span: Tuple[int, int]
    name: Optional[str]
    value: Any
    op: Optional[str]  # ptorw.ir wraps it as ir.OpName (a str with .name)
    args: List[Expr]  # operands of a Call, Submit, BinaryExpr, UnaryExpr; elements of a MakeTuple
    init: Optional[Expr]  # an IterArg's initial value
    def text(self) -> str: ...
    def same_object(self, other: Expr) -> bool: ...
    def identity(self) -> int: ...
    def structural_hash(self) -> int: ...

class Stmt:
    """A statement node. ``kind``: AssignStmt, EvalStmt, SeqStmts, IfStmt, ForStmt, WhileStmt,
    YieldStmt, ReturnStmt, ScopeStmt."""
    kind: str
    span: Tuple[int, int]
    stmts: List[Stmt]
    then_body: Optional[Stmt]
    else_body: Optional[Stmt]
    body: Optional[Stmt]
    var: Optional[Expr]
    value: Optional[Expr]
    values: List[Expr]
    start: Optional[Expr]  # a ForStmt's bounds
    stop: Optional[Expr]
    step: Optional[Expr]
    iter_args: List[Expr]
    return_vars: List[Expr]
    condition: Optional[Expr]
    def text(self) -> str: ...
    def structural_hash(self) -> int: ...

class Type:
    """A type. ``kind``: ScalarType, TensorType, TileType, TupleType, PtrType, UnknownType, BufferType."""
    kind: str
    dtype: Optional[str]
    shape: List[Expr]
    def text(self) -> str: ...
    def structural_hash(self) -> int: ...

class PassRecord:
    name: str
    seconds: float
    changed: bool
    iterations: int
    rewrites: int
    stop: str

class PipelineResult:
    program: Optional[Program]
    ok: bool
    diagnostics: List[str]
    passes: List[PassRecord]
    def raise_if_failed(self) -> None: ...

class DiffReport:
    ok: bool
    status: str
    stage: str
    log: List[str]
    runs: int
    def __bool__(self) -> bool: ...

def parse(text: str, file: str = ..., col_offset: int = ...) -> Program: ...
def verify(program: Program, as_source: bool = ...) -> List[str]: ...
def save_program(program: Program, path: str) -> List[str]: ...
def load_program(path: str) -> Program: ...
def cache_key(program: Program, options: Dict[str, str], pto_version: str = ..., spans: bool = ...) -> str: ...
def verify_or_raise(program: Program, as_source: bool = ...) -> None: ...
def make_program(functions: Sequence[Function], name: str, file: str = ..., dims_from: Optional[Program] = ...) -> Program: ...
def make_function(name: str, params: Sequence[Tuple[Expr, str]], return_types: Sequence[Type], body: Stmt,
                  type: str = ..., stage: str = ..., level: Optional[str] = ..., role: Optional[str] = ...,
                  attrs: Dict[str, Any] = ..., line: int = ..., col: int = ...) -> Function: ...
def equal_program(a: Program, b: Program) -> Tuple[bool, str]: ...
def equal_function(a: Function, b: Function) -> Tuple[bool, str]: ...
def equal_stmt(a: Stmt, b: Stmt) -> Tuple[bool, str]: ...
def equal_expr(a: Expr, b: Expr) -> Tuple[bool, str]: ...
def equal_type(a: Type, b: Type) -> Tuple[bool, str]: ...
def pass_names() -> List[str]: ...
def pass_info(name: str) -> Tuple[str, str, List[str], List[str]]: ...
def run_pipeline(program: Program, passes: Sequence[str], options: Dict[str, str], verify: bool = ...,
                 verify_each: bool = ..., verify_input: bool = ..., check: bool = ...,
                 max_iterations: int = ...) -> PipelineResult: ...
def emit_pto(program: Program, planner: str = ..., arch: str = ..., generic: bool = ..., version: str = ...,
             locations: bool = ...) -> Dict[str, str]: ...
def default_entry(program: Program) -> str: ...
def run(program: Program, entry: str = ..., inputs: Dict[str, Any] = ..., seed: int = ...,
        dims: Dict[str, int] = ..., mode: str = ..., target: str = ...
        ) -> List[Tuple[str, str, str, numpy.ndarray, numpy.ndarray]]: ...
def diffcheck_passes(program: Program, passes: Sequence[str], options: Dict[str, str], entry: str = ...,
                     seeds: int = ..., dims: Dict[str, int] = ...) -> DiffReport: ...
def diffcheck_programs(before: Program, after: Program, entry: str = ..., seeds: int = ...,
                       dims: Dict[str, int] = ..., target: str = ...) -> DiffReport: ...
