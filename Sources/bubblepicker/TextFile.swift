#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read or written.
enum TextFileError: Error, Equatable, CustomStringConvertible {
    /// No file at that path (CLI exit 66).
    case missing(path: String)
    /// It exists but could not be read (exit 66 when reading user input).
    case unreadable(path: String, reason: String)
    /// It was read but is not text this tool accepts: not UTF-8, or too large (exit 65).
    case invalid(path: String, reason: String)
    /// It could not be written (exit 1).
    case unwritable(path: String, reason: String)

    var description: String {
        switch self {
        case .missing(let path): return "\(path): no such file"
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .invalid(let path, let reason): return "\(path): \(reason)"
        case .unwritable(let path, let reason): return OutputError(path: path, reason: reason).description
        }
    }
}

/// Whole-file text I/O on the C library (no Foundation: it would add 12 MB to every process).
enum TextFile {
    /// Largest file `read` accepts (scenario files are small; this guards against mistakes).
    static let maximumSize = 256 * 1024 * 1024

    /// Reads a whole UTF-8 file.
    static func read(_ path: String) throws -> String {
        guard let file = fopen(path, "rb") else {
            let code = errno
            if code == ENOENT { throw TextFileError.missing(path: path) }
            throw TextFileError.unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if bytes.count > maximumSize { throw TextFileError.invalid(path: path, reason: "larger than \(maximumSize) bytes") }
            if count < chunk.count { break }
        }
        if ferror(file) != 0 { throw TextFileError.unreadable(path: path, reason: "read error (is it a directory?)") }
        // Decoding replaces invalid sequences with U+FFFD, so valid UTF-8 is exactly what round-trips
        // (`String(validating:as:)` would need macOS 15 / iOS 18).
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else {
            throw TextFileError.invalid(path: path, reason: "not valid UTF-8")
        }
        return text
    }

    /// Writes a whole file safely (see `OutputFile`: a temporary beside a regular file, renamed over
    /// it; a device or FIFO in place; `-` standard output). Throws `.unwritable` with one reason.
    static func write(_ text: String, to path: String) throws(TextFileError) {
        do {
            try OutputFile.write(text, to: path)
        } catch {
            throw TextFileError.unwritable(path: path, reason: error.reason)
        }
    }

    /// Creates a directory and its missing parents (like `mkdir -p`).
    static func makeDirectory(_ path: String) throws {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part + "/"
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                throw TextFileError.unwritable(path: path, reason: String(cString: strerror(errno)))
            }
        }
    }

    /// The names in a directory (without `.` and `..`), sorted by their UTF-8 bytes so every
    /// platform lists them in the same order.
    static func list(_ directory: String) throws -> [String] {
        guard let handle = opendir(directory) else {
            let code = errno
            if code == ENOENT { throw TextFileError.missing(path: directory) }
            throw TextFileError.unreadable(path: directory, reason: String(cString: strerror(code)))
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// True when `path` is a directory.
    static func isDirectory(_ path: String) -> Bool {
        guard let handle = opendir(path) else { return false }
        closedir(handle)
        return true
    }

    /// True when a file or directory exists at `path`.
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// `directory/name`, with exactly one slash between them.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

/// Writes text to standard output in one call (for large dumps, faster than `print` per line).
enum StandardOutput {
    /// Writes all of `text`; a failed or short write (a full disk, a closed stream) is a failure
    /// (exit 1), never lost output reported as success.
    static func write(_ text: String, command: String) throws(CLIError) {
        var text = text
        let failure: Int32? = text.withUTF8 { buffer -> Int32? in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return nil }
                let written = writeBytes(1, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return written < 0 ? errno : EIO }
                offset += written
            }
            return nil
        }
        if let failure {
            throw CLIError.failure("\(command): cannot write to standard output: \(String(cString: strerror(failure)))")
        }
    }
}

@inline(__always)
private func writeBytes(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, pointer, count)
    #else
    Darwin.write(fd, pointer, count)
    #endif
}
