# rule: DSA_RP packs largest first into the smallest gap: big at 0, c (live with big) at 2048, then the small s (live with big, not with c) best-fits above big at 2048: peak 4096 bytes where PYPTO needs 4608
# passes: init-memref,plan-memory
# opt: memory_planner=DSA_RP
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 8], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32], o1: pl.Out[pl.Tensor[[16, 8], pl.FP32]], o2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        s = pl.tile.load(a, (0, 0), (16, 8))
        big = pl.tile.load(b, (0, 0), (16, 32))
        r1 = pl.tile.store(s, (0, 0), o1)
        c = pl.tile.exp(big)
        r2 = pl.tile.store(c, (0, 0), o2)
        return r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 8], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        o1 = pl.create_tensor([16, 8], dtype=pl.FP32)
        o2 = pl.create_tensor([16, 32], dtype=pl.FP32)
        r = self.kernel(a, b, o1, o2)
        return r
