# rule: Pattern 2 (Assemble Parent Strides) through loops whose parents are windows of the returned tensor — each loop's parent is loop-carried from a [32, 32] tensor.slice of the [32, 64] tensor big (strides [64, 1]; the right half, then the left) and assembled into in place, and main returns big itself: scale's Out param gets [64, 1] at both call sites. The case exists for the orchestration emitter (orch_sim compiles every Before program): each tmp is allocated as acc.view(...), the window of the loop-carried window it is assembled into (refused as 'not one tensor' before the 40th session)
import ptorw.language as pl


@pl.program
class ParentLoopCarriedWindows:
    @pl.function(type=pl.FunctionType.InCore)
    def scale(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        big = pl.tensor.create([32, 64], dtype=pl.FP32)
        band = pl.tensor.slice(big, [32, 32], [0, 32])
        for i, (acc,) in pl.range(2, init_values=(band,)):
            tmp = pl.tensor.create([16, 32], dtype=pl.FP32)
            r = self.scale(x, tmp)
            nxt = pl.tensor.assemble(acc, r, [i * 16, 0])
            res = pl.yield_(nxt)
        left = pl.tensor.slice(big, [32, 32], [0, 0])
        for j, (acc2,) in pl.range(2, init_values=(left,)):
            tmp2 = pl.tensor.create([16, 32], dtype=pl.FP32)
            r2 = self.scale(x, tmp2)
            nxt2 = pl.tensor.assemble(acc2, r2, [j * 16, 0])
            res2 = pl.yield_(nxt2)
        return big
