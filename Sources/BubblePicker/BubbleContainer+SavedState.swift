import BubblePhysics

/// Saving and restoring a picker: its state as text in the package's own format (stdlib only;
/// `Codable` too where the content is `Codable`). A restored picker continues bit-identically:
/// every later step has the same `stateHash()` as the picker never saved — with its pointers
/// cancelled at the moment of saving, because pointers are transient.
///
/// **The format** (`bubblepicker-state 2`) is line-based: a key, then named fields
/// (`name=value`, a list's items as plain words after them): the configuration, the picker's
/// clock, counters, random state and anchor, the pending events, every bubble (its bookkeeping
/// line, then a `content` line with the app's encoding of its content), the physics world in
/// logical terms (`World.SavedState`), and a checksum over everything before it. Numbers are
/// shortest round-trip decimals, so they read back exactly. Lines with keys this version does not
/// know and fields it does not know are ignored; a missing setting takes its default. So a later
/// release that adds a setting still reads today's texts, and today's reader reads its texts
/// (without the setting). Texts of the first format, `bubblepicker-state 1` (positional values),
/// still read.
///
/// **Nothing saved can hurt.** A corrupt, truncated, foreign or edited text is refused with a
/// `SavedStateError` naming the line and the problem. A text that reads is also checked for
/// sense: counters within `0...2^30` (headroom for a billion steps, on 32-bit WebAssembly too),
/// every body a live body of its bubble, ids, contacts and free slots consistent. Three
/// repairs are made, documented here and never silent in effect:
/// - **No pointers.** A restored picker has no fingers down. Saving writes the picker as if
///   `pointerCancel()` ran first (a dragged bubble keeps its velocity and rejoins the field, a
///   dragged anchor springs back inside), and a version-1 text's pointer lines are read, checked
///   and cancelled the same way.
/// - **Bodies inside the solid borders.** A body whose centre lies beyond a solid border is put
///   back inside it (its centre its radius from the border, as `resize(to:)` keeps bubbles
///   inside). A healthy picker never has one, so this changes nothing a picker saved.
/// - **Selection within `maxSelected`.** Beyond the limit (possible only when the limit was
///   lowered after selecting), the latest selections are deselected, animated, each reported by
///   a `deselected` event.
/// Every state that reads steps safely forever: no trap, no NaN, no body outside a solid border.
///
/// An app that keeps only content and selection can instead re-add its bubbles where they were
/// with `add(_:at:animated:)` (saving `center(of:)` of each). With a `BubblePickerDriver`,
/// restore through it (`BubblePickerDriver(restoring:at:content:)` or `restore(from:content:)`),
/// so the next frames continue where the saved ones stopped.
extension BubbleContainer {
    /// The picker's state as text, its pointers cancelled (see above); `content` encodes each
    /// bubble's content as any string (it is escaped onto one line). Pending events are
    /// included; the driver's state is not.
    /// - Complexity: O(n + contacts).
    public func savedState(content encode: (Content) -> String) -> String {
        guard pointers.isEmpty else {
            var cancelled = self
            cancelled.pointerCancel()
            return cancelled.savedState(content: encode)
        }
        var w = StateWriter()
        w.line(SavedStateFormat.magic, [String(SavedStateFormat.version)])
        w.write(configuration)
        w.begin("picker.clock")
        w.put("stepCount", integer: stepCount); w.put("time", number: time); w.put("carriedTime", number: clock.carriedTime)
        w.end()
        w.begin("picker.ids")
        w.put("nextID", integer: nextID); w.put("oldestLiveHint", integer: oldestLiveHint)
        w.put("selectionCounter", integer: selectionCounter)
        w.end()
        w.begin("picker.random")
        w.put("state", String(random.state)); w.put("lastCorner", optional: lastCorner)
        w.end()
        w.begin("picker.anchor")
        w.put("current", point: anchorCurrent); w.put("target", point: anchorTarget)
        w.end()
        w.begin("picker.previousAnchor")
        if let point = previousAnchorPoint { w.put("point", point: point) } else { w.put("point", "-") }
        w.end()
        w.begin("picker.spreadReference")
        w.put("width", number: spreadReference.width); w.put("height", number: spreadReference.height)
        w.end()
        w.begin("picker.rest")
        w.put("resting", flag: resting); w.put("restingSteps", integer: restingSteps); w.put("wasOverfull", flag: wasOverfull)
        w.end()
        w.begin("picker.fit")
        w.put("scale", number: fit.scale); w.put("extra", number: fit.extra)
        w.put("offset", number: fit.offset); w.put("previousOffset", number: fit.previousOffset)
        w.put("velocity", number: fit.velocity); w.put("horizontal", flag: fit.horizontal)
        w.end()
        let pending = events
        w.begin("picker.events")
        w.put("dropped", integer: droppedEventCount); w.put("count", integer: pending.count)
        w.end()
        for event in pending {
            w.begin("event")
            w.put("kind", event.kind.rawValue); w.put("bubble", optional: event.bubble?.rawValue)
            w.put("tag", optional: event.tag); w.put("step", integer: event.step)
            w.put("refusal", event.refusal?.rawValue ?? "-")
            w.end()
        }
        w.begin("picker.bubbles")
        w.put("count", integer: allBubbles.count)
        w.end()
        for (bubble, motion) in zip(allBubbles, motions) {
            w.bubbleLine(bubble, motion)
            w.textLine("content", encode(bubble.content))
        }
        w.write(world.savedState)
        return w.finished
    }

