#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file's bytes, read into memory of their own that can be given back to the system a stretch
/// at a time once read: a HAR of hundreds of megabytes and the exchanges read from it are then
/// never held whole at once. A stretch given back reads as zeros.
final class ReleasableFileBytes {
    let bytes: UnsafeRawBufferPointer
    private let mapped: UnsafeMutableRawPointer
    private let mappedCount: Int

    /// What `load` read of a file.
    enum Opened {
        /// A regular file, in memory that is given back as it is read.
        case releasable(ReleasableFileBytes)
        /// A file whose size cannot be known in advance (a pipe, a named pipe, a device) or that
        /// is empty, read whole.
        case whole([UInt8])
    }

    /// The file at `path`, opened once: a named pipe opened a second time would have lost what
    /// its writer put in it in between, and the writer would be cut off. Throws the system's
    /// reason for a file that cannot be opened or read, a directory's included.
    static func load(_ path: String) throws(FileReadError) -> Opened {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadError(errno: errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileReadError(errno: errno) }
        guard (status.st_mode & S_IFMT) != S_IFDIR else { throw FileReadError(errno: EISDIR) }
        guard (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0, let size = Int(exactly: status.st_size)
        else { return .whole(try readToEnd(descriptor)) }
        return .releasable(try ReleasableFileBytes(descriptor: descriptor, size: size))
    }

    private init(descriptor: Int32, size: Int) throws(FileReadError) {
        let pointer = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let pointer, pointer != MAP_FAILED else { throw FileReadError(errno: errno) }
        var filled = 0
        // A file that shrinks while it is read is taken as far as it goes.
        while filled < size {
            let count = read(descriptor, pointer + filled, size - filled)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                let error = FileReadError(errno: errno)
                munmap(pointer, size)
                throw error
            }
            if count == 0 { break }
            filled += count
        }
        mapped = pointer
        mappedCount = size
        bytes = UnsafeRawBufferPointer(start: pointer, count: filled)
    }

    /// Gives back the whole pages inside `range`, which no one will read again.
    func release(_ range: Range<Int>) {
        let page = Self.pageSize
        let start = (range.lowerBound + page - 1) / page * page
        let end = min(range.upperBound, mappedCount) / page * page
        guard start < end else { return }
        _ = madvise(mapped + start, end - start, MADV_DONTNEED)
    }

    deinit {
        munmap(mapped, mappedCount)
    }

    private static let pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))

    /// Everything the file at `path` gives until its end: a regular file, or a pipe
    /// (`/dev/stdin`) read once.
    static func contents(of path: String) throws(FileReadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileReadError(errno: errno) }
        defer { close(descriptor) }
        return try readToEnd(descriptor)
    }

    private static func readToEnd(_ descriptor: Int32) throws(FileReadError) -> [UInt8] {
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw FileReadError(errno: errno) }
            if count == 0 { return contents }
            contents.append(contentsOf: chunk[0..<count])
        }
    }
}

/// Why a file could not be read, in the system's words.
public struct FileReadError: Error, CustomStringConvertible {
    public let description: String

    init(errno code: Int32) {
        description = String(cString: strerror(code))
    }

}
