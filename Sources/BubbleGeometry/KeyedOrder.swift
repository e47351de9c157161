/// One stable sort for every "order these items by a key" in the libraries, over plain `Double`
/// keys instead of a comparison closure: each `sorted { … }` with its own closure is compiled into
/// its own copy of the standard library's sort (Embedded Swift specializes every one), while this
/// is compiled once. Callers compute each item's key (integers within ±2^53 are exact as
/// `Double`; negate a key to order it descending) and map the returned positions back.
public enum KeyedOrder {
    /// The positions `0..<primary.count` ordered by ascending `(primary[i], secondary[i])`,
    /// compared like a tuple (the second key decides only where the first ones are equal); equal
    /// keys keep their positions' order (stable). `secondary` empty means all second keys equal.
    /// Keys should not be NaN (a NaN key compares neither below nor above anything).
    /// - Precondition: `secondary` is empty or as long as `primary`.
    /// - Complexity: O(n log n) time, O(n) extra memory.
    @inline(never)
    public static func ascending(_ primary: [Double], _ secondary: [Double] = []) -> [Int] {
        precondition(secondary.isEmpty || secondary.count == primary.count, "KeyedOrder: key arrays differ in length")
        let count = primary.count
        var order = Array(0..<count)
        guard count > 1 else { return order }
        var buffer = order
        var width = 1
        while width < count {
            var low = 0
            while low < count {
                let middle = min(low + width, count), high = min(low + 2 * width, count)
                merge(order, into: &buffer, low: low, middle: middle, high: high, primary, secondary)
                low = high
            }
            swap(&order, &buffer)
            width *= 2
        }
        return order
    }

    /// Merges the sorted runs `low..<middle` and `middle..<high` of `source` into `target`,
    /// taking from the left run on ties.
    private static func merge(_ source: [Int], into target: inout [Int], low: Int, middle: Int, high: Int,
                              _ primary: [Double], _ secondary: [Double]) {
        var left = low, right = middle, out = low
        while left < middle && right < high {
            if precedes(source[right], source[left], primary, secondary) {
                target[out] = source[right]; right += 1
            } else {
                target[out] = source[left]; left += 1
            }
            out += 1
        }
        while left < middle { target[out] = source[left]; left += 1; out += 1 }
        while right < high { target[out] = source[right]; right += 1; out += 1 }
    }

    /// `(primary[a], secondary[a]) < (primary[b], secondary[b])`, as the standard library's
    /// tuple comparison.
    private static func precedes(_ a: Int, _ b: Int, _ primary: [Double], _ secondary: [Double]) -> Bool {
        if primary[a] != primary[b] { return primary[a] < primary[b] }
        return secondary.isEmpty ? false : secondary[a] < secondary[b]
    }
}
