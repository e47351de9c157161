import BubblePhysics
import Testing
@testable import BubblePicker

/// Restoring through the driver in one call: the frames after a restore are the frames of the run
/// never saved (with its pointers cancelled at the save), mid-drag, mid-selection and mid-grow-in;
/// into another size the invariants hold.
@Suite struct DriverRestoreTests {
    /// A driver mid-everything at display time ~1000.5: bubbles growing in, a selection
    /// animating, bubble 2 dragged by pointer 7 (its last move one frame ago), the anchor dragged
    /// by pointer 9.
    static func busyDriver(link: inout DisplayLink) -> Driver {
        var driver = Driver(picker: makePicker { $0.maxSelected = 3 })
        for index in 0..<10 { driver.picker.addDefaultBubble(text: "Genre \(index)", tag: index) }
        for _ in 0..<60 { _ = driver.frame(at: link.nextFrame()) }
        for index in 10..<14 { driver.picker.addDefaultBubble(text: "Late \(index)", tag: index) }  // growing in
        _ = driver.frame(at: link.nextFrame())
        driver.picker.select(tag: 1)  // animating
        let grabbed = driver.drawnCenter(of: BubbleID(2))!
        driver.pointerDown(id: 7, at: grabbed, timestamp: link.time)
        for step in 1...6 {
            _ = driver.frame(at: link.nextFrame())
            driver.pointerMove(id: 7, at: grabbed + Vector2(9 * Double(step), -4 * Double(step)), timestamp: link.time)
        }
        driver.pointerDown(id: 9, at: Vector2(3, 3), timestamp: link.time)
        driver.pointerMove(id: 9, at: Vector2(40, 20), timestamp: link.time + 0.004)
        _ = driver.frame(at: link.nextFrame())
        return driver
    }

    /// Runs both drivers on the same timestamps; records the first frame whose picker hash,
    /// frame or step count differ.
    static func expectSameFrames(_ a: inout Driver, _ b: inout Driver, link: DisplayLink, frames: Int, _ what: String) {
        var link = link
        #expect(a.currentFrame == b.currentFrame, "\(what): the frame on screen right after restoring")
        for index in 1...frames {
            let t = link.nextFrame()
            let fa = a.frame(at: t), fb = b.frame(at: t)
            guard fa == fb, a.picker.stateHash() == b.picker.stateHash() else {
                Issue.record("\(what): frame \(index) after restoring differs (steps \(fa.stepsRun) vs \(fb.stepsRun))")
                return
            }
        }
    }

    @Test("restore mid-drag, mid-selection, mid-grow-in in one call: every frame as in the run cancelled at the save")
    func oneCallMidEverything() throws {
        var link = DisplayLink()
        var original = Self.busyDriver(link: &link)
        let text = original.savedState()
        let savedAt = try #require(original.displayTime)
        original.pointerCancel()  // what a saved state holds: no fingers down
        var restored = try Driver(restoring: text, at: savedAt)
        #expect(restored.picker.pointerIDs.isEmpty && restored.picker.draggedBubbles.isEmpty)
        #expect(restored.interpolation == original.interpolation)
        var copy = original
        Self.expectSameFrames(&copy, &restored, link: link, frames: 240, "init(restoring:at:)")

        // restore(from:) into a running driver at the same display time: the same frames.
        var running = Self.busyDriver(link: &link)
        running.isRightToLeft = true
        let runningAt = try #require(running.displayTime)
        try running.restore(from: text)
        #expect(running.displayTime == runningAt && running.isRightToLeft && running.picker.pointerIDs.isEmpty)
        var reference = try Driver(restoring: text, at: runningAt)
        reference.isRightToLeft = true
        Self.expectSameFrames(&reference, &running, link: link, frames: 120, "restore(from:)")
    }

