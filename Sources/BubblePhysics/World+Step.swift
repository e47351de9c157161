/// Stepping: one fixed step, and a frame-clock helper.
extension World {
    /// Advances the world by one fixed time step. Never reads a clock.
    ///
    /// Reads like a table of contents: build the broadphase, find contacts, solve the
    /// substeps, restitute, sweep fast bodies, count the step.
    /// - Complexity: O(n) for bodies of similar size.
    public mutating func step() {
        rebuildBroadphase()
        findContacts()
        findWallContacts()
        recordApproachSpeeds()
        solveSubsteps()
        sweepFastBodies()
        stepCount += 1
        #if BUBBLEPHYSICS_CHECKS
        checkInvariants()
        #endif
    }

    /// Runs as many whole fixed steps as `elapsed` seconds (plus the time carried from earlier
    /// calls) allows, at most `maxStepsPerAdvance`, and returns the leftover as a fraction of a
    /// step (0..<1) for interpolating between the last two states. A negative, zero or
    /// non-finite `elapsed` runs nothing. See `FixedStepClock`.
    /// - Complexity: O(steps run × bodies).
    @discardableResult
    public mutating func advance(by elapsed: Double) -> Double {
        let dt = configuration.timeStep
        let steps = clock.steps(after: elapsed, timeStep: dt, limit: configuration.maxStepsPerAdvance)
        for _ in 0..<steps { step() }
        return clock.fraction(of: dt)
    }

    mutating func rebuildBroadphase() {
        let range = 1 + configuration.speculativeFraction
        let flags = self.flags
        bodies.withUnsafeBufferPointer { grid.rebuild(bodies: $0, flags: flags, range: range) }
    }

    /// Normal speeds at step start, for restitution (only when elasticity is on): one per body
    /// contact, then one per wall contact.
    mutating func recordApproachSpeeds() {
        approachSpeeds.removeAll(keepingCapacity: true)
        guard configuration.elasticity > 0 else { return }
        for contact in contacts {
            let a = bodies[Int(contact.a)], b = bodies[Int(contact.b)]
            approachSpeeds.append((b.vx - a.vx) * Double(contact.nx) + (b.vy - a.vy) * Double(contact.ny))
        }
        for wall in wallContacts {
            let body = bodies[Int(wall.slot)]
            let (dx, dy) = SolverContext.wallDirection(wall.side)
            approachSpeeds.append(body.vx * dx + body.vy * dy)
        }
    }

    mutating func solveSubsteps() {
        let substeps = configuration.substeps
        let elasticity = configuration.elasticity
        let approach = approachSpeeds
        withSolverContext { context in
            for _ in 0..<substeps {
                context.integrateVelocities()
                context.warmStart()
                context.solve(useBias: true)
                context.integratePositions(elasticity: elasticity)
                context.solve(useBias: false)
            }
            if elasticity > 0 {
                approach.withUnsafeBufferPointer { context.applyRestitution(elasticity: elasticity, approachSpeeds: $0) }
            }
        }
    }

    /// Builds the solver's view of this step over the world's arrays.
    mutating func withSolverContext(_ body: (SolverContext) -> Void) {
        let h = configuration.timeStep / Double(configuration.substeps)
        let hertz = min(configuration.contactHertz, 0.25 / h)
        let zeta = configuration.contactDampingRatio
        let contactSoftness = Softness(hertz: hertz, zeta: zeta, h: h)
        let wallSoftness = Softness(hertz: 2 * hertz, zeta: zeta, h: h)
        let field = self.field, rect = container.rect, solid = container.solidBorders
        let pushSpeed = configuration.pushSpeed, maxSpeed = configuration.maxSpeed
        let flags = self.flags, resistances = self.resistances
        flags.withUnsafeBufferPointer { flags in
            resistances.withUnsafeBufferPointer { resistances in
                bodies.withUnsafeMutableBufferPointer { bodies in
                    contacts.withUnsafeMutableBufferPointer { contacts in
                        wallContacts.withUnsafeMutableBufferPointer { walls in
                            body(SolverContext(bodies: bodies, contacts: contacts, walls: walls, flags: flags,
                                               resistances: resistances, h: h, inverseH: 1 / h,
                                               contactSoftness: contactSoftness, wallSoftness: wallSoftness,
                                               pushSpeed: pushSpeed, maxSpeed: maxSpeed, field: field, rect: rect, solid: solid))
                        }
                    }
                }
            }
        }
    }
}
