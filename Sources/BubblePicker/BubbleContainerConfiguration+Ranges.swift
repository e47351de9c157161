import BubblePhysics

/// The accepted range of every setting, defined once. `validate()`, the scenario reader, its
/// error messages and the JSON Schema test all read these constants.
///
/// The bounds are wide enough for any real picker and narrow enough that the solver can hold
/// every combination (see the design notes atop BubblePhysics' `Solver.swift`).
extension BubbleContainerConfiguration {
    /// Each side of `size`, points. 0 is legal (bubbles wait for an area).
    public static let sideRange = SettingRange<Double>("size", 0...10_000_000)
    /// Each component of `anchor`, in container sizes (an anchor may sit off-screen).
    public static let anchorRange = SettingRange<Double>("anchor", -10...10)
    /// `fieldStrength`.
    public static let fieldStrengthRange = SettingRange<Double>("fieldStrength", 0...10_000_000)
    /// `falloffRadius`, points.
    public static let falloffRadiusRange = SettingRange<Double>("falloffRadius", 0...1_000_000)
    /// `resistance`, per second.
    public static let resistanceRange = SettingRange<Double>("resistance", 0...1000)
    /// `densitySelected` and `densityUnselected`, mass per pt².
    public static let densityRange = SettingRange<Double>("density", 0.001...1000)
    /// `growInDuration`, `selectionDuration`, `removalDuration`, seconds.
    public static let durationRange = SettingRange<Double>("duration", 0...60)
    /// `selectionPushSpeed`, points per second.
    public static let selectionPushSpeedRange = SettingRange<Double>("selectionPushSpeed", 0...100_000)
    /// `selectionPushReach`, selected diameters.
    public static let selectionPushReachRange = SettingRange<Double>("selectionPushReach", 0...100)
    /// `maxSelected` when set.
    public static let maxSelectedRange = SettingRange<Int>("maxSelected", 0...100_000)
    /// `maxBubbles` when set.
    public static let maxBubblesRange = SettingRange<Int>("maxBubbles", 1...100_000)
    /// `tapMaxDistance`, points.
    public static let tapMaxDistanceRange = SettingRange<Double>("tapMaxDistance", 0...1_000_000)
    /// `tapMaxDuration`, seconds.
    public static let tapMaxDurationRange = SettingRange<Double>("tapMaxDuration", 0...60)
    /// `flickWindow`, seconds.
    public static let flickWindowRange = SettingRange<Double>("flickWindow", 0.001...10)
    /// `maxFlickSpeed`, diameters per second.
    public static let maxFlickSpeedRange = SettingRange<Double>("maxFlickSpeed", 0.001...1000)
    /// `dragFrequency`, Hz.
    public static let dragFrequencyRange = SettingRange<Double>("dragFrequency", 0.01...1000)
    /// `anchorSmoothing`, fraction per step.
    public static let anchorSmoothingRange = SettingRange<Double>("anchorSmoothing", 0.001...1)
    /// `longPressDuration`, seconds.
    public static let longPressDurationRange = SettingRange<Double>("longPressDuration", 0.01...60)
    /// `fitMinimumScale`, a fraction of each bubble's diameter.
    public static let fitMinimumScaleRange = SettingRange<Double>("fitMinimumScale", 0.05...1)

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
