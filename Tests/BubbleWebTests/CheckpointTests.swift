import Testing
import BubbleGeometry
import BubblePhysics
import BubblePicker
@testable import BubbleWeb

/// `checkpoint()` against `restore(snapshot())`: seeded random sessions (adds, taps, drags with
/// pointers still down, frames, removals, resizes, settings, scrolls, focus), two copies of each
/// at random moments, one restoring its own snapshot and one checkpointing; then the same calls
/// to both, and after every frame the same snapshot text, state hash and frame result.
@Suite struct CheckpointTests {
    /// One call of the random script, drawn once and applied to both copies.
    enum Call {
        case add(PlaygroundBubbleSpec), addRandom(Int, UInt64), frame(Double), scroll(Double)
        case pointer(PlaygroundTouchPhase, Int, Vector2, Double), cancel(Int)
        case removeTag(Int), selectTag(Int), resize(Size), setResistance(Double)
        case moveFocus(FocusDirection), activateFocused, removeFocused
    }

    /// The display clock and the pointers down, shared by the script's draws.
    struct Script {
        var rng: SplitMix64
        var t = 100.0
        var down: [Int: Vector2] = [:]
    }

    /// A random call for session `s` (its bubbles' centres are where pointers go down).
    static func draw(_ script: inout Script, _ s: PlaygroundSession) -> Call {
        let roll = script.rng.next(below: 100)
        let size = s.picker.configuration.size
        let point = Vector2(script.rng.next(in: 0, size.width), script.rng.next(in: 0, size.height))
        switch roll {
        case 0..<8: return .add(PlaygroundBubbleSpec(label: "L\(roll)", tag: roll % 4, size: roll % 2 == 0 ? 40 + Double(roll) : nil))
        case 8..<10: return .addRandom(1 + script.rng.next(below: 6), script.rng.next() >> 12)
        case 10..<50: script.t += script.rng.next(in: 0.001, 0.05); return .frame(script.t)
        case 50..<58:
            let id = script.rng.next(below: 3)
            let bubbles = s.picker.bubbles
            let at = bubbles.isEmpty ? point : s.picker.center(of: bubbles[script.rng.next(below: bubbles.count)].id) ?? point
            script.down[id] = at
            return .pointer(.down, id, at, script.t)
        case 58..<72:
            guard let (id, at) = script.down.first else { return .frame(script.t + 0.004) }
            let moved = at + Vector2(script.rng.next(in: -30, 30), script.rng.next(in: -30, 30))
            script.down[id] = moved
            return .pointer(.move, id, moved, script.t)
        case 72..<78:
            guard let (id, at) = script.down.first else { return .scroll(script.rng.next(in: -40, 40)) }
            script.down[id] = nil
            return roll == 77 ? .cancel(id) : .pointer(.up, id, at, script.t)
        case 78..<81: return .removeTag(roll % 4)
        case 81..<84: return .selectTag(roll % 4)
        case 84..<86: return .resize(Size(width: script.rng.next(in: 150, 500), height: script.rng.next(in: 150, 800)))
        case 86..<88: return .setResistance(script.rng.next(in: 1, 12))
        case 88..<92: return .moveFocus(FocusDirection.allCases[script.rng.next(below: FocusDirection.allCases.count)])
        case 92..<95: return .activateFocused
        case 95..<96: return .removeFocused
        default: return .scroll(script.rng.next(in: -40, 40))
        }
    }

    /// Applies `call`; returns the frame's result for a frame.
    @discardableResult
    static func apply(_ call: Call, to s: inout PlaygroundSession) throws -> DisplayFrame? {
        switch call {
        case .add(let spec): _ = try s.add(spec)
        case .addRandom(let count, let seed): _ = try s.addRandom(count, seed: seed, minSize: 20, maxSize: 70)
        case .frame(let t): return s.frame(at: t)
        case .scroll(let delta): _ = s.scroll(by: delta)
        case .pointer(let phase, let id, let at, let t): s.pointer(phase, id: id, at: at, timestamp: t)
        case .cancel(let id): s.pointerCancel(id: id)
        case .removeTag(let tag): _ = s.remove(tag: tag)
        case .selectTag(let tag): _ = s.select(tag: tag)
        case .resize(let size): try s.resize(to: size)
        case .setResistance(let value): try s.set(.resistance, value)
        case .moveFocus(let direction): _ = s.moveFocus(direction)
        case .activateFocused: _ = s.activateFocused()
        case .removeFocused: _ = s.removeFocused()
        }
        return nil
    }

