import Balloons

/// Label layouts kept from frame to frame: a bubble whose label, size and font are unchanged
/// does not run text layout again. A layout is a pure function of its key, so a cached scene is
/// identical to an uncached one.
///
/// Frames mostly repeat the last one's labels in the same order, so the n-th lookup of a frame is
/// first compared with the n-th of the last (equal strings that share storage compare in O(1));
/// only a label that changed hashes its key.
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
    /// The last frame's lookups in order, and the index of the next lookup this frame.
    var lastFrame: [(key: Key, layout: TextLayout)] = []
    var ordinal = 0

    /// Entries past which the cache starts afresh (bubbles animating through many sizes): four
    /// frames' worth of labels, at least 1,024. Labels that animate (grow-ins, the fit's scale)
    /// miss anyway, so a bigger cache would only hold memory (a layout is a few hundred bytes).
    var limit: Int { max(1_024, 4 * lastFrame.count) }

    /// The layout for `key`, computed by `make` when it is not cached.
    /// - Complexity: O(1) amortised on a hit (one hash of the text), the layout's cost on a miss.
    mutating func layout(_ key: Key, _ make: () -> TextLayout?) -> TextLayout? {
        defer { ordinal += 1 }
        if ordinal < lastFrame.count, lastFrame[ordinal].key == key { return lastFrame[ordinal].layout }
        let found: TextLayout
        if let layout = layouts[key] {
            found = layout
        } else {
            guard let layout = make() else { return nil }
            if layouts.count >= limit { layouts.removeAll(keepingCapacity: true) }
            layouts[key] = layout
            found = layout
        }
        if ordinal < lastFrame.count { lastFrame[ordinal] = (key, found) } else { lastFrame.append((key, found)) }
        return found
    }

    /// Starts a frame's lookups (each compared with the last frame's at the same place).
    mutating func startFrame() {
        if ordinal < lastFrame.count { lastFrame.removeLast(lastFrame.count - ordinal) }
        ordinal = 0
    }
}
