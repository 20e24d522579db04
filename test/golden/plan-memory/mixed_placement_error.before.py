# rule: plan-memory — pto_format.md "Addresses and planners" (under an addressed planner every alloc_tile has addr; one planner per kernel): a kernel with one storage placed by hand (mem, addr=0) and one left to the planner (mem2) is refused at the unplaced storage, naming both (re-audit 2026-12-05 G4: the error pointed at the def line and named no storage)
# passes: plan-memory
# opt: memory_planner=PYPTO
# expect-error: 10:9: error: plan-memory: storage 'mem2' of 'k' has no addr= while 'mem' has addr=0: a kernel's allocations are all placed by hand or all left to the planner
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mem2 = pl.tile.alloc(pl.Mem.Vec, 4096)
        x: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec] = pl.tile.load(a, [0, 0], [16, 64])
        y: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem2, 0, 4096), pl.Mem.Vec] = pl.tile.exp(x)
        o = pl.tile.store(y, [0, 0], out)
        return o
