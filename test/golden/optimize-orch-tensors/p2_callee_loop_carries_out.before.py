# rule: Pattern 2 (Assemble Parent Strides), "the types of the tile.store results into it" — the callee carries its Out param through a For loop as an iter arg and stores row blocks into it; the iter arg, every store result and the loop result are that memory and get the strides too
import ptorw.language as pl


@pl.program
class CalleeLoop:
    @pl.function(type=pl.FunctionType.InCore)
    def rows(self, x: pl.Tensor[[8, 32], pl.FP32],
             dst: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:
        t = pl.load(x, [0, 0], [8, 32])
        for i, (acc,) in pl.range(4, init_values=(dst,)):
            u = pl.tile.adds(t, 1.0)
            nxt = pl.store(u, [i * 8, 0], acc)
            res = pl.yield_(nxt)
        return res

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8, 32], pl.FP32]) -> pl.Tensor[[128, 64], pl.FP32]:
        big = pl.create_tensor([128, 64], dtype=pl.FP32)
        tmp = pl.create_tensor([32, 32], dtype=pl.FP32)
        r = self.rows(x, tmp)
        placed = pl.tensor.assemble(big, r, [64, 32])
        return placed
