# rule: Pattern 3 (Assemble-Loop Rewrite) in the else arm of an If of the callee — the spec's shape (a For loop accumulating row blocks with tile.assemble into a tile.create'd iter-arg, the result stored whole to the Out param) sits in the else arm, the other arm yields the In param y: the loop now stores each block into out directly and the arm yields the loop result; the tile.create and the final store disappear
import ptorw.language as pl


@pl.program
class P3IfElse:
    @pl.function(type=pl.FunctionType.InCore)
    def gather(self, x: pl.Tensor[[64, 32], pl.FP32], y: pl.Tensor[[64, 32], pl.FP32], flag: pl.Scalar[pl.BOOL],
               out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        if flag:
            rr = pl.yield_(y)
        else:
            acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
            for i, (acc,) in pl.range(4, init_values=(acc0,)):
                part = pl.load(x, [i * 16, 0], [16, 32])
                scaled = pl.tile.muls(part, 2.0)
                acc2 = pl.tile.assemble(acc, scaled, [i * 16, 0])
                res = pl.yield_(acc2)
            ret = pl.store(res, [0, 0], out)
            rr = pl.yield_(ret)
        return rr

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 32], pl.FP32], y: pl.Tensor[[64, 32], pl.FP32],
             flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[64, 32], pl.FP32]:
        o = pl.tensor.create([64, 32], dtype=pl.FP32)
        z = self.gather(x, y, flag, o)
        return z