    @Test("checkpoint() is restore(snapshot()): same snapshot, hash and frames after, 24 seeded sessions", arguments: 0..<24)
    func checkpointMatchesRestore(seed: UInt64) throws {
        var script = Script(rng: SplitMix64(seed: 0xc0ffee &+ seed))
        var a = try PlaygroundSession(size: Size(width: 390, height: 600), seed: seed)
        for _ in 0..<(40 + script.rng.next(below: 80)) { try Self.apply(Self.draw(&script, a), to: &a) }
        for round in 0..<3 {
            var b = a
            try a.restore(a.snapshot())
            b.checkpoint()
            script.down = [:]  // both ended every touch
            #expect(a.snapshot() == b.snapshot() && a.stateHash() == b.stateHash(), "seed \(seed) round \(round): at once")
            for index in 0..<120 {
                let call = Self.draw(&script, a)
                let fa = try Self.apply(call, to: &a), fb = try Self.apply(call, to: &b)
                guard let fa, let fb else { continue }
                let same = fa.stepsRun == fb.stepsRun && fa.interpolation == fb.interpolation
                    && fa.focusedBubble == fb.focusedBubble && a.stateHash() == b.stateHash() && a.snapshot() == b.snapshot()
                #expect(same, "seed \(seed) round \(round) call \(index): \(call)")
                if !same { return }
            }
            #expect(a.driver.focusedBubble == b.driver.focusedBubble, "seed \(seed) round \(round): focus")
        }
    }

    @Test("a fresh session, framed at the display time then restored from the snapshot, continues as the checkpointed one",
          arguments: 0..<8)
    func freshSessionContinues(seed: UInt64) throws {
        var script = Script(rng: SplitMix64(seed: 0xfee1 &+ seed))
        var a = try PlaygroundSession(size: Size(width: 390, height: 600), seed: seed)
        for _ in 0..<(40 + script.rng.next(below: 80)) { try Self.apply(Self.draw(&script, a), to: &a) }
        a.checkpoint()
        script.down = [:]
        // The trap-recovery journal's lane after a checkpoint: create, frame at the display time, restore.
        var b = try PlaygroundSession(size: Size(width: 390, height: 600), seed: seed)
        if let time = a.driver.displayTime { b.frame(at: time) }
        try b.restore(a.snapshot())
        #expect(a.snapshot() == b.snapshot(), "seed \(seed): at once")
        for index in 0..<150 {
            let call = Self.draw(&script, a)
            let fa = try Self.apply(call, to: &a), fb = try Self.apply(call, to: &b)
            guard let fa, let fb else { continue }
            let same = fa.stepsRun == fb.stepsRun && fa.interpolation == fb.interpolation && a.snapshot() == b.snapshot()
            #expect(same, "seed \(seed) call \(index): \(call)")
            if !same { return }
        }
    }

    @Test("a recording session journals the checkpoint as a restore: the journal replays to the same hash")
    func recordedCheckpointReplays() throws {
        var script = Script(rng: SplitMix64(seed: 7))
        var s = try PlaygroundSession(size: Size(width: 390, height: 600), seed: 7, recording: true)
        for _ in 0..<80 { try Self.apply(Self.draw(&script, s), to: &s) }
        s.checkpoint()
        for _ in 0..<80 { try Self.apply(Self.draw(&script, s), to: &s) }
        let replayed = try PlaygroundSession.replay(journal: s.journalText)
        #expect(replayed.stateHash() == s.stateHash())
    }
}
