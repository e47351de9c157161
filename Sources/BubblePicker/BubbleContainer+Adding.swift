import BubblePhysics

/// Making and adding bubbles, spawn points, cycling.
extension BubbleContainer {
    /// The lowest identity no bubble in the container has (the counter's fallback once an identity
    /// at the top of `BubbleID.range` was added by hand).
    /// - Complexity: O(n).
    func lowestFreeID() -> Int {
        var used = [Bool](repeating: false, count: motions.count + 1)
        for bubble in allBubbles where bubble.id.rawValue < used.count { used[bubble.id.rawValue] = true }
        return used.firstIndex(of: false) ?? motions.count
    }

    /// Makes a bubble with the next identity (0, 1, 2, …) without adding it. Identities are not
    /// reused, except once the counter has passed the top of `BubbleID.range` (possible only after
    /// adding a hand-made identity near it): then the lowest identity not in the container is issued.
    /// - Complexity: O(1).
    public mutating func makeBubble(_ content: Content, tag: Int? = nil, selected: Bool = false) -> Bubble<Content> {
        // Past the top only after a hand-made top identity: then reuse the lowest free one.
        let id = BubbleID(nextID > BubbleID.range.upperBound ? lowestFreeID() : nextID)
        if nextID <= BubbleID.range.upperBound { nextID += 1 }
        return Bubble(id: id, content: content, tag: tag, isSelected: selected)
    }

    /// Adds a bubble. It appears at the attraction point (`atCenter`) or at a spawn corner
    /// (seeded; never the same corner twice running) and, if `animated`, grows in over
    /// `growInDuration`. In a container without an area it waits and appears once the container
    /// has one. With `maxBubbles` reached, the oldest bubble is removed (animated) first.
    /// A bubble added selected is reported as `added`, then `selected`; `maxSelected` applies to
    /// it (refused: it is added unselected and `selectionRefused` follows `added`;
    /// deselect-oldest: the oldest selection is deselected and reported first).
    /// - Throws: `.duplicateBubble` when a bubble with this identity is in the container
    ///   (including while it shrinks out); `.invalidValue` for an identity outside `BubbleID.range`.
    /// - Complexity: O(1) amortised (O(n) when a deselect-oldest eviction is needed).
    public mutating func add(_ bubble: Bubble<Content>, atCenter: Bool = false, animated: Bool = true) throws(BubbleContainerError) {
        try insert(bubble, spawn: atCenter ? .anchor : .corner, animated: animated)
    }

    /// Adds a bubble at `point` (container points; kept inside the solid borders), without a
    /// spawn animation by default: how an app that saved only its bubbles' content, selection
    /// and centres (`center(of:)`) puts them back where they were. Otherwise as
    /// `add(_:atCenter:animated:)`; no random choice is made, so the spawn corners that follow
    /// are those of a container that never added it.
    /// - Throws: `.duplicateBubble`; `.invalidValue` for an identity outside `BubbleID.range` or
    ///   a coordinate beyond `BodyDefinition.coordinateRange` (NaN and infinities included).
    /// - Complexity: as `add(_:atCenter:animated:)`.
    public mutating func add(_ bubble: Bubble<Content>, at point: Vector2, animated: Bool = false) throws(BubbleContainerError) {
        do {
            try BodyDefinition.coordinateRange.check(point.x, field: "point x")
            try BodyDefinition.coordinateRange.check(point.y, field: "point y")
        } catch {
            throw .invalidValue(error)
        }
        try insert(bubble, spawn: .point(contentPoint(point)), animated: animated)  // view points → content
    }

    mutating func insert(_ bubble: Bubble<Content>, spawn point: SpawnPoint, animated: Bool) throws(BubbleContainerError) {
        do { try BubbleID.range.check(bubble.id.rawValue) } catch { throw .invalidValue(error) }
        guard indexByID[bubble.id] == nil else { throw .duplicateBubble(bubble.id) }
        wake()
        if bubble.id.rawValue >= nextID { nextID = bubble.id.rawValue + 1 }
        enforceMaxBubbles(adding: 1)
        var bubble = bubble
        let refused = bubble.isSelected && !makeRoomForSelection()
        if refused { bubble.isSelected = false }
        let diameter = BubbleContainer.sanitised(bubble.content.diameter(selected: bubble.isSelected))
        if bubble.isSelected { selectionCounter += 1 }
        allBubbles.append(bubble)
        motions.append(BubbleMotion(body: nil, phase: .waiting, phaseStart: time, spawn: point,
                                    animated: animated, isSelected: bubble.isSelected, diameterFrom: diameter,
                                    diameterTo: diameter, diameterStart: time, selectionOrder: selectionCounter,
                                    previous: nil))
        indexByID[bubble.id] = motions.count - 1
        liveCount += 1
        if bubble.isSelected { selectedLiveCount += 1 }
        report(.added, motions.count - 1)
        if bubble.isSelected { report(.selected, motions.count - 1) }
        if refused { reportRefusal(motions.count - 1) }
        if configuration.size.hasArea { spawn(motions.count - 1) }
    }

