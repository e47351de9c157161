// NoForeignStrings.c: the stdlib's code for foreign (bridged UTF-16) strings as traps, linked into
// every wasm module in place of the Swift objects' own copies.
//
// A Swift String is native UTF-8, or "foreign": an Objective-C NSString bridged lazily, with
// UTF-16 indices. Embedded Swift has no Objective-C bridging, so no foreign string, and no index
// that only a UTF-16 string makes, ever exists in these modules. The stdlib still compiles the
// paths that would handle them into every module (its String code tests for them at run time):
// the foreign views' index arithmetic and, for a UTF-16 index used on a UTF-8 string,
// `_slowEnsureMatchingEncoding`, which transcodes the string through UTF16View (~13 KB of code,
// ~3.3 KB brotli in the element's module). Those functions are weak definitions in every Swift
// object; the strong ones below replace them and trap, as the stdlib itself does for an index it
// can't use. `.ci/wasm` links with --fatal-warnings, so a toolchain whose signatures differ fails
// the build instead of linking a mismatched stub; one that renames a function just keeps its own.
//
// Signatures are each Swift function's wasm32 lowering (a String.Index is one i64, the rest i32s),
// as the Swift objects declare it (wasm-dis of a module linked without --strip-all shows them).

typedef long long Index;

#define NEVER { __builtin_trap(); }
#define SWIFT(name) __asm__(name) __attribute__((used, noreturn));

Index slowEnsureMatchingEncoding(Index, int, int, int, int, int)
    SWIFT("$es11_StringGutsV27_slowEnsureMatchingEncodingySS5IndexVAEF")
Index slowEnsureMatchingEncoding(Index i, int a, int b, int c, int d, int e) NEVER

Index foreignScalarAlign(Index, int, int, int, int, int)
    SWIFT("$es11_StringGutsV18foreignScalarAlignySS5IndexVAEF")
Index foreignScalarAlign(Index i, int a, int b, int c, int d, int e) NEVER

int utf8ForeignCount(int, int, int, int, int)
    SWIFT("$eSS8UTF8ViewV13_foreignCountSiyF")
int utf8ForeignCount(int a, int b, int c, int d, int e) NEVER

Index utf8ForeignIndexAfter(Index, int, int, int, int, int)
    SWIFT("$eSS8UTF8ViewV13_foreignIndex5afterSS0D0VAF_tF")
Index utf8ForeignIndexAfter(Index i, int a, int b, int c, int d, int e) NEVER

Index utf8ForeignIndexBefore(Index, int, int, int, int, int)
    SWIFT("$eSS8UTF8ViewV13_foreignIndex6beforeSS0D0VAF_tF")
Index utf8ForeignIndexBefore(Index i, int a, int b, int c, int d, int e) NEVER

Index utf8ForeignIndexOffset(Index, int, int, int, int, int, int)
    SWIFT("$eSS8UTF8ViewV13_foreignIndex_8offsetBySS0D0VAF_SitF")
Index utf8ForeignIndexOffset(Index i, int n, int a, int b, int c, int d, int e) NEVER

int utf8ForeignDistance(Index, Index, int, int, int, int, int)
    SWIFT("$eSS8UTF8ViewV16_foreignDistance4from2toSiSS5IndexV_AGtF")
int utf8ForeignDistance(Index i, Index j, int a, int b, int c, int d, int e) NEVER

int utf8ForeignSubscript(Index, int, int, int, int, int)
    SWIFT("$eSS8UTF8ViewV17_foreignSubscript8positions5UInt8VSS5IndexV_tF")
int utf8ForeignSubscript(Index i, int a, int b, int c, int d, int e) NEVER

Index utf16ForeignIndexOffset(Index, int, int, int, int, int, int)
    SWIFT("$eSS9UTF16ViewV13_foreignIndex_8offsetBySS0D0VAF_SitF")
Index utf16ForeignIndexOffset(Index i, int n, int a, int b, int c, int d, int e) NEVER

// Growing, appending to or shrinking to a small string a foreign string (its private helpers).
void foreignGrow(int, int, int)
    SWIFT("$es11_StringGutsV12_foreignGrow33_408A76AB043BD3EFBAB6FAAAAA9B4914LLyySiF")
void foreignGrow(int a, int b, int c) NEVER

void foreignAppendInPlace(int, int, int)
    SWIFT("$es11_StringGutsV21_foreignAppendInPlace33_408A76AB043BD3EFBAB6FAAAAA9B4914LLyys01_aB5SliceVF")
void foreignAppendInPlace(int a, int b, int c) NEVER

void foreignConvertedToSmall(int, int, int)
    SWIFT("$es11_StringGutsV24_foreignConvertedToSmall33_408A76AB043BD3EFBAB6FAAAAA9B4914LLs01_fA0VyFTf4d_n")
void foreignConvertedToSmall(int a, int b, int c) NEVER
