// IdentityNormalization.c: Unicode canonical normalization as the identity, linked into the
// <bubble-picker> element's two modules (bubblepicker-web.wasm, bubblepicker-web-restore.wasm).
//
// Embedded Swift's String compares and hashes by canonical equivalence. The stdlib looks up what
// that needs through the three functions and one table pointer below, which
// libswiftUnicodeDataTables.a defines over ~28 KB of normalization tables (~20 KB of the module
// brotli-compressed). Defined here, ahead of that library, they say every scalar is already
// normalized: canonical combining class 0, NFC and NFD quick checks "yes", nothing composes.
// String equality and hashing in these modules are then code-unit equality, as JavaScript's ===
// is. The element's engine gets its strings from JavaScript and uses them as labels, as keys of
// widths the page measured from those same code units, and as names it defines itself (ASCII):
// it never needs two different code-unit sequences to be equal. Grapheme breaking (its own
// tables) is unchanged. The replay and playground modules and native builds keep the stdlib's
// normalization; no golden depends on the difference (no scenario holds a non-NFC string).
//
// Signatures as the stdlib declares them (SwiftShims/UnicodeData.h); wasm32: unsigned short is
// 16 bits, unsigned int 32.

/// Normalization data of a scalar: 0 (combining class 0, NFC_QC and NFD_QC yes).
unsigned short _swift_stdlib_getNormData(unsigned int scalar) { (void)scalar; return 0; }

/// The canonical decompositions table: none (reached only for a scalar whose NFD_QC is "no").
const unsigned char *const _swift_stdlib_nfd_decompositions = 0;

/// Where a scalar's decomposition starts in that table: never asked for (see above).
unsigned int _swift_stdlib_getDecompositionEntry(unsigned int scalar) { (void)scalar; return 0; }

/// The primary composite of two scalars: none (0xFFFFFFFF).
unsigned int _swift_stdlib_getComposition(unsigned int x, unsigned int y) { (void)x; (void)y; return 0xFFFFFFFFu; }
