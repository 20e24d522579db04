# rule: Pattern 2 (Assemble Parent Strides), "the types of the tile.store results into it" — a chain of stores (a store into a previous store's result writes the same tensor) and an If whose branches both yield such a result: every one of them, and the If result, gets the strides
import ptorw.language as pl


@pl.program
class CalleeIfChain:
    @pl.function(type=pl.FunctionType.InCore)
    def pick(self, x: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.INDEX],
             out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        top = pl.load(x, [0, 0], [8, 32])
        bottom = pl.load(x, [8, 0], [8, 32])
        first = pl.store(top, [0, 0], out)
        if flag < 1:
            a = pl.tile.exp(bottom)
            ra = pl.store(a, [8, 0], first)
            r = pl.yield_(ra)
        else:
            b = pl.tile.neg(bottom)
            rb = pl.store(b, [8, 0], first)
            r = pl.yield_(rb)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32], flag: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 256], pl.FP32]:
        buf = pl.create_tensor([64, 256], dtype=pl.FP32)
        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.pick(x, flag, tmp)
        placed = pl.tensor.assemble(buf, r, [16, 128])
        return placed
