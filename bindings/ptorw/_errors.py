"""Exceptions raised by ptorw. Every message starts with ``file:line:col: error:`` when the problem
has a position (``file: error:`` when it concerns a whole file)."""


class PtorwError(Exception):
    """Base of ptorw's errors.

    Attributes: ``message`` (the full text), ``diagnostics`` (a list of ``Diagnostic``),
    ``file``, ``line`` and ``column`` of the first error (``line``/``column`` are 0 when unknown).
    """

    def __init__(self, message, diagnostics=()):
        super().__init__(message)
        self.message = message
        self.diagnostics = [d if isinstance(d, Diagnostic) else Diagnostic.from_any(d) for d in diagnostics]
        first = next((d for d in self.diagnostics if d.severity == "error"), None)
        self.file = first.file if first else None
        self.line = first.line if first else 0
        self.column = first.column if first else 0


class ParseError(PtorwError):
    """The DSL text does not parse (raised by ``@pl.program`` and ``ptorw.parse``)."""


class VerifyError(PtorwError):
    """The program does not verify."""


class PassError(PtorwError):
    """A pass or pipeline refused its input or failed; the message gives the reason."""


class InterpError(PtorwError):
    """The interpreter could not run the program (or an input does not fit its parameter)."""


class EmitError(PtorwError):
    """PTO emission failed (a construct without a spelling, kernels left at Tile stage)."""


class PassWarning(UserWarning):
    """A pass succeeded but has something the user must know (``file:line:col: warning: ...``,
    what ``ptorw opt`` prints on stderr): e.g. a ``pl.at(..., windowize=True)`` scope that stays in
    place, a kernel kept on its unplanned Tile form. Issued with ``warnings.warn``."""


class Diagnostic:
    """One message: ``file``, ``line``, ``column`` (1-based; 0 = unknown), ``severity``, ``message``."""

    __slots__ = ("file", "line", "column", "severity", "message")

    def __init__(self, file, line, column, severity, message):
        self.file, self.line, self.column, self.severity, self.message = file, line, column, severity, message

    @classmethod
    def from_any(cls, d):
        if isinstance(d, tuple) and len(d) == 5:
            return cls(*d)
        # "file:line:col: severity: message" or "file: severity: message"
        text = str(d)
        for sev in ("error", "warning", "remark"):
            marker = ": " + sev + ": "
            at = text.find(marker)
            if at >= 0:
                where, msg = text[:at], text[at + len(marker):]
                parts = where.rsplit(":", 2)
                if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit():
                    return cls(parts[0], int(parts[1]), int(parts[2]), sev, msg)
                return cls(where, 0, 0, sev, msg)
        return cls("", 0, 0, "error", text)

    def __str__(self):
        if self.line:
            return f"{self.file}:{self.line}:{self.column}: {self.severity}: {self.message}"
        return f"{self.file}: {self.severity}: {self.message}"

    __repr__ = __str__
