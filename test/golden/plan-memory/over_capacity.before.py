# rule: per-space capacities (a2a3 Vec 192 KiB): two 128 KiB tiles live together do not fit; the pass fails at the alloc that does not fit (the statement defining y), the input is returned
# passes: init-memref,plan-memory
# opt: memory_planner=PYPTO
# expect-error: 13:9: error: plan-memory (PYPTO): storage 'mem_vec_1' (131072 bytes) does not fit in Vec: 262144 bytes are live with it, the a2a3 Vec capacity is 196608 bytes
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
