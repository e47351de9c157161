import BubbleGeometry
import BubblePhysics
import BubblePicker

/// Adding and changing bubbles (called by `perform(_:)` only).
extension PlaygroundSession {
    /// Adds the next catalogue bubble of `kind` (labels and badges follow fixed catalogues).
    @discardableResult
    mutating func addCatalogue(_ kind: PlaygroundBubbleKind, selected: Bool, atCenter: Bool) -> BubbleID {
        let index = counters.next(kind)
        let content: PlaygroundBubble
        switch kind {
        case .standard: content = .standard(DefaultBubble(text: Genres.name(index)))
        case .badge: content = .badge(Badge.catalogue(index))
        case .small:
            var style = BubbleStyle(minSize: 20, maxSize: 28)
            style.labelFontSize = 9
            content = .standard(DefaultBubble(text: String(index + 1), style: style))
        }
        return driver.picker.add(content: content, tag: kind == .badge ? 1 : 0, selected: selected, atCenter: atCenter)
    }

    /// Adds a bubble by its parts; returns its identity.
    mutating func addSpec(_ spec: PlaygroundBubbleSpec) throws(PlaygroundError) -> Double {
        try spec.validate()
        if let at = spec.at {
            guard let id = driver.picker.add(content: spec.content, tag: spec.tag, selected: spec.selected, at: at) else {
                throw .invalidArgument("at: (\(at.x.description), \(at.y.description)) is beyond the coordinate range")
            }
            return Double(id.rawValue)
        }
        return Double(driver.picker.add(content: spec.content, tag: spec.tag, selected: spec.selected).rawValue)
    }

    /// Largest count one `addRandom` adds.
    static let maximumBatch = 100_000

    /// Adds `count` bubbles numbered in order, sizes uniform in `minSize...maxSize` from a
    /// SplitMix64 seeded with `seed`; returns how many.
    mutating func addRandom(count: Int, seed: UInt64, sizes minSize: Double, _ maxSize: Double) throws(PlaygroundError) -> Double {
        guard count >= 0, count <= Self.maximumBatch else {
            throw .invalidArgument("count: \(count) must be in 0...\(Self.maximumBatch)")
        }
        let range = BubbleStyle.sizeRange
        guard range.contains(minSize), range.contains(maxSize), minSize <= maxSize else {
            throw .invalidArgument("sizes: \(minSize.description)...\(maxSize.description) must lie in \(range.lowerBound.description)...\(range.upperBound.description), smallest first")
        }
        var random = SplitMix64(seed: seed)
        lastAddedIDs.removeAll(keepingCapacity: true)
        for _ in 0..<count {
            let unit = Double(random.next() >> 11) * 0x1p-53
            counters.numbered += 1
            let spec = PlaygroundBubbleSpec(label: String(counters.numbered), size: minSize + (maxSize - minSize) * unit)
            lastAddedIDs.append(driver.picker.add(content: spec.content, tag: 0))
        }
        return Double(count)
    }

    /// Changes a bubble's content and tag in place; 1 when it is there, 0 when not.
    mutating func applyUpdate(_ id: BubbleID, _ update: PlaygroundBubbleUpdate) throws(PlaygroundError) -> Double {
        try update.validate()
        guard let bubble = picker.bubble(id) else { return 0 }
        let content = update.applied(to: bubble.content)
        if content != bubble.content { _ = driver.picker.update(id, content: content) }
        if let tag = update.tag { _ = driver.picker.update(id, tag: tag) }
        return 1
    }
}
