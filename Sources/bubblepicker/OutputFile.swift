#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import BubblePhysics

/// Why an output could not be written: the path once, one reason.
struct OutputError: Error, Equatable, CustomStringConvertible {
    /// The target as the user named it (`-` for standard output).
    var path: String
    /// What went wrong, e.g. "No space left on device" or "is a directory".
    var reason: String

    /// `cannot write 'PATH': REASON` (`cannot write to standard output: REASON` for `-`).
    var description: String {
        path == "-" ? "cannot write to standard output: \(reason)" : "cannot write '\(path)': \(reason)"
    }
}

/// Every file the CLI writes goes through here (`--output`, the balloon gallery, `verify --record`).
///
/// - A regular file, or a name that does not exist yet, is written to a new temporary file beside
///   it, created exclusively under a random name (`.NAME.XXXXXXXXXXXX.tmp`, `O_CREAT|O_EXCL|
///   O_NOFOLLOW`: never an existing file, never through a symlink planted at that name), written
///   whole, `fsync`ed, then renamed over the target, so a reader sees the old file or the new one,
///   never half of one. A new file gets mode 0666 less the umask; a replaced one keeps its
///   permission bits. A symlink named as the target is itself replaced (what it points to is not
///   written).
/// - Anything else that exists — a device (`/dev/null`, `/dev/full`), a FIFO, a socket — is written
///   in place, never replaced; `-` is standard output.
/// - A directory is refused. Every failed or short write, `fsync` or `close` is an `OutputError`
///   (the CLI's exit 1) and the temporary file is removed.
enum OutputFile {
    /// Temporary names tried before giving up (each taken name is skipped, never opened).
    static let attempts = 8

    /// Writes `text` to `path` as described above.
    static func write(_ text: String, to path: String) throws(OutputError) {
        var stream = try OutputStream(path)
        do throws(OutputError) {
            try stream.write(text)
            try stream.commit()
        } catch {
            stream.abandon()
            throw error
        }
    }

    /// Creates a new file under a random name in the target's directory; a name that exists in
    /// any form (file, directory, symlink, dangling or not) is skipped.
    static func createTemporary(beside path: String) throws(OutputError) -> (String, Int32) {
        var names = TemporaryNames()
        for _ in 0..<attempts {
            let temporary = names.next(beside: path)
            let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd >= 0 { return (temporary, fd) }
            if errno != EEXIST { throw OutputError(path: path, reason: reason(errno)) }
        }
        throw OutputError(path: path, reason: "no free temporary name beside it (\(attempts) tried, each already taken)")
    }

    /// The C library's text for an error number.
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// One output being written in pieces (a long `simulate` dump streams through it instead of
/// being held in memory): opened as `OutputFile` describes, written chunk by chunk, then
/// `commit()`ed (fsync, close, rename) or `abandon()`ed (the temporary removed, the target as it was).
struct OutputStream {
    /// The target as the user named it.
    let path: String
    private var fd: Int32
    /// The temporary file being written, or nil when writing in place (a device, a FIFO, stdout).
    private let temporary: String?
    /// False for standard output, which stays open.
    private let owned: Bool

    /// Opens `path` for writing.
    init(_ path: String) throws(OutputError) {
        self.path = path
        if path == "-" {
            (fd, temporary, owned) = (1, nil, false)
            return
        }
        var info = stat()
        var mode: mode_t? = nil
        if stat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR: throw OutputError(path: path, reason: "is a directory")
            case S_IFREG: mode = info.st_mode & 0o777
            default:
                if let device = try Self.openInPlace(path) {
                    (fd, temporary, owned) = (device, nil, true)
                    return
                }
            }
        }
        let (name, created) = try OutputFile.createTemporary(beside: path)
        (fd, temporary, owned) = (created, name, true)
        if let mode, fchmod(fd, mode) != 0 {
            let failure = OutputError(path: path, reason: OutputFile.reason(errno))
            abandon()
            throw failure
        }
    }

    /// An existing file that is not a regular one, opened for writing in place (never created,
    /// never truncated); nil when it turned out to be a regular file after all (it changed since
    /// `stat`): the caller writes a temporary instead.
    static func openInPlace(_ path: String) throws(OutputError) -> Int32? {
        let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw OutputError(path: path, reason: OutputFile.reason(errno)) }
        var info = stat()
        if fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG {
            close(fd)
            return nil
        }
        return fd
    }

    /// Writes every byte of `text`, retrying after interruptions and short writes; a write that
    /// fails or writes nothing is an error.
    mutating func write(_ text: String) throws(OutputError) {
        var text = text
        let fd = self.fd
        let failure: Int32? = text.withUTF8 { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return written < 0 ? errno : EIO }
                offset += written
            }
            return nil
        }
        if let failure { throw OutputError(path: path, reason: OutputFile.reason(failure)) }
    }

    /// Finishes: a temporary is fsynced, closed and renamed over the target; a file written in
    /// place is closed (standard output is left open). On failure the temporary is removed.
    mutating func commit() throws(OutputError) {
        guard owned else { return }
        if temporary != nil, fsync(fd) != 0 && errno != EINVAL && errno != ENOTSUP {
            let failure = OutputError(path: path, reason: OutputFile.reason(errno))
            abandon()
            throw failure
        }
        let closed = close(fd)
        fd = -1
        guard closed == 0 else {
            let failure = OutputError(path: path, reason: OutputFile.reason(errno))
            if let temporary { unlink(temporary) }
            throw failure
        }
        if let temporary, rename(temporary, path) != 0 {
            let failure = OutputError(path: path, reason: OutputFile.reason(errno))
            unlink(temporary)
            throw failure
        }
    }

    /// Gives up: closes the file and removes the temporary (the target is as it was).
    mutating func abandon() {
        if fd >= 0 && owned { close(fd) }
        fd = -1
        if let temporary { unlink(temporary) }
    }
}

/// Temporary file names: `.NAME.XXXXXXXXXXXX.tmp` in the target's directory, 48 random bits each.
///
/// The bits come from the system's generator, so the names cannot be predicted; the environment
/// variable `BUBBLEPICKER_TEMPORARY_SEED` (a whole number) makes them a `SplitMix64` sequence from
/// that seed instead, for the tests that plant a symlink at every name the writer will try.
struct TemporaryNames {
    private var seeded: SplitMix64?
    private var system = SystemRandomNumberGenerator()

    init() {
        if let text = getenv("BUBBLEPICKER_TEMPORARY_SEED").map({ String(cString: $0) }), let seed = UInt64(text) {
            seeded = SplitMix64(seed: seed)
        }
    }

    /// The next candidate for `path`: its directory, then the dot-name (the target's name cut to
    /// at most 200 UTF-8 bytes so the whole name stays within NAME_MAX).
    mutating func next(beside path: String) -> String {
        let bits = (seeded?.next() ?? system.next()) & 0xFFFF_FFFF_FFFF
        let digits = String(bits, radix: 16)
        let suffix = String(repeating: "0", count: 12 - digits.count) + digits
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var short = ""
        for scalar in name.unicodeScalars {
            if short.utf8.count + String(scalar).utf8.count > 200 { break }
            short.unicodeScalars.append(scalar)
        }
        return directory + "." + short + "." + suffix + ".tmp"
    }
}

@inline(__always)
private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, pointer, count)
    #else
    Darwin.write(fd, pointer, count)
    #endif
}
