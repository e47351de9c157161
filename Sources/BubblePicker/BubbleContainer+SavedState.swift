import BubblePhysics

/// Saving and restoring a picker: its exact state as text in the package's own format (stdlib
/// only; `Codable` too where the content is `Codable`). A restored picker continues
/// bit-identically: every later step has the same `stateHash()` as in the picker never saved.
///
/// The text is versioned (`bubblepicker-state 1`), line-based and strict: the configuration,
/// the picker's clock, counters, random state and anchor, the pending events, every bubble (its
/// bookkeeping line, then a `content` line with the app's encoding of its content), the pointers
/// down with their gestures, the physics world in logical terms (`World.SavedState`), and a
/// checksum. Numbers are shortest round-trip decimals, so they read back exactly. A corrupt,
/// truncated, foreign or edited text is refused with a `SavedStateError` naming the line and the
/// problem; nothing in it can make the picker trap or step into an invalid state.
///
/// An app that keeps only content and selection can instead re-add its bubbles where they were
/// with `add(_:at:animated:)` (saving `center(of:)` of each).
extension BubbleContainer {
    /// The picker's exact state as text; `content` encodes each bubble's content as any string
    /// (it is escaped onto one line). Pending events are included; the driver's state is not.
    /// - Complexity: O(n + contacts).
    public func savedState(content encode: (Content) -> String) -> String {
        typealias W = StateWriter
        var w = StateWriter()
        w.line(SavedStateFormat.magic, [String(SavedStateFormat.version)])
        w.write(configuration)
        w.line("picker.clock", [W.integer(stepCount), W.number(time), W.number(clock.carriedTime)])
        w.line("picker.ids", [W.integer(nextID), W.integer(oldestLiveHint), W.integer(selectionCounter)])
        w.line("picker.random", [String(random.state), W.optional(lastCorner)])
        w.line("picker.anchor", W.point(anchorCurrent) + W.point(anchorTarget))
        w.line("picker.previousAnchor", previousAnchorPoint.map(W.point) ?? ["-"])
        w.line("picker.spreadReference", [W.number(spreadReference.width), W.number(spreadReference.height)])
        w.line("picker.rest", [W.flag(resting), W.integer(restingSteps), W.flag(wasOverfull)])
        w.line("picker.fit", [W.number(fit.scale), W.number(fit.extra), W.number(fit.offset), W.number(fit.previousOffset),
                              W.number(fit.velocity), W.flag(fit.horizontal)])
        let pending = events
        w.line("picker.events", [W.integer(droppedEventCount), W.integer(pending.count)])
        for event in pending {
            w.line("event", [event.kind.rawValue, W.optional(event.bubble?.rawValue), W.optional(event.tag),
                             W.integer(event.step), event.refusal?.rawValue ?? "-"])
        }
        w.line("picker.bubbles", [W.integer(allBubbles.count)])
        for (bubble, motion) in zip(allBubbles, motions) {
            w.line("bubble", W.fields(bubble, motion))
            w.textLine("content", encode(bubble.content))
        }
        w.line("picker.pointers", [W.integer(pointers.count)])
        for pointer in pointers { w.line("pointer", W.fields(pointer)) }
        w.write(world.savedState)
        return w.finished
    }

    /// A picker in exactly the state `savedState(content:)` wrote; `content` decodes each
    /// bubble's content (nil: it cannot, and the restore fails naming the bubble).
    /// - Throws: `SavedStateError` naming the line and what is wrong: not a saved state, another
    ///   version, truncated, a malformed or out-of-range value, an inconsistency (a bubble
    ///   without its body, a body without its bubble, a duplicate identity, a pointer on an
    ///   unknown bubble, …), content the decoder refuses, or a checksum that does not match.
    /// - Complexity: O(n + contacts).
    public init(savedState text: String, content decode: (String) -> Content?) throws(SavedStateError) {
        var reader = StateReader(text)
        try reader.header()
        let configuration = try reader.configuration()
        do { try self.init(configuration: configuration) } catch { throw .invalid(line: reader.next, InvalidValue(field: "configuration", value: "\(error)", requirement: "must be accepted")) }
        try readPicker(&reader)
        let bubbleLines = try readBubbles(&reader, decode: decode)
        try readPointers(&reader)
        let worldLine = reader.next + 1
        let state = try reader.world(configuration.physics, container: Container(rect: contentRect, solidBorders: configuration.solidBorders))
        do { world = try World(savedState: state) } catch { throw .invalid(line: worldLine, error) }
        try checkBodies(lines: bubbleLines, worldLine: worldLine)
        try reader.finish()
    }

