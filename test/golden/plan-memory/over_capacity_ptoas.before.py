# rule: the addressless planner places nothing (pto_format.md: "the assembler places storage itself"), but a storage larger than its whole memory space has no placement at all: PTOAS planning fails at that storage (a2a3 Vec 192 KiB; a [256, 256] FP32 tile is 256 KiB) instead of leaving it to the assembler; the input is returned
# passes: init-memref,plan-memory
# opt: memory_planner=PTOAS
# expect-error: 12:9: error: plan-memory (PTOAS): storage 'mem_vec_0' (262144 bytes) is larger than the a2a3 Vec capacity of 196608 bytes: no placement holds it
import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[256, 256], pl.FP32], o: pl.Out[pl.Tensor[[256, 256], pl.FP32]]) -> pl.Tensor[[256, 256], pl.FP32]:
        x = pl.tile.load(a, (0, 0), (256, 256))
        r = pl.tile.store(x, (0, 0), o)
        return r
