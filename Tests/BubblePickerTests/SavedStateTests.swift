import BubblePhysics
import Foundation
import Testing
@testable import BubblePicker

/// Saving and restoring a picker: exact continuation, the text format's strictness, Codable, and
/// restoring only content and selection.
@Suite struct SavedStateTests {
    /// A picker in the middle of everything: moving bubbles, a selection animating, a removal
    /// shrinking, a bubble being dragged by one pointer, the background by another, events pending.
    static func busyPicker() -> Picker {
        var picker = makePicker { $0.maxSelected = 3 }
        for index in 0..<12 { picker.addDefaultBubble(text: "Genre \(index) ✦", imageName: index % 3 == 0 ? "art \(index)" : nil, tag: index % 4) }
        picker.run(seconds: 1)
        picker.select(tag: 1)
        picker.remove(BubbleID(5))
        let grabbed = picker.center(of: BubbleID(2))!
        picker.pointerDown(id: 7, at: grabbed, time: picker.time)
        for step in 1...6 {
            picker.step()
            picker.pointerMove(id: 7, at: grabbed + Vector2(8 * Double(step), -3 * Double(step)), time: picker.time)
        }
        picker.pointerDown(id: 9, at: Vector2(2, 2), time: picker.time)
        picker.pointerMove(id: 9, at: Vector2(30, 12), time: picker.time + 0.01)
        picker.step()
        return picker
    }

    /// Steps both pickers `steps` times and records an issue at the first differing hash.
    static func expectSameFuture(_ a: Picker, _ b: Picker, steps: Int, _ what: String) {
        var a = a, b = b
        #expect(a.stateHash() == b.stateHash(), "\(what): hash right after restoring")
        for step in 1...steps {
            a.step()
            b.step()
            if a.stateHash() != b.stateHash() {
                Issue.record("\(what): hashes differ \(step) steps after restoring")
                return
            }
        }
        #expect(a.frame() == b.frame(), "\(what): frames after \(steps) steps")
    }

    @Test("save mid-drag, restore, step 600: the hash of the run whose pointers were cancelled at saving")
    func roundTrip() throws {
        var picker = Self.busyPicker()
        let text = picker.savedState()
        #expect(text.hasPrefix("bubblepicker-state 2\n") && !text.contains("pointer"))
        let restored = try Picker(savedState: text)
        #expect(restored.savedState() == text)
        #expect(restored.pointerIDs.isEmpty && restored.draggedBubbles.isEmpty)
        picker.pointerCancel()
        #expect(restored.events == picker.events)
        Self.expectSameFuture(picker, restored, steps: 600, "busy picker, pointers cancelled")
    }

