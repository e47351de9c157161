import BubblePhysics
import Foundation
import Testing
@testable import BubblePicker

/// The saved-state fuzzer: real snapshots (format 2 and the version-1 fixture) mutated value by
/// value with hostile numbers and words, fields and lines deleted, duplicated or added, then
/// resealed with a right checksum (so the semantic checks are what is tested), plus raw damage
/// left unsealed. Every text is refused with one clear line or restores to a picker that steps
/// on safely: no trap, finite, inside its solid borders, its selection within `maxSelected`, no
/// pointers. 400 cases stepped 200 times by default; `BUBBLEPICKER_LONG_TESTS=1`: 20,000 cases,
/// each accepted one stepped 10,000 times.
@Suite struct SavedStateFuzzTests {
    /// The snapshots mutated: busy (mid-drag, selection animating, removal, events), resting,
    /// waiting for an area, open borders with a lowered selection limit, and the version-1 file.
    static func seeds() -> [String] {
        var resting = makePicker()
        for index in 0..<8 { resting.addDefaultBubble(text: "\(index)", selected: index == 2) }
        resting.run(seconds: 6)
        var waiting = makePicker(width: 0, height: 0)
        waiting.addDefaultBubble(text: "w", selected: true)
        var open = makePicker { $0.maxSelected = 4; $0.horizontalScroll = true }
        for index in 0..<9 { open.addDefaultBubble(text: "o\(index)", selected: index % 2 == 0) }
        open.run(seconds: 1)
        try? open.setConfiguration({ var c = open.configuration; c.maxSelected = 2; return c }())  // 5 selected, limit 2
        return [SavedStateTests.busyPicker().savedState(), resting.savedState(), waiting.savedState(), open.savedState(),
                SavedStateVersion1Fixture.busyPicker]
    }

    static let hostile = ["2147483647", "2147483648", "1073741824", "1073741825", "4294967295", "9223372036854775807",
                          "-9223372036854775808", "-1", "0", "1", "2", "-", "1e308", "-1e308", "1e15", "100000.0",
                          "-100000.0", "nan", "inf", "-inf", "0.0", "-0.0", "5e-324", "3", "present", "removing",
                          "waiting", "growingIn", "kinematic", "dynamic", "corner", "point", "x", ""]

    /// `text` with a right checksum for its body (whatever its last line was).
    static func resealed(_ text: String) -> String {
        guard let range = text.range(of: "\nchecksum ", options: .backwards) else { return text }
        let body = String(text[..<range.lowerBound]) + "\n"
        return body + "checksum " + StateHasher.hexDigits(SavedStateFormat.checksum(body.utf8)) + "\n"
    }

