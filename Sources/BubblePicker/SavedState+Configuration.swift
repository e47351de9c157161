import BubblePhysics

/// The configuration in the saved-state text: seven lines, every setting by name, each checked
/// against its range when read. A setting missing from the text (one added after the text was
/// written) takes its default, `BubbleContainerConfiguration()`'s value.
///
/// Adding a setting is a compatible change: write it on its line with `put("name", number: value)` and
/// read it with the `or:` form of the reader, `c.name = try f.number("name", in: C.nameRange, or: c.name)`
/// (`choice(_:or:)` for an enum). Older texts then read with the default; older readers ignore it.
extension StateWriter {
    mutating func write(_ c: BubbleContainerConfiguration) {
        begin("configuration.container")
        put("width", number: c.size.width); put("height", number: c.size.height)
        put("anchor.x", number: c.anchor.x); put("anchor.y", number: c.anchor.y)
        put("fieldLaw", c.fieldLaw.rawValue); put("fieldStrength", number: c.fieldStrength)
        put("falloffRadius", number: c.falloffRadius); put("resistance", number: c.resistance)
        put("densitySelected", number: c.densitySelected); put("densityUnselected", number: c.densityUnselected)
        put("horizontalScroll", flag: c.horizontalScroll); put("verticalScroll", flag: c.verticalScroll)
        end()
        begin("configuration.animations")
        put("growInDuration", number: c.growInDuration); put("selectionDuration", number: c.selectionDuration)
        put("removalDuration", number: c.removalDuration)
        end()
        begin("configuration.selection")
        put("selectionPushSpeed", number: c.selectionPushSpeed); put("selectionPushReach", number: c.selectionPushReach)
        put("maxSelected", optional: c.maxSelected); put("maxSelectedPolicy", c.maxSelectedPolicy.rawValue)
        end()
        begin("configuration.cycling")
        put("maxBubbles", optional: c.maxBubbles); put("seed", String(c.seed))
        end()
        begin("configuration.gestures")
        put("backgroundScrollEnabled", flag: c.backgroundScrollEnabled)
        put("tapMaxDistance", number: c.tapMaxDistance); put("tapMaxDuration", number: c.tapMaxDuration)
        put("flickWindow", number: c.flickWindow); put("maxFlickSpeed", number: c.maxFlickSpeed)
        put("dragFrequency", number: c.dragFrequency); put("anchorSmoothing", number: c.anchorSmoothing)
        put("longPressDuration", number: c.longPressDuration); put("longPressAction", c.longPressAction.rawValue)
        end()
        begin("configuration.fit")
        put("fitPolicy", c.fitPolicy.rawValue); put("fitMinimumScale", number: c.fitMinimumScale)
        put("backgroundDragScrolls", flag: c.backgroundDragScrolls)
        end()
        let p = c.physics
        begin("configuration.physics")
        put("timeStep", number: p.timeStep); put("substeps", integer: p.substeps)
        put("contactHertz", number: p.contactHertz); put("contactDampingRatio", number: p.contactDampingRatio)
        put("pushSpeed", number: p.pushSpeed); put("maxSpeed", number: p.maxSpeed)
        put("elasticity", number: p.elasticity); put("speculativeFraction", number: p.speculativeFraction)
        put("maxStepsPerAdvance", integer: p.maxStepsPerAdvance); put("threads", integer: p.threads)
        end()
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
