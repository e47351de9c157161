import BubblePhysics

/// The gestures' work: drags, flicks, the anchor target, long presses, the state hash and what
/// a renderer shows of the pointers (the public calls are in `BubbleContainer+Pointers.swift`).
extension BubbleContainer {
    static func unitClamp(_ value: Double) -> Double { value < 0 ? 0 : (value > 1 ? 1 : value) }

    func appendSample(_ sample: PointerSample, into drag: inout BubbleGesture) {
        drag.samples.append(sample)
        if drag.samples.count > PickerConstants.sampleLimit { drag.samples.removeFirst() }
        drag.finger = sample.point
    }

    mutating func beginDrag(_ drag: inout BubbleGesture) {
        guard let index = indexByID[drag.id], let body = motions[index].body else { return }
        drag.isDragging = true
        drag.grabOffset = world.position(of: body) - drag.down.point
        world.setAttracted(false, of: body)
        bounded(try world.setResistance(0, of: body))  // the finger carries it: no drag to make up
    }

    mutating func moveAnchorTarget(_ drag: BackgroundGesture, finger: Vector2) {
        let size = configuration.size
        guard size.hasArea else { return }
        let translation = finger - drag.down.point
        let target = drag.startAnchor + Vector2(translation.x / size.width, translation.y / size.height)
        let range = BubbleContainerConfiguration.anchorRange
        // Huge or overflowing finger travel: held at the anchor range (NaN keeps the old target).
        if !target.x.isNaN { anchorTarget.x = range.clamped(target.x) }
        if !target.y.isNaN { anchorTarget.y = range.clamped(target.y) }
    }

    /// Hands the bubble back to the field with the finger's (capped) velocity at `liftTime`
    /// (the up's time, in the samples' time base).
    mutating func release(_ drag: BubbleGesture, liftTime: Double) {
        guard let index = indexByID[drag.id], let body = motions[index].body else { return }
        rejoinField(body)
        let velocity = releaseVelocity(drag.samples, liftTime: liftTime)
        bounded(try world.setVelocity(capped(velocity, diameter: currentDiameter(motions[index])), of: body))
    }

    /// The finger's velocity at a lift at `liftTime`: its mean velocity over its last
    /// `flickWindow` of motion (samples up to the first of the trailing ones at the last point),
    /// times the share of stillness it has not yet shown: 1 up to `PickerConstants.liftLatency`
    /// after the last move, 0 from `flickWindow` / 2 later (a finger that rested has stopped).
    func releaseVelocity(_ samples: [PointerSample], liftTime: Double) -> Vector2 {
        guard let last = samples.last else { return .zero }
        var moving = samples.count
        while moving > 1 && samples[moving - 2].point == last.point { moving -= 1 }
        let rest = liftTime - samples[moving - 1].time - PickerConstants.liftLatency
        let fade = configuration.flickWindow * 0.5
        let share = rest > 0 ? (rest < fade ? 1 - rest / fade : 0) : 1
        guard share > 0 else { return .zero }
        return flickVelocity(Array(samples[..<moving])) * share
    }

    /// Hands a dragged bubble back to the field with the velocity it has (a cancel, a removal).
    mutating func releaseWithoutFlick(_ drag: BubbleGesture) {
        guard drag.isDragging, let index = indexByID[drag.id], let body = motions[index].body else { return }
        rejoinField(body)
    }

    /// A dragged body becomes a free one again: attracted, with the configured resistance.
    mutating func rejoinField(_ body: BodyHandle) {
        world.setAttracted(true, of: body)
        bounded(try world.setResistance(configuration.resistance, of: body))
    }

    /// Ends every pointer's gesture on this bubble (it becomes a gesture that does nothing; a
    /// dragged body rejoins the field without a flick).
    mutating func endGesture(ifOn id: BubbleID) {
        for index in pointers.indices {
            guard case .bubble(let drag) = pointers[index].gesture, drag.id == id else { continue }
            pointers[index].gesture = .ignored
            releaseWithoutFlick(drag)
        }
    }

