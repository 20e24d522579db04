# rule: per-space capacities under DSA_RP: no gap of 128 KiB is left next to the first 128 KiB tile in 192 KiB; fail-closed
# passes: init-memref,plan-memory
# opt: memory_planner=DSA_RP
# expect-error: error: plan-memory (DSA_RP): storage 'mem_vec_1' (131072 bytes) does not fit in Vec
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[128, 256], pl.FP32], b: pl.Tensor[[128, 256], pl.FP32], o1: pl.Out[pl.Tensor[[128, 256], pl.FP32]], o2: pl.Out[pl.Tensor[[128, 256], pl.FP32]]) -> pl.Tensor[[128, 256], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (128, 256))
        y = pl.tile.load(b, (0, 0), (128, 256))
        r1 = pl.tile.store(x, (0, 0), o1)
        r2 = pl.tile.store(y, (0, 0), o2)
        return r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 256], pl.FP32], b: pl.Tensor[[128, 256], pl.FP32]) -> pl.Tensor[[128, 256], pl.FP32]:
        o1 = pl.create_tensor([128, 256], dtype=pl.FP32)
        o2 = pl.create_tensor([128, 256], dtype=pl.FP32)
        r = self.kernel(a, b, o1, o2)
        return r
