import BubblePhysics

/// The configuration in the saved-state text: seven lines, every setting by name, each checked
/// against its range when read. A setting missing from the text (one added after the text was
/// written) takes its default, `BubbleContainerConfiguration()`'s value.
///
/// Adding a setting is a compatible change: write it on its line with `W.n("name", value)` and
/// read it with the `or:` form of the reader, `c.name = try f.number("name", in: C.nameRange, or: c.name)`
/// (`choice(_:or:)` for an enum). Older texts then read with the default; older readers ignore it.
extension StateWriter {
    mutating func write(_ c: BubbleContainerConfiguration) {
        typealias W = StateWriter
        line("configuration.container", [W.n("width", W.number(c.size.width)), W.n("height", W.number(c.size.height)),
                                         W.n("anchor.x", W.number(c.anchor.x)), W.n("anchor.y", W.number(c.anchor.y)),
                                         W.n("fieldLaw", c.fieldLaw.rawValue), W.n("fieldStrength", W.number(c.fieldStrength)),
                                         W.n("falloffRadius", W.number(c.falloffRadius)), W.n("resistance", W.number(c.resistance)),
                                         W.n("densitySelected", W.number(c.densitySelected)),
                                         W.n("densityUnselected", W.number(c.densityUnselected)),
                                         W.n("horizontalScroll", W.flag(c.horizontalScroll)), W.n("verticalScroll", W.flag(c.verticalScroll))])
        line("configuration.animations", [W.n("growInDuration", W.number(c.growInDuration)),
                                          W.n("selectionDuration", W.number(c.selectionDuration)),
                                          W.n("removalDuration", W.number(c.removalDuration))])
        line("configuration.selection", [W.n("selectionPushSpeed", W.number(c.selectionPushSpeed)),
                                         W.n("selectionPushReach", W.number(c.selectionPushReach)),
                                         W.n("maxSelected", W.optional(c.maxSelected)), W.n("maxSelectedPolicy", c.maxSelectedPolicy.rawValue)])
        line("configuration.cycling", [W.n("maxBubbles", W.optional(c.maxBubbles)), W.n("seed", String(c.seed))])
        line("configuration.gestures", [W.n("backgroundScrollEnabled", W.flag(c.backgroundScrollEnabled)),
                                        W.n("tapMaxDistance", W.number(c.tapMaxDistance)), W.n("tapMaxDuration", W.number(c.tapMaxDuration)),
                                        W.n("flickWindow", W.number(c.flickWindow)), W.n("maxFlickSpeed", W.number(c.maxFlickSpeed)),
                                        W.n("dragFrequency", W.number(c.dragFrequency)), W.n("anchorSmoothing", W.number(c.anchorSmoothing)),
                                        W.n("longPressDuration", W.number(c.longPressDuration)),
                                        W.n("longPressAction", c.longPressAction.rawValue)])
        line("configuration.fit", [W.n("fitPolicy", c.fitPolicy.rawValue), W.n("fitMinimumScale", W.number(c.fitMinimumScale)),
                                   W.n("backgroundDragScrolls", W.flag(c.backgroundDragScrolls))])
        let p = c.physics
        line("configuration.physics", [W.n("timeStep", W.number(p.timeStep)), W.n("substeps", W.integer(p.substeps)),
                                       W.n("contactHertz", W.number(p.contactHertz)),
                                       W.n("contactDampingRatio", W.number(p.contactDampingRatio)),
                                       W.n("pushSpeed", W.number(p.pushSpeed)), W.n("maxSpeed", W.number(p.maxSpeed)),
                                       W.n("elasticity", W.number(p.elasticity)), W.n("speculativeFraction", W.number(p.speculativeFraction)),
                                       W.n("maxStepsPerAdvance", W.integer(p.maxStepsPerAdvance)), W.n("threads", W.integer(p.threads))])
    }
}

