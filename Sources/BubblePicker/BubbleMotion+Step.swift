import BubblePhysics

// The per-step work on the bubbles' bookkeeping, written outside the generic container.
//
// `BubbleContainer<Content>` is generic over the app's content, and an app's package calls it
// across modules, so its methods run unspecialised: each access to a generic value looks up
// metadata and copies through value witnesses. The loops a step runs over every bubble
// (previous state, animated sizes, grow-in ends, rest) therefore live here, over the
// non-generic `BubbleMotion`, and compile to plain code whatever the content type.

/// The simulated time now and the three animation durations: all the animation math reads.
struct AnimationTiming {
    /// Simulated seconds elapsed (the container's `time`).
    var time: Double
    /// Grow-in, shrink-out and selection-resize durations, seconds.
    var growIn: Double
    var removal: Double
    var selection: Double
    /// The fit policy's scale of every bubble (`BubbleContainer.fitScale`).
    var fitScale: Double = 1

    /// 0 at `start`, 1 after `duration` seconds (1 at once for a zero duration).
    func progress(since start: Double, over duration: Double) -> Double {
        guard duration > 0 else { return 1 }
        let t = (time - start) / duration
        return t < 0 ? 0 : (t > 1 - 1e-9 ? 1 : t)  // the tolerance absorbs rounding of summed steps
    }

    /// 3t² − 2t³ for t in 0...1: eases in and out, no overshoot.
    static func smoothstep(_ t: Double) -> Double { t * t * (3 - 2 * t) }
}

extension BubbleMotion {
    /// Grow-in / shrink-out scale at `timing.time`.
    func scale(_ timing: AnimationTiming) -> Double {
        switch phase {
        case .waiting: return 0
        case .present: return 1
        case .growingIn:
            let t = AnimationTiming.smoothstep(timing.progress(since: phaseStart, over: timing.growIn))
            return PickerConstants.minimumScale + (1 - PickerConstants.minimumScale) * t
        case .removing:
            let t = AnimationTiming.smoothstep(timing.progress(since: phaseStart, over: timing.removal))
            return 1 - (1 - PickerConstants.minimumScale) * t
        }
    }

    /// The layout diameter at `timing.time` (animating between its two sizes), points.
    func diameter(_ timing: AnimationTiming) -> Double {
        let t = timing.progress(since: diameterStart, over: timing.selection)
        return diameterFrom + (diameterTo - diameterFrom) * AnimationTiming.smoothstep(t)
    }

    /// The body's density: the selection state's density over scale², so the mass is that of
    /// the full-size bubble.
    func density(_ timing: AnimationTiming, _ configuration: BubbleContainerConfiguration) -> Double {
        let scale = scale(timing)
        return configuration.density(selected: isSelected) / (scale * scale)
    }

    /// The diameter drawn and simulated at `timing.time`: the layout diameter times the fit
    /// scale (exactly the layout diameter at fit scale 1).
    func fittedDiameter(_ timing: AnimationTiming) -> Double {
        timing.fitScale == 1 ? diameter(timing) : diameter(timing) * timing.fitScale
    }

    /// True while a grow-in, shrink-out or selection size animation runs.
    func isAnimating(_ timing: AnimationTiming) -> Bool {
        phase == .growingIn || phase == .removing || timing.progress(since: diameterStart, over: timing.selection) < 1
    }
}

extension Array where Element == BubbleMotion {
    /// Remembers every bubble's drawn state (a bubble without a body at `anchor`).
    /// - Complexity: O(n).
    mutating func keepPreviousState(in world: World, anchor: Vector2, _ timing: AnimationTiming) {
        for index in indices {
            let center = self[index].body.map { world.position(of: $0) } ?? anchor
            self[index].previous = MotionSample(center: center, diameter: self[index].fittedDiameter(timing),
                                                scale: self[index].scale(timing))
        }
    }

    /// Ends grow-ins that have run their course.
    /// - Complexity: O(n).
    mutating func settleGrowIns(_ timing: AnimationTiming) {
        for index in indices where self[index].phase == .growingIn {
            if timing.progress(since: self[index].phaseStart, over: timing.growIn) >= 1 { self[index].phase = .present }
        }
    }
}

extension World {
    /// Sets each bubble's body radius to `diameter × scale / 2` and its density (see
    /// `BubbleMotion.density`). The mass follows the layout diameter but not the grow-in /
    /// shrink-out scale: a spring field's force does not depend on mass, so a 1%-scale body of
    /// 1/10,000 the mass would be flung across the container in one step. A bubble growing
    /// against a solid border moves in with its rim.
    /// - Complexity: O(n).
    mutating func animate(_ motions: [BubbleMotion], _ timing: AnimationTiming, _ configuration: BubbleContainerConfiguration,
                          inside content: Rect) {
        for motion in motions {
            guard let body = motion.body else { continue }
            let radius = motion.fittedDiameter(timing) * motion.scale(timing) * 0.5
            if radius != self.radius(of: body) {
                bounded(try setRadius(radius, of: body))
                let position = position(of: body), inside = configuration.keptInside(position, radius: radius, in: content)
                if inside != position && configuration.size.hasArea { bounded(try setPosition(withinWorld(inside), of: body)) }
            }
            let density = motion.density(timing, configuration)
            if density != self.body(body).density { bounded(try setDensity(density, of: body)) }
        }
    }
}

/// A position clamped to the world's coordinate limit (a bubble that scrolled far away and is
/// then re-spread by a large resize must not leave the range the world accepts).
func withinWorld(_ point: Vector2) -> Vector2 {
    Vector2(BodyDefinition.coordinateRange.clamped(point.x), BodyDefinition.coordinateRange.clamped(point.y))
}
