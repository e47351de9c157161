#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file could not be read or written.
public enum TextFileError: Error, Equatable, CustomStringConvertible {
    /// No file at that path (CLI exit 66).
    case missing(path: String)
    /// It exists but could not be read (exit 66 when reading user input).
    case unreadable(path: String, reason: String)
    /// It was read but is not text this tool accepts: not UTF-8, or too large (exit 65).
    case invalid(path: String, reason: String)
    /// It could not be written (exit 1).
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .missing(let path): return "\(path): no such file"
        case .unreadable(let path, let reason): return "\(path): cannot read: \(reason)"
        case .invalid(let path, let reason): return "\(path): \(reason)"
        case .unwritable(let path, let reason): return "\(path): cannot write: \(reason)"
        }
    }
}

/// Whole-file text I/O on the C library (no Foundation: it would add 12 MB to every process).
public enum TextFile {
    /// Largest file `read` accepts (scenario files are small; this guards against mistakes).
    public static let maximumSize = 256 * 1024 * 1024

    /// Reads a whole UTF-8 file.
    public static func read(_ path: String) throws -> String {
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
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw TextFileError.invalid(path: path, reason: "not valid UTF-8")
        }
        return text
    }

    /// Writes a whole file (replacing it). Writes to `path.tmp` then renames, so a reader never
    /// sees half a file.
    public static func write(_ text: String, to path: String) throws {
        let temporary = path + ".tmp"
        guard let file = fopen(temporary, "wb") else {
            throw TextFileError.unwritable(path: path, reason: String(cString: strerror(errno)))
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == bytes.count, closed == 0, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw TextFileError.unwritable(path: path, reason: reason)
        }
    }

    /// Creates a directory and its missing parents (like `mkdir -p`).
    public static func makeDirectory(_ path: String) throws {
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
    public static func list(_ directory: String) throws -> [String] {
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
    public static func isDirectory(_ path: String) -> Bool {
        guard let handle = opendir(path) else { return false }
        closedir(handle)
        return true
    }

    /// True when a file or directory exists at `path`.
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// `directory/name`, with exactly one slash between them.
    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}

/// Writes text to standard output in one call (for large dumps, faster than `print` per line).
public enum StandardOutput {
    public static func write(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else { return }
                let written = writeBytes(1, base + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

@inline(__always)
private func writeBytes(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, pointer, count)
}
