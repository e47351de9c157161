import BubblePhysics

/// Queries (live bubbles only, in insertion order; leaving bubbles are excluded) and the frame.
extension BubbleContainer {
    /// Every live bubble, in insertion order.
    public var bubbles: [Bubble] { bubbles { _ in true } }
    public var selectedBubbles: [Bubble] { bubbles { $0.isSelected } }
    public var unselectedBubbles: [Bubble] { bubbles { !$0.isSelected } }
    /// Number of live bubbles.
    public var count: Int { records.reduce(0) { $0 + ($1.phase == .removing ? 0 : 1) } }

    public func bubbles(withTag tag: Int) -> [Bubble] { bubbles { $0.tag == tag } }

    public func bubbles(where predicate: (Bubble) -> Bool) -> [Bubble] {
        records.compactMap { $0.phase != .removing && predicate($0.bubble) ? $0.bubble : nil }
    }

    /// The live bubble with this identity, or nil.
    public func bubble(_ id: BubbleID) -> Bubble? {
        guard let record = record(id), record.phase != .removing else { return nil }
        return record.bubble
    }

    /// True when a live bubble has this identity.
    public func contains(_ id: BubbleID) -> Bool { bubble(id) != nil }

    /// The centre of a bubble in points (nil when unknown or still waiting for a size).
    public func center(of id: BubbleID) -> Vector2? {
        guard let body = record(id)?.body else { return nil }
        return world.position(of: body)
    }

    /// Hit test: among live bubbles whose drawn circle contains `point`, the one whose centre
    /// is nearest; on a tie the later-added one (drawn on top). Nil on the background.
    public func bubble(at point: Vector2) -> Bubble? {
        hitIndex(point).map { records[$0].bubble }
    }

    func hitIndex(_ point: Vector2) -> Int? {
        guard point.isFinite else { return nil }
        var best: Int? = nil
        var bestDistance = Double.infinity
        for index in records.indices where records[index].phase != .removing {
            guard let body = records[index].body else { continue }
            let distanceSquared = (world.position(of: body) - point).lengthSquared
            let radius = world.radius(of: body)
            if distanceSquared <= radius * radius && distanceSquared <= bestDistance {
                best = index
                bestDistance = distanceSquared
            }
        }
        return best
    }

    /// The layout diameter of a bubble now (animating between its two sizes).
    func currentDiameter(_ record: BubbleRecord) -> Double {
        let t = progress(since: record.diameterStart, over: configuration.selectionDuration)
        return record.diameterFrom + (record.diameterTo - record.diameterFrom) * BubbleContainer.smoothstep(t)
    }

    /// A frame for renderers: every bubble (waiting ones at the anchor with scale 0, leaving
    /// ones shrinking), in insertion order.
    public func frame() -> BubbleFrame {
        BubbleFrame(step: stepCount, time: time, size: configuration.size, anchorPoint: anchorPoint,
                    bubbles: records.map(snapshot))
    }

    func snapshot(_ record: BubbleRecord) -> BubbleSnapshot {
        let center = record.body.map { world.position(of: $0) } ?? anchorPoint
        return BubbleSnapshot(id: record.bubble.id, tag: record.bubble.tag, center: center,
                              diameter: currentDiameter(record), scale: scale(record),
                              isSelected: record.bubble.isSelected, phase: record.phase,
                              isDragged: isDragged(record.bubble.id),
                              appearance: record.bubble.content.appearance(selected: record.bubble.isSelected))
    }

    /// A hash of the exact state: the world's bodies plus every bubble's identity, tag,
    /// selection, phase and animation times, the anchor, the gesture and the random state.
    public func stateHash() -> UInt64 {
        var hasher = StateHasher()
        hasher.combine(world.stateHash())
        hasher.combine(UInt64(stepCount))
        hasher.combine(time)
        for record in records {
            hasher.combine(UInt64(bitPattern: Int64(record.bubble.id.rawValue)))
            hasher.combine(UInt64(bitPattern: Int64(record.bubble.tag ?? Int.min)))
            hasher.combine(UInt64(record.bubble.isSelected ? 1 : 0))
            hasher.combine(UInt64(record.phase.hashCode))
            hasher.combine(record.phaseStart)
            hasher.combine(record.diameterFrom)
            hasher.combine(record.diameterTo)
            hasher.combine(record.diameterStart)
            hasher.combine(UInt64(bitPattern: Int64(record.selectionOrder)))
        }
        for value in [anchorCurrent.x, anchorCurrent.y, anchorTarget.x, anchorTarget.y] { hasher.combine(value) }
        hasher.combine(random.state)
        hasher.combine(UInt64(bitPattern: Int64(lastCorner ?? -1)))
        hasher.combine(UInt64(bitPattern: Int64(nextID)))
        hasher.combine(gestureHash)
        return hasher.value
    }
}

extension BubblePhase {
    var hashCode: Int {
        switch self {
        case .waiting: 0
        case .growingIn: 1
        case .present: 2
        case .removing: 3
        }
    }
}
