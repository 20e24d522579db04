# rule: "Explicit low-level conversion diagnoses unsupported forms" and "A selected kernel's compilation ... error propagates": in an explicit pipeline without selection, converting a kernel on which InitMemRef recorded that it cannot plan it is an error naming the kernel and the recorded reason, and the program stays as InitMemRef left it
# passes: init-memref,lower-tile-to-buffer
# expect-error: 13:9: error: lower-tile-to-buffer: kernel: kernel 'kernel' has no planned storage: InitMemRef: tile.assemble into the slice window 'top' is not planned
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (16, 32))
        top = pl.tile.slice(x, [8, 32], [0, 0])
        res = pl.tile.assemble(top, top, [0, 0])
        result = pl.tile.store(res, (0, 0), out)
        return result
