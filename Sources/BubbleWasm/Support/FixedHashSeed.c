// FixedHashSeed.c: the seed of Swift's Hasher as a constant, linked into the <bubble-picker>
// element's two modules (bubblepicker-web.wasm, bubblepicker-web-restore.wasm).
//
// Embedded Swift seeds its Hasher (Dictionary and Set hashing) once, from arc4random_buf. From
// wasi-libc that is a ChaCha20 generator over the WASI `random_get` import: ~3 KB of the module
// and its only import. Defined here, ahead of libc, it hands out fixed bytes instead, so:
// - hash order, and with it any Dictionary or Set iteration order, is the same on every run and
//   in every browser (the step path iterates none; this makes everything else reproducible too);
// - the element's modules import nothing from the page.
// What is given up is hash-flooding resistance: someone who can choose many labels could make
// them collide. A picker holds at most thousands of labels and measures at most 65,536 graphemes,
// so colliding keys cost at most that many probes each, in the page that chose them. The replay
// and playground modules and native builds keep their random seeds.

#include <stddef.h>

/// Fills `length` bytes at `buffer` with a fixed, non-zero pattern (the same on every call).
void arc4random_buf(void *buffer, size_t length) {
    unsigned char *bytes = (unsigned char *)buffer;
    for (size_t i = 0; i < length; i++) bytes[i] = (unsigned char)(0xA5u ^ (i * 0x3Du));
}