    /// A picker in the state `savedState(content:)` wrote (either format version); `content`
    /// decodes each bubble's content (nil: it cannot, and the restore fails naming the bubble).
    /// The restored picker has no pointers down (see the repairs above).
    /// - Throws: `SavedStateError` naming the line and what is wrong: not a saved state, another
    ///   version, truncated, a malformed or out-of-range value (a counter above 2^30 too), an
    ///   inconsistency (a bubble without its body, a body without its bubble, a duplicate
    ///   identity, a pointer on an unknown bubble, two pointers on one bubble, …), content the
    ///   decoder refuses, or a checksum that does not match.
    /// - Complexity: O(n + contacts).
    public init(savedState text: String, content decode: (String) -> Content?) throws(SavedStateError) {
        var reader = StateReader(text)
        try reader.header()
        let configuration = try reader.configuration()
        do { try self.init(configuration: configuration) } catch { throw .invalid(line: reader.next, InvalidValue(field: "configuration", value: "\(error)", requirement: "must be accepted")) }
        try readPicker(&reader)
        let bubbleLines = try readBubbles(&reader, decode: decode)
        let versionOnePointers = reader.version == 1 ? try readPointers(&reader) : []
        let worldLine = reader.next + 1
        let state = try reader.world(configuration.physics, container: Container(rect: contentRect, solidBorders: configuration.solidBorders))
        do { world = try World(savedState: state) } catch { throw .invalid(line: worldLine, error) }
        try checkBodies(lines: bubbleLines, worldLine: worldLine)
        try reader.finish()
        pointers = versionOnePointers
        pointerCancel()
        keepRestoredBodiesInside()
        trimRestoredSelection()
    }

    /// The picker's clock, counters, random state, anchor, rest and pending events.
    private mutating func readPicker(_ reader: inout StateReader) throws(SavedStateError) {
        var f = try reader.fields("picker.clock")
        let limit = SavedStateFormat.counterLimit
        stepCount = try f.integer("stepCount", in: 0...limit)
        time = try f.number("time")
        let carried = try f.number("carriedTime")
        guard carried >= 0 && carried < configuration.physics.timeStep else { throw f.failure("carriedTime", Substring(carried.description), "must be in 0..<timeStep") }
        clock = FixedStepClock(carriedTime: carried)
        try f.end()
        f = try reader.fields("picker.ids")
        nextID = try f.integer("nextID", in: 0...(BubbleID.range.upperBound + 1))
        oldestLiveHint = try f.integer("oldestLiveHint", in: 0...limit)
        selectionCounter = try f.integer("selectionCounter", in: 0...limit)
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
        previousAnchorPoint = f.absent("point") ? nil : try f.point("point")
        try f.end()
        f = try reader.fields("picker.spreadReference")
        let side = BubbleContainerConfiguration.sideRange
        spreadReference = Size(width: try f.number("width", in: side), height: try f.number("height", in: side))
        try f.end()
        f = try reader.fields("picker.rest")
        resting = try f.flag("resting")
        restingSteps = try f.integer("restingSteps", in: 0...limit)
        wasOverfull = try f.flag("wasOverfull")
        try f.end()
        try readFit(&reader)
        try readEvents(&reader)
    }

    /// The fit policy's scale, content length and scroll (see `FitState`); a version-1 text has
    /// none (it was written before fit policies) and keeps the unfitted state.
    private mutating func readFit(_ reader: inout StateReader) throws(SavedStateError) {
        reader.skipUnknownLines()
        guard reader.nextIs("picker.fit") else { return }
        var f = try reader.fields("picker.fit")
        fit.scale = try f.number("scale", in: SettingRange<Double>("fitScale", 0.01...1))
        fit.extra = try f.number("extra", in: SettingRange<Double>("fitExtra", 0...10_000_000))
        fit.offset = try f.number("offset", in: BodyDefinition.coordinateRange)
        fit.previousOffset = try f.number("previousOffset", in: BodyDefinition.coordinateRange)
        fit.velocity = try f.number("velocity", in: SettingRange<Double>("scrollVelocity", -Self.scrollMaxSpeed...Self.scrollMaxSpeed))
        fit.horizontal = try f.flag("horizontal")
        try f.end()
    }

