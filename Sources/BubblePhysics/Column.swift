/// A growable buffer of plain values with one owner (`WorldStorage`): one allocation, freed
/// with the column, never shared, so it has no copy-on-write of its own (the storage has).
///
/// Elements a column gains by `resize(to:)` are left as the allocator gives them: a column of
/// step scratch is written before it is read, and skipping the fill keeps it off the calling
/// thread (its pages are first touched by the passes that write them, on every thread).
struct Column<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>?
    /// Elements in use.
    private(set) var count = 0
    /// Elements the allocation holds.
    private(set) var capacity = 0

    /// An empty column (no allocation).
    init() {}

    /// `count` copies of `value`.
    init(repeating value: Element, count: Int) {
        resize(to: count)
        buffer.initialize(repeating: value)
    }

    deinit { base?.deallocate() }

    /// The elements in use, valid until the column next changes its capacity. Indexing it is
    /// checked in debug builds.
    var buffer: UnsafeMutableBufferPointer<Element> { UnsafeMutableBufferPointer(start: base, count: count) }

    /// The element at `index` (checked in debug builds).
    subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }

    /// Makes room for `capacity` elements in all, keeping the elements in use.
    /// - Complexity: O(count) when it reallocates.
    mutating func reserve(_ capacity: Int) {
        precondition(capacity >= 0, "negative capacity")
        guard capacity > self.capacity else { return }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        if let base {
            grown.update(from: base, count: count)
            base.deallocate()
        }
        base = grown
        self.capacity = capacity
    }

    /// Sets the count; elements gained are uninitialized (see the type's note). Grows by at
    /// least an eighth when it reallocates, so a column resized to similar counts settles.
    /// - Complexity: O(count) when it reallocates, else O(1).
    mutating func resize(to count: Int) {
        if count > capacity { reserve(max(count, capacity + capacity / 8)) }
        self.count = count
    }

    /// Appends `element`, doubling the capacity when full.
    /// - Complexity: O(1) amortised.
    mutating func append(_ element: Element) {
        if count == capacity { reserve(max(16, 2 * capacity)) }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    /// Appends every element of `elements`.
    /// - Complexity: O(elements).
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        let start = count
        if start + elements.count > capacity { reserve(max(start + elements.count, 2 * capacity)) }
        count = start + elements.count
        _ = UnsafeMutableBufferPointer(rebasing: buffer[start...]).initialize(fromContentsOf: elements)
    }

    /// Removes and returns the last element.
    /// - Precondition: the column is not empty.
    mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast on an empty column")
        count -= 1
        return base.unsafelyUnwrapped[count]
    }

    /// Empties the column, keeping its allocation.
    mutating func removeAll() { count = 0 }

    /// Empties the column and frees its allocation.
    mutating func release() {
        base?.deallocate()
        base = nil
        count = 0
        capacity = 0
    }

    /// A column holding the same elements (capacity: the count).
    /// - Complexity: O(count).
    func copy() -> Column {
        var copy = Column()
        copy.resize(to: count)
        if count > 0 { copy.base.unsafelyUnwrapped.update(from: base.unsafelyUnwrapped, count: count) }
        return copy
    }

    /// The elements as an array (for tests and diagnostics).
    var array: [Element] { Array(buffer) }
}
