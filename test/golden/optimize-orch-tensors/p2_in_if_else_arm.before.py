# rule: Pattern 2 (Assemble Parent Strides) in the else arm of an If — the call and the tensor.assemble of its result into the [128, 64] parent buf sit in the else arm (the other arm yields buf unchanged): the parent's strides [64, 1] go on the Out param, the store result and the declared result type, and the call's type in the caller follows
import ptorw.language as pl


@pl.program
class P2IfElse:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32],
              out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], buf: pl.Tensor[[128, 64], pl.FP32],
             flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[128, 64], pl.FP32]:
        if flag:
            res = pl.yield_(buf)
        else:
            tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
            r = self.scale(x, tmp)
            placed = pl.tensor.assemble(buf, r, [16, 32])
            res = pl.yield_(placed)
        return res
