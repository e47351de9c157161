// The C library's assertion handler, replaced: wasi-libc's prints the failed assertion with
// fprintf, which links the whole printf machinery (about 12 KB of code) into a module that
// otherwise never formats C text. A failed assertion in the C runtime (the allocator's
// consistency checks) traps here instead, as every other failure in these modules does, and the
// page's trap recovery takes over.

/// Called by the C runtime on a failed `assert`: traps. Input never reaches it: the C runtime
/// asserts only its own invariants (a corrupted heap), which no argument can break.
@_cdecl("__assert_fail")
func cAssertFail(_ expression: UnsafePointer<CChar>?, _ file: UnsafePointer<CChar>?, _ line: Int32,
                 _ function: UnsafePointer<CChar>?) -> Never {
    fatalError()
}