    /// The picker's clock, counters, random state, anchor, rest and pending events.
    private mutating func readPicker(_ reader: inout StateReader) throws(SavedStateError) {
        var f = try reader.fields("picker.clock")
        stepCount = try f.integer("stepCount", in: 0...Int.max)
        time = try f.number("time")
        let carried = try f.number("carriedTime")
        guard carried >= 0 && carried < configuration.physics.timeStep else { throw f.failure("carriedTime", Substring(carried.description), "must be in 0..<timeStep") }
        clock = FixedStepClock(carriedTime: carried)
        try f.end()
        f = try reader.fields("picker.ids")
        nextID = try f.integer("nextID", in: 0...(BubbleID.range.upperBound + 1))
        oldestLiveHint = try f.integer("oldestLiveHint", in: 0...Int.max)
        selectionCounter = try f.integer("selectionCounter", in: 0...Int.max)
        try f.end()
        f = try reader.fields("picker.random")
        random = SplitMix64(seed: try f.unsigned("state"))
        lastCorner = try f.optionalInteger("lastCorner", in: 0...3)
        try f.end()
        f = try reader.fields("picker.anchor")
        let range = BubbleContainerConfiguration.anchorRange
        anchorCurrent = Vector2(try f.number("current.x", in: range), try f.number("current.y", in: range))
        anchorTarget = Vector2(try f.number("target.x", in: range), try f.number("target.y", in: range))
        try f.end()
        f = try reader.fields("picker.previousAnchor")
        previousAnchorPoint = f.absent() ? nil : try f.point("point")
        try f.end()
        f = try reader.fields("picker.spreadReference")
        let side = BubbleContainerConfiguration.sideRange
        spreadReference = Size(width: try f.number("width", in: side), height: try f.number("height", in: side))
        try f.end()
        f = try reader.fields("picker.rest")
        resting = try f.flag("resting")
        restingSteps = try f.integer("restingSteps", in: 0...Int.max)
        wasOverfull = try f.flag("wasOverfull")
        try f.end()
        try readFit(&reader)
        try readEvents(&reader)
    }

    /// The fit policy's scale, content length and scroll (see `FitState`).
    private mutating func readFit(_ reader: inout StateReader) throws(SavedStateError) {
        guard reader.nextIs("picker.fit") else { return }  // saved before fit policies
        var f = try reader.fields("picker.fit")
        fit.scale = try f.number("fitScale", in: SettingRange<Double>("fitScale", 0.01...1))
        fit.extra = try f.number("fitExtra", in: SettingRange<Double>("fitExtra", 0...10_000_000))
        fit.offset = try f.number("scrollOffset", in: BodyDefinition.coordinateRange)
        fit.previousOffset = try f.number("previousScrollOffset", in: BodyDefinition.coordinateRange)
        fit.velocity = try f.number("scrollVelocity", in: SettingRange<Double>("scrollVelocity", -Self.scrollMaxSpeed...Self.scrollMaxSpeed))
        fit.horizontal = try f.flag("scrollsHorizontally")
        try f.end()
    }

    private mutating func readEvents(_ reader: inout StateReader) throws(SavedStateError) {
        var f = try reader.fields("picker.events")
        droppedEventCount = try f.integer("dropped", in: 0...Int.max)
        let count = try f.count("count", limit: Self.maximumPendingEvents)
        try f.end()
        for _ in 0..<count {
            var e = try reader.fields("event")
            let kind = BubbleEvent.Kind(rawValue: try e.choice("kind", BubbleEvent.Kind.allCases.map { $0.rawValue })) ?? .added
            let bubble = try e.optionalInteger("bubble", in: BubbleID.range.bounds).map { BubbleID($0) }
            let tag = try e.optionalInteger("tag")
            let step = try e.integer("step", in: 0...Int.max)
            let refusal: SelectionRefusal? = e.absent() ? nil
                : SelectionRefusal(rawValue: try e.choice("refusal", SelectionRefusal.allCases.map { $0.rawValue }))
            try e.end()
            eventBuffer.append(BubbleEvent(kind: kind, bubble: bubble, tag: tag, step: step, refusal: refusal))
        }
    }