    @Test("a stock bubble's style reads back whole: palette or own colour, label hidden when selected or not")
    func stockStyleRoundTrip() {
        var own = BubbleStyle.ueBubblePicker
        own.backgroundColor = BubbleColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5)
        for style in [BubbleStyle(), BubbleStyle.ueBubblePicker, own] {
            let bubble = DefaultBubble(text: "Jazz", imageName: "jazz", style: style)
            #expect(DefaultBubble(savedText: bubble.savedText) == bubble, "\(bubble.savedText)")
        }
    }

    @Test("a restored picker takes input like the original: a flick, a tap, a long press")
    func inputAfterRestore() throws {
        func drive(_ p: inout Picker) {
            let at = p.center(of: BubbleID(2))!
            p.pointerUp(id: 7, at: at + Vector2(20, 0), time: p.time + 0.016)
            p.pointerUp(id: 9, at: Vector2(40, 40), time: p.time + 0.02)
            p.pointerDown(at: p.center(of: BubbleID(0))!, time: p.time)
            for _ in 0..<40 { p.step() }
        }
        var original = Self.busyPicker()
        var restored = try Picker(savedState: original.savedState())
        original.pointerCancel()
        drive(&original)
        drive(&restored)
        let events = original.takeEvents()
        #expect(events == restored.takeEvents() && events.contains { $0.kind == .longPressed })
        Self.expectSameFuture(original, restored, steps: 60, "after input")
    }

    @Test("at rest, while waiting for an area, and empty: restored exactly")
    func otherStates() throws {
        var resting = makePicker()
        for index in 0..<6 { resting.addDefaultBubble(text: "\(index)") }
        resting.run(seconds: 6)
        #expect(resting.isAtRest)
        var waiting = makePicker(width: 0, height: 0)
        waiting.addDefaultBubble(text: "w", selected: true)
        let empty = makePicker()
        for (name, picker) in [("resting", resting), ("waiting", waiting), ("empty", empty)] {
            let restored = try Picker(savedState: picker.savedState())
            Self.expectSameFuture(picker, restored, steps: 120, name)
        }
        var grown = try Picker(savedState: waiting.savedState())
        try grown.resize(to: Size(width: 300, height: 300))
        try waiting.resize(to: Size(width: 300, height: 300))
        Self.expectSameFuture(waiting, grown, steps: 120, "waiting, then resized")
    }

    @Test("foreign, other-version, truncated and malformed texts are refused with the line and the problem")
    func refusals() throws {
        let text = Self.busyPicker().savedState()
        func error(_ text: String) -> SavedStateError? {
            do { _ = try Picker(savedState: text); return nil } catch { return error }
        }
        #expect(error("") == .notSavedState(firstLine: ""))
        #expect(error("{\"format\": 1}\n") == .notSavedState(firstLine: "{\"format\": 1}"))
        #expect(error(text.replacingOccurrences(of: "bubblepicker-state 2\n", with: "bubblepicker-state 3\n")) == .unsupportedVersion(3))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = lines.prefix(20).joined(separator: "\n") + "\n"
        if case .truncated(let line, _)? = error(cut) { #expect(line == 21) } else { Issue.record("cut: \(String(describing: error(cut)))") }
        let badNumber = text.replacingOccurrences(of: "configuration.animations growInDuration=0.25", with: "configuration.animations growInDuration=x")
        #expect(error(badNumber)?.description == "saved state line 3: configuration.animations.growInDuration x must be a finite number")
        let outOfRange = text.replacingOccurrences(of: "configuration.animations growInDuration=0.25", with: "configuration.animations growInDuration=61.0")
        #expect(error(outOfRange)?.description == "saved state line 3: configuration.animations.growInDuration 61 must be in 0...60")
        let edited = text.replacingOccurrences(of: "picker.rest resting=0 restingSteps=0", with: "picker.rest resting=0 restingSteps=1")
        if case .checksumMismatch? = error(edited) {} else { Issue.record("an edited value: \(String(describing: error(edited)))") }
        let undecodable = try? Picker(savedState: text, content: { _ in nil })
        #expect(undecodable == nil)
        do {
            _ = try Picker(savedState: text, content: { _ in nil })
        } catch {
            if case .content(_, let bubble) = error { #expect(bubble == BubbleID(0)) } else { Issue.record("\(error)") }
        }
    }

    /// `text` with one line replaced and the checksum made right again (a consistent-looking
    /// but wrong state, as a buggy writer might produce).
    static func resealed(_ text: String, replacing old: String, with new: String) -> String {
        var body = text.components(separatedBy: "checksum ")[0]
        body = body.replacingOccurrences(of: old, with: new)
        return body + "checksum " + StateHasher.hexDigits(SavedStateFormat.checksum(body.utf8)) + "\n"
    }

    @Test("inconsistent states with a right checksum are refused too: bodies, contacts, pointers, identities")
    func inconsistencies() throws {
        let picker = Self.busyPicker()
        let text = picker.savedState()
        let lines = text.split(separator: "\n").map(String.init)
        func refused(_ old: String, _ new: String, _ expected: String) {
            let edited = Self.resealed(text, replacing: old, with: new)
            do {
                _ = try Picker(savedState: edited)
                Issue.record("accepted: \(expected)")
            } catch {
                #expect(error.description.contains(expected), "\(error)")
            }
        }
        let bubble = try #require(lines.first { $0.hasPrefix("bubble id=0 ") })
        refused(bubble + "\n", bubble.replacingOccurrences(of: "bubble id=0 ", with: "bubble id=3 ") + "\n", "must be unique")
        let colour = try #require(lines.first { $0.hasPrefix("colour ") && !$0.hasPrefix("colour count=0") })
        let words = colour.split(separator: " ")
        refused(colour + "\n", "colour count=1 \(words[3]) 9999 0.0\n", "must join two different live bodies")
        refused("picker.ids nextID=12 ", "picker.ids nextID=3 ", "must be below picker.ids.nextID")
        let slots = try #require(lines.first { $0.hasPrefix("world.freeSlots ") })
        refused(slots, "world.freeSlots count=1 0", "must be a free slot")
    }

    @Test("random corruption never traps: every damaged text is refused with a typed error (or reads back to the same state)")
    func corruptionFuzz() throws {
        let text = Self.busyPicker().savedState()
        let bytes = Array(text.utf8)
        var random = SplitMix64(seed: 26)
        let rounds = TestSize.pick(300, long: 5_000)
        let alphabet = Array("0123456789-.e |\\nxbubble\n".utf8)
        for round in 0..<rounds {
            var damaged = bytes
            switch round % 4 {
            case 0: damaged[random.next(below: damaged.count)] = alphabet[random.next(below: alphabet.count)]
            case 1: damaged.removeSubrange(random.next(below: damaged.count)...)
            case 2: damaged.remove(at: random.next(below: damaged.count))
            default:
                let at = random.next(below: damaged.count)
                damaged.insert(contentsOf: alphabet.shuffled(using: &random).prefix(random.next(below: 6) + 1), at: at)
            }
            let corrupted = String(decoding: damaged, as: UTF8.self)
            guard corrupted != text else { continue }
            do {
                let restored = try Picker(savedState: corrupted)
                #expect(restored.savedState() == text, "round \(round): a damaged text was accepted as another state")
            } catch {
                #expect(!error.description.isEmpty && !error.description.contains("\n"))
            }
        }
    }

    @Test("Codable: a picker of Codable content round-trips through JSON and continues identically")
    func codable() throws {
        var picker = Self.busyPicker()
        let data = try JSONEncoder().encode(picker)
        let restored = try JSONDecoder().decode(Picker.self, from: data)
        picker.pointerCancel()
        Self.expectSameFuture(picker, restored, steps: 120, "Codable")
        var broken = try #require(String(data: data, encoding: .utf8))
        broken = broken.replacingOccurrences(of: "bubblepicker-state 2", with: "bubblepicker-state 9")
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Picker.self, from: Data(broken.utf8)) }
    }

    @Test("restoring only content, selection and centres puts every bubble back where it was")
    func contentAndPlaces() throws {
        var picker = makePicker { $0.maxSelected = 3 }
        for index in 0..<10 { picker.addDefaultBubble(text: "G\(index)", tag: index) }
        picker.run(seconds: 2)
        picker.select(tag: 3)
        picker.select(tag: 7)
        picker.run(seconds: 1)
        // What a minimal app stores: per bubble its content, tag, selection and centre.
        let saved = picker.bubbles.map { ($0, picker.center(of: $0.id)!) }
        var restored = makePicker(seed: 99) { $0.maxSelected = 3 }
        for (bubble, center) in saved { try restored.add(bubble, at: center) }
        for (bubble, center) in saved {
            #expect(restored.center(of: bubble.id) == center, "\(bubble.id)")
            #expect(restored.bubble(bubble.id)?.isSelected == bubble.isSelected)
            #expect(restored.snapshot(of: bubble.id)?.scale == 1)
        }
        restored.step()
        let drift = saved.map { (restored.center(of: $0.0.id)! - $0.1).length }.max() ?? 0
        #expect(drift < 1, "one step later the bubbles are still where they were (moved \(drift) pt at most)")
        var outside = restored
        do {
            try outside.add(outside.makeBubble(DefaultBubble(text: "x")), at: Vector2(.nan, 0))
            Issue.record("a NaN point was accepted")
        } catch {
            #expect(error.description.contains("point x"))
        }
    }
}