    /// One mutation of `text`, chosen by `random`.
    static func mutate(_ text: String, _ random: inout SplitMix64) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let last = lines.count - 1  // the checksum line
        let at = 1 + random.next(below: max(last - 1, 1))
        var words = lines[at].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let word = 1 + random.next(below: max(words.count - 1, 1))
        let value = hostile[random.next(below: hostile.count)]
        switch random.next(below: 10) {
        case 0, 1, 2, 3:  // a hostile value
            if word < words.count {
                if let equals = words[word].firstIndex(of: "=") { words[word] = words[word][...equals] + value } else { words[word] = value }
            }
            lines[at] = words.joined(separator: " ")
        case 4:  // a field dropped (its default, or a refusal)
            if word < words.count { words.remove(at: word) }
            lines[at] = words.joined(separator: " ")
        case 5: lines.remove(at: at)
        case 6: lines.insert(lines[at], at: at)
        case 7: lines.insert(random.next(below: 2) == 0 ? "future.setting mode=\(value)" : "pointer 3 bubble 2 1 1 0 1 0 0 0 0 1 1 1 1 1 0", at: at)
        case 8:  // a later version's field
            lines[at] += " future\(random.next(below: 3))=\(value)"
        default:  // raw damage, not resealed: the checksum (or the syntax) refuses it
            var bytes = Array(text.utf8)
            bytes[random.next(below: bytes.count)] = Array("0-9.= x\n".utf8)[random.next(below: 8)]
            return String(decoding: bytes, as: UTF8.self)
        }
        return resealed(lines.joined(separator: "\n") + "\n")
    }

    /// The invariants of a picker that has been stepped: finite, inside the solid borders, the
    /// selection within the limit and consistent.
    static func expectValid(_ picker: Picker, _ what: String) {
        #expect(picker.world.nonFiniteCount == 0, "\(what): non-finite bodies")
        let c = picker.configuration
        if let limit = c.maxSelected { #expect(picker.selectedLiveCount <= limit, "\(what): \(picker.selectedLiveCount) selected, limit \(limit)") }
        #expect(picker.selectedBubbles.count == picker.selectedLiveCount, "\(what): selection count")
        guard c.size.hasArea else { return }
        let frame = picker.frame(), r = frame.content  // view points; the content is longer than the view when it scrolls
        for bubble in frame.bubbles {
            let p = bubble.center
            let inside = p.isFinite && bubble.scale.isFinite
                && (!c.solidBorders.contains(.left) || p.x >= r.minX - 1e-6) && (!c.solidBorders.contains(.right) || p.x <= r.maxX + 1e-6)
                && (!c.solidBorders.contains(.top) || p.y >= r.minY - 1e-6) && (!c.solidBorders.contains(.bottom) || p.y <= r.maxY + 1e-6)
            if !inside {
                Issue.record("\(what): bubble \(bubble.id) at \(p.x), \(p.y) outside the content \(r.minX)...\(r.maxX) × \(r.minY)...\(r.maxY)")
                return
            }
        }
    }

    /// Restores `text`; when accepted, steps it `steps` times checking the invariants now and
    /// then. Returns whether it was accepted.
    @discardableResult
    static func check(_ text: String, steps: Int, _ what: String) -> Bool {
        let restored: Picker
        do {
            restored = try Picker(savedState: text)
        } catch {
            #expect(!error.description.isEmpty && !error.description.contains("\n"), "\(what): \(error)")
            return false
        }
        #expect(restored.pointerIDs.isEmpty, "\(what): pointers restored")
        var picker = restored
        expectValid(picker, what + ", restored")
        for step in 1...max(steps, 1) {
            picker.step()
            if step % 500 == 0 || step == steps { expectValid(picker, what + ", step \(step)") }
        }
        return true
    }

    @Test("mutated real snapshots: refused with one line, or accepted and stepped safely (long: 20,000 × 10,000 steps)")
    func mutations() {
        let seeds = Self.seeds()
        var random = SplitMix64(seed: 36)
        let cases = TestSize.pick(400, long: 20_000), steps = TestSize.pick(200, long: 10_000)
        var accepted = 0
        for index in 0..<cases {
            var text = seeds[index % seeds.count]
            for _ in 0...random.next(below: 2) { text = Self.mutate(text, &random) }
            if Self.check(text, steps: steps, "case \(index)") { accepted += 1 }
        }
        print("saved-state fuzz: \(accepted) of \(cases) mutated texts accepted, each stepped \(steps) times")
        #expect(accepted > cases / 20 && accepted < cases, "some mutations are harmless, most are not (\(accepted) of \(cases) accepted)")
    }

    @Test("counters at the restore limit step 10,000 times; one above it is refused, naming the field")
    func counterHeadroom() throws {
        let text = SavedStateTests.busyPicker().savedState()
        let limit = String(SavedStateFormat.counterLimit), above = String(SavedStateFormat.counterLimit + 1)
        let fields = ["stepCount", "selectionCounter", "restingSteps", "dropped", "stillSteps", "contactBuilds", "contactsKept"]
        var atLimit = text
        for field in fields {
            atLimit = atLimit.replacingOccurrences(of: #" \#(field)=[0-9]+"#, with: " \(field)=\(limit)", options: .regularExpression)
            let over = text.replacingOccurrences(of: #" \#(field)=[0-9]+"#, with: " \(field)=\(above)", options: .regularExpression)
            do {
                _ = try Picker(savedState: Self.resealed(over))
                Issue.record("\(field) \(above) accepted")
            } catch {
                #expect(error.description.contains(field) && error.description.contains(above), "\(error)")
            }
        }
        #expect(Self.check(Self.resealed(atLimit), steps: 10_000, "every counter at 2^30"))
    }

    @Test("a body far outside a solid border is brought inside; a selection above the limit is trimmed")
    func repairs() throws {
        let text = SavedStateTests.busyPicker().savedState()
        let far = text.replacingOccurrences(of: #"slot generation=0 alive=1 position.x=[^ ]+"#, with: "slot generation=0 alive=1 position.x=100000.0",
                                            options: .regularExpression)
        var picker = try Picker(savedState: Self.resealed(far))
        Self.expectValid(picker, "restored")
        #expect(picker.bubbles.allSatisfy { picker.center(of: $0.id).map { $0.x <= 375 } ?? true })
        picker.run(seconds: 1)
        Self.expectValid(picker, "a second later")
        let over = text.replacingOccurrences(of: "maxSelected=3", with: "maxSelected=1")
        var trimmed = try Picker(savedState: Self.resealed(over))
        #expect(trimmed.selectedLiveCount == 1 && trimmed.bubble(BubbleID(1))?.isSelected == true)
        #expect(trimmed.takeEvents().last.map { $0.kind == .deselected && $0.bubble == BubbleID(9) } == true,
                "the latest selection (bubble 9) is deselected and reported")
    }
}