    /// Mean finger velocity over the last `flickWindow` seconds of samples: from the oldest
    /// sample that recent (or, when none is, the newest earlier one) to the last. Samples at the
    /// last one's time are passed over, so a repeated timestamp does not zero a flick.
    func flickVelocity(_ samples: [PointerSample]) -> Vector2 {
        guard let last = samples.last, samples.count >= 2 else { return .zero }
        var first = samples[samples.count - 2]
        for sample in samples.dropLast().reversed() where last.time - sample.time <= configuration.flickWindow {
            first = sample
        }
        if !(last.time - first.time > 0), let earlier = samples.dropLast().last(where: { $0.time < last.time }) {
            first = earlier
        }
        let dt = last.time - first.time
        guard dt > 0 else { return .zero }
        let velocity = (last.point - first.point) / dt
        return velocity.isFinite ? velocity : .zero
    }

    /// `velocity` with its length capped at `maxFlickSpeed × diameter`.
    func capped(_ velocity: Vector2, diameter: Double) -> Vector2 {
        let limit = configuration.maxFlickSpeed * diameter
        let speed = velocity.length
        guard speed.isFinite else { return .zero }
        return speed > limit ? velocity * (limit / speed) : velocity
    }

    /// Each step: every dragged body's velocity from an implicit critically damped spring toward
    /// finger + grab offset whose damping is relative to the finger's motion over the step, u
    /// (`fingerVelocity`): v' = (v − h ω² (x − target) + 2 h ω u) / (1 + 2 h ω + h² ω²). With
    /// the finger moving steadily and nothing in the way, v' = u and the body ends the step on
    /// the target (x = target − h u before it); what contacts hold back, the spring takes up.
    mutating func driveDraggedBodies() {
        let h = configuration.physics.timeStep
        let omega = 2 * 3.141592653589793 * configuration.dragFrequency
        for pointer in pointers {
            guard case .bubble(let drag) = pointer.gesture, drag.isDragging,
                  let index = indexByID[drag.id], let body = motions[index].body else { continue }
            let target = drag.finger + drag.grabOffset
            let v = world.velocity(of: body), x = world.position(of: body)
            let lead = fingerVelocity(drag, over: h) * (2 * h * omega)
            let next = (v - (x - target) * (h * omega * omega) + lead) / (1 + 2 * h * omega + h * h * omega * omega)
            bounded(try world.setVelocity(capped(next, diameter: currentDiameter(motions[index])), of: body))
            let heavy = bodyDensity(motions[index]) * PickerConstants.dragMassRatio
            bounded(try world.setDensity(BodyDefinition.densityRange.clamped(heavy), of: body))
        }
    }

    /// The finger's velocity now: its mean velocity over the `h` seconds up to its newest
    /// sample (or up to now, `time`, when that sample is later), between samples moving in
    /// straight lines. The samples' times map onto the container's clock by the offset at the
    /// down (`pressStart − down.time`). Zero once the newest sample is 1.5 `h` old (a still
    /// finger sends none; touches may come at the display's rate); zero when not finite.
    func fingerVelocity(_ drag: BubbleGesture, over h: Double) -> Vector2 {
        guard let newest = drag.samples.last else { return .zero }
        let now = time - (drag.pressStart - drag.down.time)
        guard now - newest.time < 1.5 * h else { return .zero }
        let end = newest.time < now ? newest.time : now
        let velocity = (fingerPoint(drag.samples, at: end) - fingerPoint(drag.samples, at: end - h)) / h
        return velocity.isFinite ? velocity : .zero
    }