    @Test("a new driver around a restored picker loses a frame's steps; the one-call restore does not")
    func whyTheCallIsNeeded() throws {
        var link = DisplayLink()
        var original = Self.busyDriver(link: &link)
        let text = original.savedState()
        original.pointerCancel()
        var bare = Driver(picker: try Picker(savedState: text))
        var oneCall = try Driver(restoring: text, at: original.displayTime!)
        var bareSteps = 0, expectedSteps = 0
        for _ in 0..<4 {  // 120 Hz frames over 60 Hz steps: some frames run none
            let t = link.nextFrame()
            let expected = original.frame(at: t)
            bareSteps += bare.frame(at: t).stepsRun
            expectedSteps += expected.stepsRun
            #expect(oneCall.frame(at: t) == expected)
        }
        #expect(bareSteps < expectedSteps, "the bare driver's first frame only re-bases its clock")
    }

    @Test("touches after a restore: a drag and flick give the run never saved's hashes, frame by frame")
    func touchesAfterRestore() throws {
        var link = DisplayLink()
        var original = Self.busyDriver(link: &link)
        let text = original.savedState()
        original.pointerCancel()
        var restored = try Driver(restoring: text, at: original.displayTime!)
        let start = try #require(original.drawnCenter(of: BubbleID(4)))
        var differing: Int? = nil
        for index in 0..<90 {
            let t = link.nextFrame()
            if index == 5 { original.pointerDown(id: 2, at: start, timestamp: t - 0.003); restored.pointerDown(id: 2, at: start, timestamp: t - 0.003) }
            if index > 5 && index < 20 {
                let p = start + Vector2(7 * Double(index - 5), 2 * Double(index - 5))
                original.pointerMove(id: 2, at: p, timestamp: t - 0.002)
                restored.pointerMove(id: 2, at: p, timestamp: t - 0.002)
            }
            if index == 20 { original.pointerUp(id: 2, at: start + Vector2(105, 30), timestamp: t - 0.002); restored.pointerUp(id: 2, at: start + Vector2(105, 30), timestamp: t - 0.002) }
            _ = original.frame(at: t)
            _ = restored.frame(at: t)
            if differing == nil && original.picker.stateHash() != restored.picker.stateHash() { differing = index }
        }
        #expect(differing == nil, "first differing frame: \(String(describing: differing))")
    }

    @Test("a bubble saved mid-drag is released: a new finger drags it, and the picker comes to rest")
    func midDragReleased() throws {
        var link = DisplayLink()
        let text = Self.busyDriver(link: &link).savedState()
        var driver = try Driver(restoring: text, at: link.time)
        let start = try #require(driver.drawnCenter(of: BubbleID(2)))
        driver.pointerDown(id: 1, at: start, timestamp: link.time)
        for step in 1...20 {
            _ = driver.frame(at: link.nextFrame())
            driver.pointerMove(id: 1, at: start + Vector2(3 * Double(step), 0), timestamp: link.time)
        }
        let moved = try #require(driver.drawnCenter(of: BubbleID(2))).x - start.x
        #expect(moved > 20, "the released bubble follows a new finger (moved \(moved) pt)")
        driver.pointerUp(id: 1, at: start + Vector2(60, 0), timestamp: link.time + 0.2)
        link.runUntilRest(&driver, limit: 30)
        #expect(!driver.needsDisplayLink, "no phantom finger keeps the picker awake")
    }

    @Test("restored into another size: resized, every bubble inside, finite, selection within the limit")
    func intoAnotherSize() throws {
        var link = DisplayLink()
        let text = Self.busyDriver(link: &link).savedState()
        for size in [Size(width: 200, height: 300), Size(width: 800, height: 400), Size(width: 90, height: 90)] {
            var driver = try Driver(restoring: text, at: link.time)
            try driver.picker.resize(to: size)
            var frameLink = link
            for _ in 0..<600 { _ = frameLink.nextFrame(); _ = driver.frame(at: frameLink.time) }
            SavedStateFuzzTests.expectValid(driver.picker, "\(size)")
        }
    }
}
