/// The world's rest detection: consecutive still steps, and the speed they began with.
struct RestState: Hashable, Sendable {
    var isResting = false
    /// Consecutive steps in which every body was slower than `World.restSpeed`.
    var stillSteps = 0
    /// The largest (speed / radius)² at the first of those steps.
    var firstFastestSquared = 0.0
}

/// Rest: a world whose bodies have all been still for a while stops doing work.
extension World {
    /// Speed below which a body counts as still, in radii per second (2 points per second for a
    /// 40-point bubble). Scale-relative, like every tolerance of the solver.
    public static let restSpeed = 0.05
    /// How long every body must stay still before the world rests, in seconds of steps.
    public static let restTime = 0.5

    /// True when the world is at rest: for `restTime` every body has been slower than
    /// `restSpeed` radii per second, and the fastest has not sped up over that time (a body a
    /// weak field is still accelerating keeps the world awake). Entering rest sets every
    /// velocity to zero; while at rest `step()` only counts the step. Deterministic: decided
    /// from the state alone, at the end of each step. Any call that changes the world — a body
    /// created, destroyed or edited, a new field, container or setting — wakes it at once; so
    /// does `wake()`.
    public var isAtRest: Bool { rest.isResting }

    /// Wakes a resting world (the next step runs in full) and restarts the rest detection.
    /// - Complexity: O(1).
    public mutating func wake() { rest = RestState() }

    /// Records a change: wakes the world, and when `rebuild`, marks the contact list stale.
    @inline(__always)
    mutating func changed(rebuild: Bool) {
        if rest != RestState() { rest = RestState() }
        if rebuild { needsRebuild = true }
    }

    /// After a step: counts still steps and enters rest once the bodies have been still for
    /// `restTime` without the fastest speeding up (otherwise the count starts over from now).
    mutating func updateRest(fastestSquared: Double) {
        guard fastestSquared < World.restSpeed * World.restSpeed else {
            rest.stillSteps = 0
            return
        }
        if rest.stillSteps == 0 { rest.firstFastestSquared = fastestSquared }
        rest.stillSteps += 1
        let needed = World.restSteps(timeStep: configuration.timeStep)
        guard rest.stillSteps >= needed else { return }
        if fastestSquared <= rest.firstFastestSquared {
            enterRest()
        } else {
            rest.stillSteps = 1
            rest.firstFastestSquared = fastestSquared
        }
    }

    /// Steps in `restTime` at a time step of `timeStep` seconds (at least 1).
    static func restSteps(timeStep: Double) -> Int {
        let ratio = restTime / timeStep  // at most 5,000 for accepted time steps
        var steps = Int(ratio < 1e6 ? ratio : 1e6)
        if Double(steps) < ratio { steps += 1 }  // rounded up, with integers only
        return steps < 1 ? 1 : steps
    }

    /// Sets every velocity to zero and rests; the scratch is released (a resting world steps
    /// without it, and the next awake step allocates it again).
    mutating func enterRest() {
        let storage = uniqueStorage()
        for slot in 0..<storage.slotCount where storage.flags[slot].contains(.alive) {
            storage.bodies[slot].vx = 0
            storage.bodies[slot].vy = 0
        }
        storage.releaseScratch()
        rest.isResting = true
    }
}
