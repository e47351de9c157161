import Balloons

/// Label layouts kept from frame to frame: a bubble whose label, size and font are unchanged
/// does not run text layout again. A layout is a pure function of its key, so a cached scene is
/// identical to an uncached one.
struct LabelLayoutCache: Sendable {
    struct Key: Hashable, Sendable {
        var text: String
        var radius: Double
        var offset: Double
        var margin: Double
        var style: TextStyle
        var fontFamily: String
    }

    var layouts: [Key: TextLayout] = [:]

    /// Entries past which the cache starts afresh (bubbles animating through many sizes).
    static let limit = 16_384

    /// The layout for `key`, computed by `make` when it is not cached.
    /// - Complexity: O(1) amortised on a hit (one hash of the text), the layout's cost on a miss.
    mutating func layout(_ key: Key, _ make: () -> TextLayout?) -> TextLayout? {
        if let layout = layouts[key] { return layout }
        guard let layout = make() else { return nil }
        if layouts.count >= Self.limit { layouts.removeAll(keepingCapacity: true) }
        layouts[key] = layout
        return layout
    }
}
