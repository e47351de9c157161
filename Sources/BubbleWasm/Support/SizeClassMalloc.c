// SizeClassMalloc.c: the heap of the browser modules (element, restore, playground), linked ahead
// of wasi-libc so that its dlmalloc (~9 KB of code) is left out.
//
// Embedded Swift allocates through posix_memalign and frees through free; nothing else in these
// modules calls the C heap. Blocks come in size classes (16, 32, 48, 64 bytes, then four per power
// of two: 80, 96, 112, 128, 160, ...; at most 25% rounding), each class with its own free list. A
// request takes the first free block of its class or of the next four (at most twice its size), else
// cuts a new block from the end of linear memory, which grows by whole 64 KiB pages and never shrinks
// (WebAssembly memory cannot). A freed block goes to the front of its class's list, or back to the
// end of the heap if it was the last one cut; blocks are never split or merged. So:
// - posix_memalign and free are O(1): a few shifts, at most five list heads looked at (no locking:
//   these modules are single-threaded);
// - an engine that runs the same frames again reuses the same blocks, so the heap stops growing:
//   measured on a long session of 200 then 2,000 bubbles, it levels off about 1.4 times as large
//   as dlmalloc's, which merges neighbours (web-bytes.csv);
// - no allocation address reaches a result: every golden replays bit for bit on any heap.
//
// Layout: every block starts with a 16-byte header, so payloads stay 16-byte aligned:
//   [class index: u32][offset from block start to payload: u32][next free block, while free][payload ...]
// A request aligned beyond 16 is served from a larger block with the payload moved up to the
// alignment; its header sits right before the moved payload and records the offset back.
// Requests that cannot be met (over 1 GiB, or memory.grow refused) return ENOMEM, as libc does;
// Swift then stops with its allocation failure.

#include <stddef.h>
#include <stdint.h>

#define EINVAL 28  // wasi-libc's errno values (WASI's errno codes)
#define ENOMEM 48
#define HEADER 16u
#define PAGE 65536u
#define CLASSES 104  // block sizes up to 2^31 bytes

extern unsigned char __heap_base;

static void *free_lists[CLASSES];
static uintptr_t bump;   // first unused byte of the heap (0 before the first allocation)
static uintptr_t limit;  // end of linear memory

/// The smallest class whose blocks hold `bytes` (header included), and that class's block size:
/// 16, 32, 48, 64, then four classes per power of two (80, 96, 112, 128, 160, ...), all multiples
/// of 16 so that blocks cut one after another stay 16-byte aligned.
static unsigned class_of(size_t bytes, size_t *block) {
    if (bytes <= 64) {
        unsigned index = (unsigned)((bytes + 15) / 16) - (bytes != 0);
        *block = (size_t)(index + 1) * 16;
        return index;
    }
    unsigned top = 31u - (unsigned)__builtin_clz((unsigned)(bytes - 1));  // 2^top < bytes <= 2^(top+1)
    size_t quarter = (size_t)1 << (top - 2);
    size_t steps = (bytes - ((size_t)1 << top) + quarter - 1) / quarter;  // 1...4
    *block = ((size_t)1 << top) + steps * quarter;
    return 4u + (top - 6u) * 4u + (unsigned)steps - 1u;
}

/// The block size of class `index` (the inverse of class_of).
static size_t block_size_of(unsigned index) {
    if (index < 4) return (size_t)(index + 1) * 16;
    unsigned top = 6u + (index - 4u) / 4u;
    return ((size_t)1 << top) + (size_t)((index - 4u) % 4u + 1u) * ((size_t)1 << (top - 2));
}

/// A fresh block of `size` bytes from the end of the heap, growing memory as needed; 0 if it can't.
static void *cut(size_t size) {
    if (bump == 0) {
        bump = ((uintptr_t)&__heap_base + 15u) & ~(uintptr_t)15u;
        limit = (uintptr_t)__builtin_wasm_memory_size(0) * PAGE;
    }
    if (size > limit - bump) {
        size_t pages = (size - (limit - bump) + PAGE - 1) / PAGE;
        if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
        limit = (uintptr_t)__builtin_wasm_memory_size(0) * PAGE;
    }
    void *block = (void *)bump;
    bump += size;
    return block;
}

/// `size` bytes aligned to `alignment` (a power of two, at least sizeof(void *)) at `*result`.
/// - Returns: 0, or EINVAL for an alignment that is not such a power of two, ENOMEM when the
///   memory can't be had.
/// - Complexity: O(1), plus the page growth when the heap's end is reached.
int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    size_t extra = alignment > HEADER ? alignment : 0;
    if (size > ((size_t)1 << 30) || alignment > ((size_t)1 << 16)) return ENOMEM;
    size_t block_size;
    unsigned index = class_of(HEADER + extra + size, &block_size);
    unsigned char *block = 0;
    for (unsigned larger = index; larger < CLASSES && larger <= index + 4 && !block; larger++)
        if ((block = free_lists[larger])) { free_lists[larger] = *(void **)(block + 8); index = larger; }
    if (!block && !(block = cut(block_size))) return ENOMEM;
    uintptr_t payload = ((uintptr_t)block + HEADER + (extra ? alignment - 1 : 0)) & ~(uintptr_t)(extra ? alignment - 1 : 0);
    uint32_t *header = (uint32_t *)(payload - HEADER);
    header[0] = index;
    header[1] = (uint32_t)(payload - (uintptr_t)block);
    *result = (void *)payload;
    return 0;
}

/// `size` bytes, 16-byte aligned; 0 when the memory can't be had. - Complexity: O(1).
void *malloc(size_t size) {
    void *result;
    return posix_memalign(&result, HEADER, size) == 0 ? result : 0;
}

/// Gives back a block from posix_memalign or malloc (0: nothing). - Complexity: O(1).
void free(void *pointer) {
    if (!pointer) return;
    uint32_t *header = (uint32_t *)((uintptr_t)pointer - HEADER);
    unsigned index = header[0];
    unsigned char *block = (unsigned char *)pointer - header[1];
    if ((uintptr_t)block + block_size_of(index) == bump) { bump = (uintptr_t)block; return; }
    *(void **)(block + 8) = free_lists[index];
    free_lists[index] = block;
}