    private mutating func readEvents(_ reader: inout StateReader) throws(SavedStateError) {
        var f = try reader.fields("picker.events")
        droppedEventCount = try f.integer("dropped", in: 0...SavedStateFormat.counterLimit)
        let count = try f.count("count", limit: Self.maximumPendingEvents)
        try f.end()
        for _ in 0..<count {
            var e = try reader.fields("event")
            let kind = BubbleEvent.Kind(rawValue: try e.choice("kind", BubbleEvent.Kind.allCases.map { $0.rawValue })) ?? .added
            let bubble = try e.optionalInteger("bubble", in: BubbleID.range.bounds).map { BubbleID($0) }
            let tag = try e.optionalInteger("tag")
            let step = try e.integer("step", in: 0...SavedStateFormat.counterLimit)
            let refusal: SelectionRefusal? = e.absent("refusal") ? nil
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
            let (bubble, motion) = try StateFields.bubble(&b, nextID: nextID, counterLimit: SavedStateFormat.counterLimit)
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

    /// A version-1 text's pointers, checked (unique ids, known bubbles, one pointer per bubble,
    /// one on the background), to be cancelled.
    private func readPointers(_ reader: inout StateReader) throws(SavedStateError) -> [ActivePointer] {
        var f = try reader.fields("picker.pointers")
        let count = try f.count("count", limit: Self.maximumPointers)
        try f.end()
        var read: [ActivePointer] = []
        for _ in 0..<count {
            var p = try reader.fields("pointer")
            let pointer = try StateFields.pointer(&p)
            try p.end()
            guard !read.contains(where: { $0.id == pointer.id }) else { throw p.failure("id", Substring(String(pointer.id)), "must be unique") }
            switch pointer.gesture {
            case .bubble(let drag):
                guard indexByID[drag.id] != nil else {
                    throw p.failure("bubble", Substring(String(drag.id.rawValue)), "must be a bubble in the picker")
                }
                let held = read.contains { if case .bubble(let other) = $0.gesture { return other.id == drag.id } else { return false } }
                guard !held else { throw p.failure("bubble", Substring(String(drag.id.rawValue)), "must not be held by another pointer") }
            case .background:
                guard !read.contains(where: { $0.gesture.isBackground }) else {
                    throw p.failure("gesture", "background", "must not be a second pointer on the background")
                }
            case .ignored:
                break
            }
            read.append(pointer)
        }
        return read
    }

    /// Puts every body whose centre lies beyond a solid border back inside it (see the repairs).
    private mutating func keepRestoredBodiesInside() {
        let rect = contentRect, borders = configuration.solidBorders  // the scrolled content's, when it scrolls
        guard rect.size.hasArea else { return }
        for index in motions.indices {
            guard let body = motions[index].body else { continue }
            let p = world.position(of: body)
            let outside = (borders.contains(.left) && p.x < rect.minX) || (borders.contains(.right) && p.x > rect.maxX)
                || (borders.contains(.top) && p.y < rect.minY) || (borders.contains(.bottom) && p.y > rect.maxY)
            guard outside else { continue }
            let inside = configuration.keptInside(p, radius: world.radius(of: body), in: rect)
            bounded(try world.setPosition(withinWorld(inside), of: body))
        }
    }

    /// Deselects the latest selections beyond `maxSelected` (see the repairs).
    private mutating func trimRestoredSelection() {
        guard let limit = configuration.maxSelected, selectedLiveCount > limit else { return }
        let selected = motions.indices.filter { motions[$0].phase != .removing && allBubbles[$0].isSelected }
        // By (selectionOrder, index) descending: the keys negated.
        let latest = KeyedOrder.ascending(selected.map { -Double(motions[$0].selectionOrder) }, selected.map { -Double($0) })
        _ = commit(deselect: latest.prefix(selectedLiveCount - limit).map { selected[$0] }, select: [])
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
    /// The first line: `bubblepicker-state 2` (or 1).
    mutating func header() throws(SavedStateError) {
        guard let first = lines.first, first.hasPrefix(SavedStateFormat.magic + " ") else {
            throw .notSavedState(firstLine: InvalidValue.excerpt(String((lines.first ?? "").prefix(200)), limit: 40))
        }
        let word = first.dropFirst(SavedStateFormat.magic.count + 1)
        guard let number = Int(word) else { throw .notSavedState(firstLine: InvalidValue.excerpt(String(first.prefix(200)), limit: 40)) }
        guard number >= 1 && number <= SavedStateFormat.version else { throw .unsupportedVersion(number) }
        version = number
        next = 1
    }
}
