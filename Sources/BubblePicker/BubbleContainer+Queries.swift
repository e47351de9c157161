import BubblePhysics

/// Queries (live bubbles only, in insertion order; leaving bubbles are excluded) and the frame.
extension BubbleContainer {
    /// Every live bubble, in insertion order.
    public var bubbles: [Bubble<Content>] { bubbles { _ in true } }
    /// Every live selected bubble, in insertion order.
    /// - Complexity: O(n).
    public var selectedBubbles: [Bubble<Content>] { bubbles { $0.isSelected } }
    /// Every live unselected bubble, in insertion order.
    /// - Complexity: O(n).
    public var unselectedBubbles: [Bubble<Content>] { bubbles { !$0.isSelected } }
    /// Number of live bubbles.
    /// - Complexity: O(1).
    public var count: Int { liveCount }

    /// Every live bubble with this tag, in insertion order.
    /// - Complexity: O(n).
    public func bubbles(withTag tag: Int) -> [Bubble<Content>] { bubbles { $0.tag == tag } }

    /// Every live bubble matching the predicate (called once per bubble, in insertion order).
    /// - Complexity: O(n) plus the predicate's cost.
    public func bubbles(where predicate: (Bubble<Content>) -> Bool) -> [Bubble<Content>] {
        motions.indices.compactMap { motions[$0].phase != .removing && predicate(allBubbles[$0]) ? allBubbles[$0] : nil }
    }

    /// The live bubble with this identity, or nil.
    public func bubble(_ id: BubbleID) -> Bubble<Content>? {
        guard let index = indexByID[id], motions[index].phase != .removing else { return nil }
        return allBubbles[index]
    }

    /// True when a live bubble has this identity.
    public func contains(_ id: BubbleID) -> Bool { bubble(id) != nil }

    /// The centre of a bubble in points (nil when unknown or still waiting for a size).
    public func center(of id: BubbleID) -> Vector2? {
        guard let body = motion(id)?.body else { return nil }
        return world.position(of: body) - scrollOffset
    }

    /// Hit test: among live bubbles whose drawn circle contains `point`, the one whose centre
    /// is nearest; on a tie the later-added one (drawn on top). Nil on the background.
    /// `interpolation` is the fraction the frame on screen was drawn at (see
    /// `frame(interpolation:)`): the test runs against those circles, so a touch hits what is
    /// drawn under it; 1 (the default) tests the state after the last step.
    /// - Complexity: O(n).
    public func bubble(at point: Vector2, interpolation: Double = 1) -> Bubble<Content>? {
        hitIndex(contentPoint(point), interpolation: interpolation).map { allBubbles[$0] }
    }

    func hitIndex(_ point: Vector2, interpolation: Double = 1) -> Int? {
        guard point.isFinite else { return nil }
        let t = BubbleContainer.clampedFraction(interpolation)
        var best: Int? = nil
        var bestDistance = Double.infinity
        for index in motions.indices where motions[index].phase != .removing {
            guard let body = motions[index].body else { continue }
            var center = world.position(of: body), radius = world.radius(of: body)
            if t < 1, motions[index].previous != nil {
                let drawn = drawnCircle(index, interpolation: t)
                center = drawn.center
                radius = drawn.diameter * drawn.scale * 0.5
            }
            let distanceSquared = (center - point).lengthSquared
            if distanceSquared <= radius * radius && distanceSquared <= bestDistance {
                best = index
                bestDistance = distanceSquared
            }
        }
        return best
    }

    /// A frame fraction clamped to 0...1; a non-finite one is 1 (the state now).
    static func clampedFraction(_ fraction: Double) -> Double {
        fraction.isFinite ? (fraction < 0 ? 0 : (fraction > 1 ? 1 : fraction)) : 1
    }

    /// The layout diameter of a bubble now (animating between its two sizes).
    func currentDiameter(_ motion: BubbleMotion) -> Double { motion.diameter(timing) }

    /// A frame for renderers: every bubble (waiting ones at the anchor with scale 0, leaving
    /// ones shrinking), in insertion order, with the container's geometry.
    /// - Complexity: O(n).
    public func frame() -> BubbleFrame {
        frame(interpolation: 1)
    }

    /// A frame `fraction` of the way from the state before the last step to the state now
    /// (positions, diameters, scales and the attraction point blended linearly; 1 = now). Pass
    /// the fraction `advance(by:)` returned, so a display faster than the step rate moves
    /// smoothly instead of holding each step for several refreshes. Fractions are clamped to
    /// 0...1; a non-finite one gives the state now. Selection, phase and appearance are those
    /// of now.
    /// - Complexity: O(n).
    public func frame(interpolation fraction: Double) -> BubbleFrame {
        let t = BubbleContainer.clampedFraction(fraction)
        var anchor = anchorPoint
        if let previous = previousAnchorPoint, t < 1 { anchor = Vector2.lerp(previous, anchor, t) }
        let pointers = pointerSnapshots
        let offset = interpolatedScrollOffset(t)
        let content = scrolledExtent
        var frame = BubbleFrame(step: stepCount, time: time, container: Rect(origin: .zero, size: configuration.size),
                                solidBorders: configuration.solidBorders, anchorPoint: anchor - offset,
                                bubbles: motions.indices.map { snapshot($0, interpolation: t, offset: offset) },
                                pointer: pointers.first, pointers: pointers)
        frame.scrollOffset = offset
        frame.content = Rect(x: content.minX - offset.x, y: content.minY - offset.y, width: content.width, height: content.height)
        frame.fitScale = fit.scale
        return frame
    }

