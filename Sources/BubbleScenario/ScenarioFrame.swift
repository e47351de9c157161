import BubblePhysics

/// One bubble as a scenario run sees it at one step: what the CLI dumps and the renderer draws.
public struct ScenarioBubble: Sendable, Equatable {
    /// The container's id of the bubble (stable for its lifetime, never reused in a run).
    public var id: Int
    /// The bubble's tag, if it has one.
    public var tag: Int?
    /// The label drawn on the bubble ("" when labels are off).
    public var label: String
    /// Centre, points.
    public var x: Double
    public var y: Double
    /// Drawn diameter, points (the body's diameter times the animation scale).
    public var diameter: Double
    public var selected: Bool

    public init(id: Int, tag: Int?, label: String, x: Double, y: Double, diameter: Double, selected: Bool) {
        self.id = id
        self.tag = tag
        self.label = label
        self.x = x
        self.y = y
        self.diameter = diameter
        self.selected = selected
    }
}

/// Everything visible after some number of steps: the bubbles in insertion order, the container and
/// the attraction point.
public struct ScenarioFrame: Sendable, Equatable {
    /// Steps taken so far (0 = the initial state, before the first step).
    public var step: Int
    public var bubbles: [ScenarioBubble]
    /// Simulated seconds elapsed.
    public var time: Double
    /// The container's rectangle, points.
    public var container: Rect
    /// The solid borders.
    public var solidBorders: Borders
    /// The attraction point, points.
    public var attractionPoint: Vector2
    /// The container's hash of its exact state (bodies, bubbles, animations, gesture, random state).
    public var stateHash: UInt64

    public init(step: Int, time: Double, bubbles: [ScenarioBubble], container: Rect, solidBorders: Borders,
                attractionPoint: Vector2, stateHash: UInt64) {
        self.step = step
        self.time = time
        self.bubbles = bubbles
        self.container = container
        self.solidBorders = solidBorders
        self.attractionPoint = attractionPoint
        self.stateHash = stateHash
    }

    /// The state hash as 16 hexadecimal digits.
    public var hashDigits: String {
        let digits = String(stateHash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
