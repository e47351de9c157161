import BubblePhysics

/// Changing settings mid-run: every field takes effect at once.
extension BubbleContainer {
    /// Replaces the configuration. Size changes re-spread the bubbles proportionally and keep
    /// them inside (as does a content that the fit policy shortens); a new anchor is used at once; densities and resistance apply to every
    /// bubble; a lower `maxBubbles` removes the oldest surplus (animated); a new seed reseeds
    /// the spawn generator. `maxSelected` only limits later selections.
    /// - Throws: `.invalidValue` (and changes nothing) naming the first setting out of range.
    /// - Complexity: O(n) when the size, densities, resistance or borders change, else O(1).
    public mutating func setConfiguration(_ new: BubbleContainerConfiguration) throws(BubbleContainerError) {
        do { try new.validate() } catch { throw .invalidValue(error) }
        let old = configuration
        let oldContent = contentRect, oldHorizontal = fit.horizontal
        if new != old { wake() }
        configuration = new
        if new.seed != old.seed {
            random = SplitMix64(seed: new.seed)
            lastCorner = nil
        }
        if new.anchor != old.anchor { moveAnchorNow(to: new.anchor) }
        bounded(try world.setConfiguration(new.physics))
        bounded(try world.setContainer(BubbleContainer.container(for: new)))
        bounded(try world.setField(BubbleContainer.field(for: new, anchor: anchorCurrent)))
        if new.fitPolicy != .none || !fit.isIdentity {
            if BubbleContainer.changesFit(from: old, to: new) { snapFit() } else { applyContent() }
        }
        if new.size != old.size {
            let viewRect = Rect(origin: .zero, size: old.size)
            if oldContent != viewRect || contentRect != Rect(origin: .zero, size: new.size), old.size.hasArea, new.size.hasArea {
                respreadContent(from: oldContent, to: contentRect, transpose: oldHorizontal != fit.horizontal)
            } else {
                respread(from: old.size, to: new.size)
            }
        }
        if new.size != old.size || new.solidBorders != old.solidBorders || BubbleContainer.shrinks(from: oldContent, to: contentRect) {
            keepBodiesInside()
        }
        if new.densitySelected != old.densitySelected || new.densityUnselected != old.densityUnselected
            || new.resistance != old.resistance {
            refreshBodies()
        }
        enforceMaxBubbles(adding: 0)
    }

    /// Resizes the container (a rotation): the anchor follows, bubbles are moved proportionally
    /// and kept inside the solid borders. A zero size is legal; bubbles then wait.
    /// - Throws: `.invalidValue` for a side that is negative, not finite or above
    ///   `BubbleContainerConfiguration.sideRange`.
    public mutating func resize(to size: Size) throws(BubbleContainerError) {
        var new = configuration
        new.size = size
        try setConfiguration(new)
    }

    /// Moves the attraction anchor (a fraction of the size) at once.
    /// - Throws: `.invalidValue` for a component outside `BubbleContainerConfiguration.anchorRange`.
    public mutating func setAnchor(_ anchor: Vector2) throws(BubbleContainerError) {
        var new = configuration
        new.anchor = anchor
        try setConfiguration(new)
    }

    /// The anchor in use, as a fraction of the size. Three names, one anchor:
    /// `configuration.anchor` is where it rests (what settings and a background drag's release
    /// set), `currentAnchor` is where it is now (it differs while the background is dragged or
    /// the anchor springs back), and `anchorPoint` is `currentAnchor` in points.
    public var currentAnchor: Vector2 { anchorCurrent }

    /// The attraction point in points: `currentAnchor` scaled by the size.
    public var anchorPoint: Vector2 {
        Vector2(anchorCurrent.x * configuration.size.width, anchorCurrent.y * configuration.size.height)
    }

    mutating func moveAnchorNow(to anchor: Vector2) {
        anchorCurrent = anchor
        anchorTarget = anchor
        for index in pointers.indices {
            guard case .background(var drag) = pointers[index].gesture else { continue }
            drag.startAnchor = anchor
            pointers[index].gesture = .background(drag)
        }
    }

    /// Moves every body proportionally to a new size, then inside the solid borders; spawns
    /// waiting bubbles when the container first gets an area.
    mutating func respread(from old: Size, to new: Size) {
        guard new.hasArea else { return }
        let reference = old.hasArea ? old : spreadReference
        spreadReference = new
        if reference.hasArea {
            // Bounded scale: a container that was 5e-324 pt wide must not give an infinite one.
            let sx = BubbleContainer.respreadScale(new.width / reference.width)
            let sy = BubbleContainer.respreadScale(new.height / reference.height)
            for index in motions.indices {
                guard let body = motions[index].body else { continue }
                let p = world.position(of: body)
                bounded(try world.setPosition(withinWorld(Vector2(p.x * sx, p.y * sy)), of: body))
            }
        }
        spawnWaitingBubbles()
    }

    /// Moves every body inside the solid borders at once (after a resize or a border closing).
    mutating func keepBodiesInside() {
        guard configuration.size.hasArea else { return }
        for index in motions.indices {
            guard let body = motions[index].body else { continue }
            let position = world.position(of: body)
            let inside = configuration.keptInside(position, radius: world.radius(of: body), in: contentRect)
            if inside != position { bounded(try world.setPosition(withinWorld(inside), of: body)) }
        }
    }

    /// A re-spread scale factor kept within 1e-9…1e9 (finite whatever the old and new sizes).
    static func respreadScale(_ scale: Double) -> Double {
        scale > 1e9 ? 1e9 : (scale >= 1e-9 ? scale : 1e-9)
    }

    /// Re-applies density to every body and resistance to every body not dragged (a dragged
    /// one has none until released).
    mutating func refreshBodies() {
        for index in motions.indices {
            guard let body = motions[index].body else { continue }
            bounded(try world.setDensity(bodyDensity(motions[index]), of: body))
            if !isDragged(allBubbles[index].id) { bounded(try world.setResistance(configuration.resistance, of: body)) }
        }
    }
}