    func snapshot(_ index: Int, interpolation t: Double = 1, offset: Vector2 = .zero) -> BubbleSnapshot {
        let motion = motions[index], bubble = allBubbles[index]
        let drawn = drawnCircle(index, interpolation: t)
        return BubbleSnapshot(id: bubble.id, tag: bubble.tag, center: drawn.center - offset,
                              diameter: drawn.diameter, scale: drawn.scale,
                              isSelected: bubble.isSelected, phase: motion.phase,
                              isDragged: isDragged(bubble.id),
                              appearance: bubble.content.appearance(selected: bubble.isSelected))
    }

    /// Where and how large bubble `index` is drawn `t` of the way from its state before the last
    /// step to now.
    func drawnCircle(_ index: Int, interpolation t: Double) -> MotionSample {
        let motion = motions[index]
        var center = motion.body.map { world.position(of: $0) } ?? anchorPoint
        var diameter = motion.fittedDiameter(timing)
        // A bubble that never got a body was never shown: it has no size (no ghost at the anchor).
        var scale = motion.body == nil ? 0 : scale(motion)
        if t < 1, let previous = motion.previous {
            center = Vector2.lerp(previous.center, center, t)
            diameter = previous.diameter + (diameter - previous.diameter) * t
            scale = previous.scale + (scale - previous.scale) * t
        }
        return MotionSample(center: center, diameter: diameter, scale: scale)
    }

    /// A hash of the exact state: the world's bodies plus every bubble's identity, tag,
    /// selection, phase and animation times, the anchor, the gesture and the random state.
    public func stateHash() -> UInt64 {
        var hasher = StateHasher()
        hasher.combine(world.stateHash())
        hasher.combine(UInt64(stepCount))
        hasher.combine(time)
        for (bubble, motion) in zip(allBubbles, motions) {
            hasher.combine(UInt64(bitPattern: Int64(bubble.id.rawValue)))
            hasher.combine(UInt64(bitPattern: bubble.tag.map { Int64($0) } ?? Int64.min))  // Int64: the same on 32-bit wasm
            hasher.combine(UInt64(bubble.isSelected ? 1 : 0))
            hasher.combine(UInt64(motion.phase.hashCode))
            hasher.combine(motion.phaseStart)
            hasher.combine(motion.diameterFrom)
            hasher.combine(motion.diameterTo)
            hasher.combine(motion.diameterStart)
            hasher.combine(UInt64(bitPattern: Int64(motion.selectionOrder)))
        }
        for value in [anchorCurrent.x, anchorCurrent.y, anchorTarget.x, anchorTarget.y] { hasher.combine(value) }
        hasher.combine(random.state)
        hasher.combine(UInt64(bitPattern: Int64(lastCorner ?? -1)))
        hasher.combine(UInt64(bitPattern: Int64(nextID)))
        hasher.combine(gestureHash)
        hasher.combine(UInt64(resting ? 1 : 0) | UInt64(restingSteps > 0 ? 2 : 0))
        if !fit.isIdentity {  // only then: a picker that never fits hashes as before fit policies
            for value in [fit.scale, fit.extra, fit.offset, fit.previousOffset, fit.velocity] { hasher.combine(value) }
        }
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

/// Capacity: how much of the container the bubbles need.
extension BubbleContainer {
    /// Fill above which the container reports `overfull`: 0.8 (equal circles pack at most 0.91
    /// of a plane, and walls and mixed sizes leave less).
    public static var overfullFraction: Double { 0.8 }

    /// The live bubbles' area (at their target sizes: selected ones grown) over the container's
    /// area; 0 for a container without an area (bubbles wait). Above `overfullFraction` the
    /// bubbles cannot all lie without overlapping: the picker then reports `overfull`.
    /// - Complexity: O(n).
    public var fillFraction: Double {
        let size = configuration.size
        guard size.hasArea else { return 0 }
        var area = 0.0
        for motion in motions where motion.phase != .removing {
            area += 0.7853981633974483 * motion.diameterTo * motion.diameterTo
        }
        return area / size.area
    }

    /// True while `fillFraction` is above `overfullFraction`.
    public var isOverfull: Bool { fillFraction > Self.overfullFraction }

    /// Reports `overfull` / `fits` when the state changes (checked after every step).
    mutating func reportCapacity() {
        let overfull = isOverfull
        guard overfull != wasOverfull else { return }
        wasOverfull = overfull
        report(overfull ? .overfull : .fits)
    }
}
