import BubblePhysics

/// The configuration in the saved-state text: seven lines, every setting by name, each checked
/// against its range when read.
extension StateWriter {
    mutating func write(_ c: BubbleContainerConfiguration) {
        typealias W = StateWriter
        line("configuration.container", [W.number(c.size.width), W.number(c.size.height), W.number(c.anchor.x), W.number(c.anchor.y),
                                         c.fieldLaw.rawValue, W.number(c.fieldStrength), W.number(c.falloffRadius),
                                         W.number(c.resistance), W.number(c.densitySelected), W.number(c.densityUnselected),
                                         W.flag(c.horizontalScroll), W.flag(c.verticalScroll)])
        line("configuration.animations", [W.number(c.growInDuration), W.number(c.selectionDuration), W.number(c.removalDuration)])
        line("configuration.selection", [W.number(c.selectionPushSpeed), W.number(c.selectionPushReach), W.optional(c.maxSelected),
                                         c.maxSelectedPolicy.rawValue])
        line("configuration.cycling", [W.optional(c.maxBubbles), String(c.seed)])
        line("configuration.gestures", [W.flag(c.backgroundScrollEnabled), W.number(c.tapMaxDistance), W.number(c.tapMaxDuration),
                                        W.number(c.flickWindow), W.number(c.maxFlickSpeed), W.number(c.dragFrequency),
                                        W.number(c.anchorSmoothing), W.number(c.longPressDuration), c.longPressAction.rawValue])
        line("configuration.fit", [c.fitPolicy.rawValue, W.number(c.fitMinimumScale), W.flag(c.backgroundDragScrolls)])
        let p = c.physics
        line("configuration.physics", [W.number(p.timeStep), W.integer(p.substeps), W.number(p.contactHertz),
                                       W.number(p.contactDampingRatio), W.number(p.pushSpeed), W.number(p.maxSpeed),
                                       W.number(p.elasticity), W.number(p.speculativeFraction), W.integer(p.maxStepsPerAdvance),
                                       W.integer(p.threads)])
    }
}

extension StateReader {
    mutating func configuration() throws(SavedStateError) -> BubbleContainerConfiguration {
        typealias C = BubbleContainerConfiguration
        var c = C()
        var f = try fields("configuration.container")
        c.size = Size(width: try f.number("width", in: C.sideRange), height: try f.number("height", in: C.sideRange))
        c.anchor = Vector2(try f.number("anchor.x", in: C.anchorRange), try f.number("anchor.y", in: C.anchorRange))
        c.fieldLaw = FieldLaw(rawValue: try f.choice("fieldLaw", FieldLaw.allCases.map { $0.rawValue })) ?? c.fieldLaw
        c.fieldStrength = try f.number("fieldStrength", in: C.fieldStrengthRange)
        c.falloffRadius = try f.number("falloffRadius", in: C.falloffRadiusRange)
        c.resistance = try f.number("resistance", in: C.resistanceRange)
        c.densitySelected = try f.number("densitySelected", in: C.densityRange)
        c.densityUnselected = try f.number("densityUnselected", in: C.densityRange)
        c.horizontalScroll = try f.flag("horizontalScroll")
        c.verticalScroll = try f.flag("verticalScroll")
        try f.end()
        f = try fields("configuration.animations")
        c.growInDuration = try f.number("growInDuration", in: C.durationRange)
        c.selectionDuration = try f.number("selectionDuration", in: C.durationRange)
        c.removalDuration = try f.number("removalDuration", in: C.durationRange)
        try f.end()
        f = try fields("configuration.selection")
        c.selectionPushSpeed = try f.number("selectionPushSpeed", in: C.selectionPushSpeedRange)
        c.selectionPushReach = try f.number("selectionPushReach", in: C.selectionPushReachRange)
        c.maxSelected = try f.optionalInteger("maxSelected", in: C.maxSelectedRange.bounds)
        c.maxSelectedPolicy = MaxSelectedPolicy(rawValue: try f.choice("maxSelectedPolicy", MaxSelectedPolicy.allCases.map { $0.rawValue })) ?? c.maxSelectedPolicy
        try f.end()
        f = try fields("configuration.cycling")
        c.maxBubbles = try f.optionalInteger("maxBubbles", in: C.maxBubblesRange.bounds)
        c.seed = try f.unsigned("seed")
        try f.end()
        try readGestures(into: &c)
        if nextIs("configuration.fit") {
            f = try fields("configuration.fit")
            c.fitPolicy = FitPolicy(rawValue: try f.choice("fitPolicy", FitPolicy.allCases.map { $0.rawValue })) ?? c.fitPolicy
            c.fitMinimumScale = try f.number("fitMinimumScale", in: C.fitMinimumScaleRange)
            c.backgroundDragScrolls = try f.flag("backgroundDragScrolls")
            try f.end()
        } else {
            c.fitPolicy = .none  // saved before fit policies: it replays as it ran
        }
        try readPhysics(into: &c.physics)
        do { try c.validate() } catch { throw .invalid(line: next, error) }
        return c
    }

    private mutating func readGestures(into c: inout BubbleContainerConfiguration) throws(SavedStateError) {
        typealias C = BubbleContainerConfiguration
        var f = try fields("configuration.gestures")
        c.backgroundScrollEnabled = try f.flag("backgroundScrollEnabled")
        c.tapMaxDistance = try f.number("tapMaxDistance", in: C.tapMaxDistanceRange)
        c.tapMaxDuration = try f.number("tapMaxDuration", in: C.tapMaxDurationRange)
        c.flickWindow = try f.number("flickWindow", in: C.flickWindowRange)
        c.maxFlickSpeed = try f.number("maxFlickSpeed", in: C.maxFlickSpeedRange)
        c.dragFrequency = try f.number("dragFrequency", in: C.dragFrequencyRange)
        c.anchorSmoothing = try f.number("anchorSmoothing", in: C.anchorSmoothingRange)
        c.longPressDuration = try f.number("longPressDuration", in: C.longPressDurationRange)
        c.longPressAction = LongPressAction(rawValue: try f.choice("longPressAction", LongPressAction.allCases.map { $0.rawValue })) ?? c.longPressAction
        try f.end()
    }

    private mutating func readPhysics(into p: inout WorldConfiguration) throws(SavedStateError) {
        typealias W = WorldConfiguration
        var f = try fields("configuration.physics")
        p.timeStep = try f.number("timeStep", in: W.timeStepRange)
        p.substeps = try f.integer("substeps", in: W.substepsRange.bounds)
        p.contactHertz = try f.number("contactHertz", in: W.contactHertzRange)
        p.contactDampingRatio = try f.number("contactDampingRatio", in: W.contactDampingRatioRange)
        p.pushSpeed = try f.number("pushSpeed", in: W.pushSpeedRange)
        p.maxSpeed = try f.number("maxSpeed", in: W.maxSpeedRange)
        p.elasticity = try f.number("elasticity", in: W.elasticityRange)
        p.speculativeFraction = try f.number("speculativeFraction", in: W.speculativeFractionRange)
        p.maxStepsPerAdvance = try f.integer("maxStepsPerAdvance", in: W.maxStepsPerAdvanceRange.bounds)
        p.threads = try f.integer("threads", in: W.threadsRange.bounds)
        try f.end()
    }
}