    /// Makes and adds a bubble in one call (it cannot be a duplicate). Returns its identity.
    /// - Complexity: O(1) amortised.
    @discardableResult
    public mutating func add(content: Content, tag: Int? = nil, selected: Bool = false,
                             atCenter: Bool = false, animated: Bool = true) -> BubbleID {
        let bubble = makeBubble(content, tag: tag, selected: selected)
        do { try add(bubble, atCenter: atCenter, animated: animated) } catch { assertionFailure("fresh identity \(bubble.id): \(error)") }
        return bubble.id
    }

    /// Makes and adds a bubble at `point` (see `add(_:at:animated:)`). Returns its identity, or
    /// nil (adding nothing) for a coordinate beyond `BodyDefinition.coordinateRange`.
    /// - Complexity: O(1) amortised.
    @discardableResult
    public mutating func add(content: Content, tag: Int? = nil, selected: Bool = false, at point: Vector2,
                             animated: Bool = false) -> BubbleID? {
        guard BodyDefinition.coordinateRange.contains(point.x), BodyDefinition.coordinateRange.contains(point.y) else { return nil }
        let bubble = makeBubble(content, tag: tag, selected: selected)
        do { try add(bubble, at: point, animated: animated) } catch { assertionFailure("fresh identity \(bubble.id): \(error)") }
        return bubble.id
    }

    /// A provider's diameter made safe: finite, within `minimumDiameter...maximumDiameter`.
    static func sanitised(_ diameter: Double) -> Double {
        guard diameter.isFinite, diameter > PickerConstants.minimumDiameter else { return PickerConstants.minimumDiameter }
        return diameter < PickerConstants.maximumDiameter ? diameter : PickerConstants.maximumDiameter
    }

    /// Removes the oldest live bubbles so that `adding` more fit under `maxBubbles`.
    /// - Complexity: O(1) amortised: a cursor walks forward over bubbles already leaving.
    mutating func enforceMaxBubbles(adding: Int) {
        guard let limit = configuration.maxBubbles else { return }
        while liveCount + adding > limit && oldestLiveHint < motions.count {
            if motions[oldestLiveHint].phase != .removing { beginRemoval(oldestLiveHint) }
            oldestLiveHint += 1
        }
    }

    /// Creates the body of a waiting bubble at its spawn point.
    mutating func spawn(_ index: Int) {
        let motion = motions[index]
        let diameter = motion.diameterTo
        let scale = motion.animated && configuration.growInDuration > 0 ? PickerConstants.minimumScale : 1
        let radius = diameter * scale * 0.5
        let position: Vector2
        if case .point(let point) = motion.spawn {
            position = withinWorld(configuration.keptInside(point, radius: radius, in: contentRect))
        } else {
            let jitter = Vector2(random.nextUnit() - 0.5, random.nextUnit() - 0.5)
            let base = motion.spawn == .anchor ? anchorPoint : cornerPoint(radius: diameter * 0.5)
            position = withinWorld(configuration.keptInside(base + jitter, radius: radius, in: contentRect))
        }
        let definition = BodyDefinition(position: position, radius: radius,
                                        density: configuration.density(selected: motion.isSelected) / (scale * scale),
                                        resistance: configuration.resistance)
        do {
            motions[index].body = try world.createBody(definition)
        } catch {
            assertionFailure("container bug: \(error)")  // bounded above; in release the bubble keeps waiting
            return
        }
        motions[index].phase = scale < 1 ? .growingIn : .present
        motions[index].phaseStart = time
    }

    /// The next spawn corner (seeded, never the previous one), inset by `radius`.
    mutating func cornerPoint(radius: Double) -> Vector2 {
        var corner: Int
        if let last = lastCorner {
            corner = random.next(below: 3)
            if corner >= last { corner += 1 }
        } else {
            corner = random.next(below: 4)
        }
        lastCorner = corner
        let size = configuration.size
        let x = corner == 0 || corner == 3 ? radius : size.width - radius
        let y = corner < 2 ? radius : size.height - radius
        return Vector2(x, y)
    }

    mutating func spawnWaitingBubbles() {
        for index in motions.indices where motions[index].phase == .waiting { spawn(index) }
    }
}

extension BubbleContainer where Content == DefaultBubble {
    /// Makes and adds a `DefaultBubble` (UEBubblePicker's `createAndAddDefaultBubble`).
    /// - Complexity: O(1) amortised.
    @discardableResult
    public mutating func addDefaultBubble(text: String, imageName: String? = nil, style: BubbleStyle = BubbleStyle(),
                                          tag: Int? = nil, selected: Bool = false, atCenter: Bool = false,
                                          animated: Bool = true) -> BubbleID {
        add(content: DefaultBubble(text: text, imageName: imageName, style: style), tag: tag, selected: selected,
            atCenter: atCenter, animated: animated)
    }
}