    /// Every bubble and its content; returns each bubble's line (for the body checks).
    private mutating func readBubbles(_ reader: inout StateReader, decode: (String) -> Content?) throws(SavedStateError) -> [Int] {
        var f = try reader.fields("picker.bubbles")
        let count = try f.count("count")
        try f.end()
        var lines: [Int] = []
        lines.reserveCapacity(min(count, reader.remaining))
        for _ in 0..<count {
            var b = try reader.fields("bubble")
            let (bubble, motion) = try StateFields.bubble(&b, nextID: nextID)
            try b.end()
            guard indexByID[bubble.id] == nil else { throw b.failure("id", Substring(String(bubble.id.rawValue)), "must be unique") }
            let text = try reader.text("content")
            guard let content = decode(text) else { throw .content(line: reader.next, bubble: bubble.id) }
            allBubbles.append(Bubble(id: bubble.id, content: content, tag: bubble.tag, isSelected: bubble.isSelected))
            motions.append(motion)
            indexByID[bubble.id] = motions.count - 1
            if motion.phase != .removing {
                liveCount += 1
                if bubble.isSelected { selectedLiveCount += 1 }
            }
            lines.append(b.line)
        }
        guard oldestLiveHint <= count else {
            throw f.failure("count", Substring(String(count)), "must be at least picker.ids.oldestLiveHint \(oldestLiveHint)")
        }
        return lines
    }

    private mutating func readPointers(_ reader: inout StateReader) throws(SavedStateError) {
        var f = try reader.fields("picker.pointers")
        let count = try f.count("count", limit: Self.maximumPointers)
        try f.end()
        for _ in 0..<count {
            var p = try reader.fields("pointer")
            let pointer = try StateFields.pointer(&p)
            try p.end()
            guard pointerIndex(pointer.id) == nil else { throw p.failure("id", Substring(String(pointer.id)), "must be unique") }
            if case .bubble(let drag) = pointer.gesture, indexByID[drag.id] == nil {
                throw p.failure("bubble", Substring(String(drag.id.rawValue)), "must be a bubble in the picker")
            }
            pointers.append(pointer)
        }
    }

    /// Every bubble's body is a live body of the world, no two share one, and the world has no
    /// other body; waiting bubbles have none, shown ones have one.
    private func checkBodies(lines: [Int], worldLine: Int) throws(SavedStateError) {
        var seen: [BodyHandle: Int] = [:]
        for (index, motion) in motions.enumerated() {
            let line = lines[index]
            let shown = motion.phase == .growingIn || motion.phase == .present
            guard let body = motion.body else {
                if shown { throw .invalid(line: line, InvalidValue(field: "bubble.body", value: "-", requirement: "must be a body for a \(motion.phase.rawValue) bubble")) }
                continue
            }
            guard motion.phase != .waiting, world.contains(body), seen[body] == nil else {
                throw .invalid(line: line, InvalidValue(field: "bubble.body", value: body.description, requirement: "must be a live body of the world, one per bubble, none while waiting"))
            }
            seen[body] = index
        }
        guard seen.count == world.bodyCount else {
            throw .invalid(line: worldLine, InvalidValue(field: "world.slots", value: world.bodyCount, requirement: "must hold exactly the bubbles' \(seen.count) bodies"))
        }
    }
}

extension BubbleContainer where Content == DefaultBubble {
    /// The picker's exact state as text, stock bubbles' content included (see
    /// `savedState(content:)`).
    /// - Complexity: O(n + contacts).
    public func savedState() -> String { savedState(content: { $0.savedText }) }

    /// A picker of stock bubbles in exactly the saved state (see `init(savedState:content:)`).
    /// - Throws: `SavedStateError` naming the line and what is wrong.
    public init(savedState text: String) throws(SavedStateError) {
        try self.init(savedState: text, content: { DefaultBubble(savedText: $0) })
    }
}

extension StateReader {
    /// The first line: `bubblepicker-state 1`.
    mutating func header() throws(SavedStateError) {
        guard let first = lines.first, first.hasPrefix(SavedStateFormat.magic + " ") else {
            throw .notSavedState(firstLine: InvalidValue.excerpt(String((lines.first ?? "").prefix(200)), limit: 40))
        }
        let version = first.dropFirst(SavedStateFormat.magic.count + 1)
        guard let number = Int(version) else { throw .notSavedState(firstLine: InvalidValue.excerpt(String(first.prefix(200)), limit: 40)) }
        guard number == SavedStateFormat.version else { throw .unsupportedVersion(number) }
        next = 1
    }
}
