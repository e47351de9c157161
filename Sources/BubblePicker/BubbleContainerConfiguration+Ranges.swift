import BubblePhysics

/// The accepted range of every setting, defined once. `validate()`, the scenario reader, its
/// error messages and the JSON Schema test all read these constants.
///
/// The bounds are wide enough for any real picker and narrow enough that the solver can hold
/// every combination (see the design notes atop BubblePhysics' `Solver.swift`).
extension BubbleContainerConfiguration {
    /// Each side of `size`, points. 0 is legal (bubbles wait for an area).
    public static var sideRange: SettingRange<Double> { SettingRange("size", 0...10_000_000) }
    /// Each component of `anchor`, in container sizes (an anchor may sit off-screen).
    public static var anchorRange: SettingRange<Double> { SettingRange("anchor", -10...10) }
    /// `fieldStrength`.
    public static var fieldStrengthRange: SettingRange<Double> { SettingRange("fieldStrength", 0...10_000_000) }
    /// `falloffRadius`, points.
    public static var falloffRadiusRange: SettingRange<Double> { SettingRange("falloffRadius", 0...1_000_000) }
    /// `resistance`, per second.
    public static var resistanceRange: SettingRange<Double> { SettingRange("resistance", 0...1000) }
    /// `densitySelected` and `densityUnselected`, mass per pt².
    public static var densityRange: SettingRange<Double> { SettingRange("density", 0.001...1000) }
    /// `growInDuration`, `selectionDuration`, `removalDuration`, seconds.
    public static var durationRange: SettingRange<Double> { SettingRange("duration", 0...60) }
    /// `selectionPushSpeed`, points per second.
    public static var selectionPushSpeedRange: SettingRange<Double> { SettingRange("selectionPushSpeed", 0...100_000) }
    /// `selectionPushReach`, selected diameters.
    public static var selectionPushReachRange: SettingRange<Double> { SettingRange("selectionPushReach", 0...100) }
    /// `maxSelected` when set.
    public static var maxSelectedRange: SettingRange<Int> { SettingRange("maxSelected", 0...100_000) }
    /// `maxBubbles` when set.
    public static var maxBubblesRange: SettingRange<Int> { SettingRange("maxBubbles", 1...100_000) }
    /// `tapMaxDistance`, points.
    public static var tapMaxDistanceRange: SettingRange<Double> { SettingRange("tapMaxDistance", 0...1_000_000) }
    /// `tapMaxDuration`, seconds.
    public static var tapMaxDurationRange: SettingRange<Double> { SettingRange("tapMaxDuration", 0...60) }
    /// `flickWindow`, seconds.
    public static var flickWindowRange: SettingRange<Double> { SettingRange("flickWindow", 0.001...10) }
    /// `maxFlickSpeed`, diameters per second.
    public static var maxFlickSpeedRange: SettingRange<Double> { SettingRange("maxFlickSpeed", 0.001...1000) }
    /// `dragFrequency`, Hz.
    public static var dragFrequencyRange: SettingRange<Double> { SettingRange("dragFrequency", 0.01...1000) }
    /// `anchorSmoothing`, fraction per step.
    public static var anchorSmoothingRange: SettingRange<Double> { SettingRange("anchorSmoothing", 0.001...1) }
    /// `longPressDuration`, seconds.
    public static var longPressDurationRange: SettingRange<Double> { SettingRange("longPressDuration", 0.01...60) }
    /// `fitMinimumScale`, a fraction of each bubble's diameter.
    public static var fitMinimumScaleRange: SettingRange<Double> { SettingRange("fitMinimumScale", 0.05...1) }

    /// Throws `InvalidValue` naming the first setting outside its range (physics settings are
    /// named `physics.<name>`).
    /// - Complexity: O(1).
    public func validate() throws(InvalidValue) {
        try Self.sideRange.check(size.width, field: "size.width")
        try Self.sideRange.check(size.height, field: "size.height")
        try Self.anchorRange.check(anchor.x, field: "anchor.x")
        try Self.anchorRange.check(anchor.y, field: "anchor.y")
        try Self.fieldStrengthRange.check(fieldStrength)
        try Self.falloffRadiusRange.check(falloffRadius)
        try Self.resistanceRange.check(resistance)
        try Self.densityRange.check(densitySelected, field: "densitySelected")
        try Self.densityRange.check(densityUnselected, field: "densityUnselected")
        try Self.durationRange.check(growInDuration, field: "growInDuration")
        try Self.durationRange.check(selectionDuration, field: "selectionDuration")
        try Self.durationRange.check(removalDuration, field: "removalDuration")
        try Self.selectionPushSpeedRange.check(selectionPushSpeed)
        try Self.selectionPushReachRange.check(selectionPushReach)
        if let maxSelected { try Self.maxSelectedRange.check(maxSelected) }
        if let maxBubbles { try Self.maxBubblesRange.check(maxBubbles) }
        try validateGestures()
        do { try physics.validate() } catch { throw InvalidValue(field: "physics." + error.field, value: error.value, requirement: error.requirement) }
    }

    private func validateGestures() throws(InvalidValue) {
        try Self.tapMaxDistanceRange.check(tapMaxDistance)
        try Self.tapMaxDurationRange.check(tapMaxDuration)
        try Self.flickWindowRange.check(flickWindow)
        try Self.maxFlickSpeedRange.check(maxFlickSpeed)
        try Self.dragFrequencyRange.check(dragFrequency)
        try Self.anchorSmoothingRange.check(anchorSmoothing)
        try Self.longPressDurationRange.check(longPressDuration)
        try Self.fitMinimumScaleRange.check(fitMinimumScale)
    }
}