extension StateReader {
    /// The configuration: version 1's values in order, version 2's by name, each missing one at
    /// its default.
    mutating func configuration() throws(SavedStateError) -> BubbleContainerConfiguration {
        typealias C = BubbleContainerConfiguration
        var c = C()
        var f = try fields("configuration.container")
        c.size = Size(width: try f.number("width", in: C.sideRange, or: c.size.width),
                      height: try f.number("height", in: C.sideRange, or: c.size.height))
        c.anchor = Vector2(try f.number("anchor.x", in: C.anchorRange, or: c.anchor.x),
                           try f.number("anchor.y", in: C.anchorRange, or: c.anchor.y))
        c.fieldLaw = try f.choice("fieldLaw", or: c.fieldLaw)
        c.fieldStrength = try f.number("fieldStrength", in: C.fieldStrengthRange, or: c.fieldStrength)
        c.falloffRadius = try f.number("falloffRadius", in: C.falloffRadiusRange, or: c.falloffRadius)
        c.resistance = try f.number("resistance", in: C.resistanceRange, or: c.resistance)
        c.densitySelected = try f.number("densitySelected", in: C.densityRange, or: c.densitySelected)
        c.densityUnselected = try f.number("densityUnselected", in: C.densityRange, or: c.densityUnselected)
        c.horizontalScroll = try f.flag("horizontalScroll", or: c.horizontalScroll)
        c.verticalScroll = try f.flag("verticalScroll", or: c.verticalScroll)
        try f.end()
        f = try fields("configuration.animations")
        c.growInDuration = try f.number("growInDuration", in: C.durationRange, or: c.growInDuration)
        c.selectionDuration = try f.number("selectionDuration", in: C.durationRange, or: c.selectionDuration)
        c.removalDuration = try f.number("removalDuration", in: C.durationRange, or: c.removalDuration)
        try f.end()
        f = try fields("configuration.selection")
        c.selectionPushSpeed = try f.number("selectionPushSpeed", in: C.selectionPushSpeedRange, or: c.selectionPushSpeed)
        c.selectionPushReach = try f.number("selectionPushReach", in: C.selectionPushReachRange, or: c.selectionPushReach)
        c.maxSelected = try f.optionalInteger("maxSelected", in: C.maxSelectedRange.bounds, or: c.maxSelected)
        c.maxSelectedPolicy = try f.choice("maxSelectedPolicy", or: c.maxSelectedPolicy)
        try f.end()
        f = try fields("configuration.cycling")
        c.maxBubbles = try f.optionalInteger("maxBubbles", in: C.maxBubblesRange.bounds, or: c.maxBubbles)
        c.seed = try f.unsigned("seed", or: c.seed)
        try f.end()
        try readGestures(into: &c)
        if version >= 2 {
            skipUnknownLines()
            if nextIs("configuration.fit") {
                f = try fields("configuration.fit")
                c.fitPolicy = try f.choice("fitPolicy", or: c.fitPolicy)
                c.fitMinimumScale = try f.number("fitMinimumScale", in: C.fitMinimumScaleRange, or: c.fitMinimumScale)
                c.backgroundDragScrolls = try f.flag("backgroundDragScrolls", or: c.backgroundDragScrolls)
                try f.end()
            }
        } else {
            c.fitPolicy = .none  // version 1 was written before fit policies: it replays as it ran
        }
        try readPhysics(into: &c.physics)
        do { try c.validate() } catch { throw .invalid(line: next, error) }
        return c
    }

    private mutating func readGestures(into c: inout BubbleContainerConfiguration) throws(SavedStateError) {
        typealias C = BubbleContainerConfiguration
        var f = try fields("configuration.gestures")
        c.backgroundScrollEnabled = try f.flag("backgroundScrollEnabled", or: c.backgroundScrollEnabled)
        c.tapMaxDistance = try f.number("tapMaxDistance", in: C.tapMaxDistanceRange, or: c.tapMaxDistance)
        c.tapMaxDuration = try f.number("tapMaxDuration", in: C.tapMaxDurationRange, or: c.tapMaxDuration)
        c.flickWindow = try f.number("flickWindow", in: C.flickWindowRange, or: c.flickWindow)
        c.maxFlickSpeed = try f.number("maxFlickSpeed", in: C.maxFlickSpeedRange, or: c.maxFlickSpeed)
        c.dragFrequency = try f.number("dragFrequency", in: C.dragFrequencyRange, or: c.dragFrequency)
        c.anchorSmoothing = try f.number("anchorSmoothing", in: C.anchorSmoothingRange, or: c.anchorSmoothing)
        c.longPressDuration = try f.number("longPressDuration", in: C.longPressDurationRange, or: c.longPressDuration)
        c.longPressAction = try f.choice("longPressAction", or: c.longPressAction)
        try f.end()
    }

    private mutating func readPhysics(into p: inout WorldConfiguration) throws(SavedStateError) {
        typealias W = WorldConfiguration
        var f = try fields("configuration.physics")
        p.timeStep = try f.number("timeStep", in: W.timeStepRange, or: p.timeStep)
        p.substeps = try f.integer("substeps", in: W.substepsRange.bounds, or: p.substeps)
        p.contactHertz = try f.number("contactHertz", in: W.contactHertzRange, or: p.contactHertz)
        p.contactDampingRatio = try f.number("contactDampingRatio", in: W.contactDampingRatioRange, or: p.contactDampingRatio)
        p.pushSpeed = try f.number("pushSpeed", in: W.pushSpeedRange, or: p.pushSpeed)
        p.maxSpeed = try f.number("maxSpeed", in: W.maxSpeedRange, or: p.maxSpeed)
        p.elasticity = try f.number("elasticity", in: W.elasticityRange, or: p.elasticity)
        p.speculativeFraction = try f.number("speculativeFraction", in: W.speculativeFractionRange, or: p.speculativeFraction)
        p.maxStepsPerAdvance = try f.integer("maxStepsPerAdvance", in: W.maxStepsPerAdvanceRange.bounds, or: p.maxStepsPerAdvance)
        p.threads = try f.integer("threads", in: W.threadsRange.bounds, or: p.threads)
        try f.end()
    }
}
