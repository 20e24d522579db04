# rule: spec "Pass Properties" (Required: SplitIncoreOrch) and Requirements ("Input IR must have InCore scopes outlined with tile ops") — a pl.at scope left in the orchestration function (not outlined by outline-incore-scopes) puts device tile ops in main; the pass refuses the input before any pattern runs and returns it unchanged
# expect-error: pass 'optimize-orch-tensors' requires SplitIncoreOrch, but the orchestration function 'main' uses the device op tile.load; run outline-incore-scopes first
import ptorw.language as pl


@pl.program
class NotOutlined:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        o = pl.create_tensor([16, 32], dtype=pl.FP32)
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(x, [0, 0], [16, 32])
            u = pl.tile.muls(t, 2.0)
            r = pl.store(u, [0, 0], o)
        return r
