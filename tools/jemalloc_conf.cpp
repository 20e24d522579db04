// The `ptorw` executable's jemalloc settings (-Dallocator=auto|jemalloc; tools/meson.build), read by
// jemalloc at start-up from this symbol (MALLOC_CONF in the environment still overrides them).
//
// Why each (bench/README.md, "fourteenth round"; paired against tcmalloc_minimal with its heap on
// huge pages, whole process):
//  * thp:always, metadata_thp:always: on this kind of machine (a VM, transparent_hugepage=madvise)
//    the first touch of each fresh 4 KiB page is a costly fault; 2 MiB pages make it one fault per
//    2 MiB. Without them jemalloc was 1.7x slower on the 100k --windowize benchmark program.
//  * dirty_decay_ms:-1, muzzy_decay_ms:-1: a compile is one batch; returning freed pages to the
//    kernel only to fault them in again later is pure cost (the process exit frees everything).
//  * narenas:1: compile computes the cache key and emits the orchestration C++ on second threads;
//    with one arena, what one thread frees the other reuses (peak RSS as with tcmalloc).
// jemalloc rather than tcmalloc because tcmalloc's start-up clears its page map (~15 ms here, an
// example's whole `compile` budget is 20 ms); at 1M statements the two are within noise.
extern "C" {
// NOLINTNEXTLINE: the name and type are jemalloc's interface.
extern const char* malloc_conf;
const char* malloc_conf = "thp:always,metadata_thp:always,dirty_decay_ms:-1,muzzy_decay_ms:-1,narenas:1";
}