    /// Where the samples put the finger at `time` (their time base): on the segment between the
    /// newest sample at or before it and the next one; the first sample before them all, the
    /// newest after them all.
    func fingerPoint(_ samples: [PointerSample], at time: Double) -> Vector2 {
        guard let newest = samples.indices.last(where: { samples[$0].time <= time }) else { return samples.first?.point ?? .zero }
        let from = samples[newest]
        guard newest + 1 < samples.count else { return from.point }
        let to = samples[newest + 1]
        let span = to.time - from.time
        guard span > 0 else { return from.point }
        return from.point + (to.point - from.point) * ((time - from.time) / span)
    }

    /// Each step: fires the long press of every pointer resting on a bubble for
    /// `longPressDuration` (not dragging, not fired yet), in the order the pointers went down.
    mutating func fireLongPresses() {
        guard configuration.longPressAction != .disabled, !pointers.isEmpty else { return }
        var due: [BubbleID] = []
        for index in pointers.indices {
            guard case .bubble(var drag) = pointers[index].gesture, !drag.isDragging, !drag.longPressed,
                  time - drag.pressStart >= configuration.longPressDuration - 1e-9 else { continue }
            drag.longPressed = true
            pointers[index].gesture = .bubble(drag)
            due.append(drag.id)
        }
        for id in due { longPress(id) }
    }

    /// Folds the pointers into the state hash: the first pointer exactly as a single pointer
    /// always hashed (without its identity), then each further pointer with its identity; a
    /// fired long press only when there is one, and the press's start only when it differs from
    /// the down sample's time (callers that pass the container's time, as scenarios do, never
    /// differ). So one-pointer states hash as they always did.
    var gestureHash: UInt64 {
        var hasher = StateHasher()
        guard let first = pointers.first else {
            hasher.combine(UInt64(0))
            return hasher.value
        }
        BubbleContainer.combine(first.gesture, into: &hasher)
        for pointer in pointers.dropFirst() {
            hasher.combine(UInt64(bitPattern: Int64(pointer.id)))
            BubbleContainer.combine(pointer.gesture, into: &hasher)
        }
        return hasher.value
    }

    static func combine(_ gesture: GestureState, into hasher: inout StateHasher) {
        switch gesture {
        case .ignored: hasher.combine(UInt64(1))
        case .background(let drag):
            hasher.combine(UInt64(2))
            for value in [drag.down.point.x, drag.down.point.y, drag.down.time, drag.startAnchor.x, drag.startAnchor.y] {
                hasher.combine(value)
            }
            if let scroll = drag.scroll {
                hasher.combine(scroll.startOffset)
                for sample in scroll.samples { hasher.combine(sample.point.x); hasher.combine(sample.point.y); hasher.combine(sample.time) }
            }
        case .bubble(let drag):
            hasher.combine(UInt64(3) | UInt64(drag.isDragging ? 4 : 0))
            hasher.combine(UInt64(bitPattern: Int64(drag.id.rawValue)))
            for sample in drag.samples { hasher.combine(sample.point.x); hasher.combine(sample.point.y); hasher.combine(sample.time) }
            for value in [drag.grabOffset.x, drag.grabOffset.y, drag.finger.x, drag.finger.y] { hasher.combine(value) }
            if drag.longPressed { hasher.combine(UInt64(8)) }
            if drag.pressStart != drag.down.time { hasher.combine(drag.pressStart) }
        }
    }

    /// Every pointer down as a renderer shows it, in the order they went down (a pointer whose
    /// gesture does nothing is not shown).
    var pointerSnapshots: [PointerSnapshot] {
        pointers.compactMap { pointer in
            switch pointer.gesture {
            case .ignored:
                return nil
            case .bubble(let drag):
                let o = scrollOffset
                return PointerSnapshot(location: drag.finger - o, trail: drag.samples.map { $0.point - o },
                                       target: .bubble(drag.id), isDragging: drag.isDragging, id: pointer.id)
            case .background(let drag):
                return PointerSnapshot(location: drag.trail.last ?? drag.down.point, trail: drag.trail,
                                       target: .background, isDragging: true, id: pointer.id)
            }
        }
    }
}
