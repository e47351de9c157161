import BubblePhysics
import Testing
@testable import BubblePicker

/// The README's UIKit sketch without UIKit: the same driver calls in the same order, made by a
/// stand-in view (a touch is an identity, a point and a media-clock timestamp; the display link
/// is a `DisplayLink`; posting an announcement appends it). So the part of the sketch that is not
/// UIKit is tested.
@Suite struct AdapterSketchTests {
    struct FakeTouch {
        var id: Int
        var location: Vector2
        var timestamp: Double
    }

    struct Genre {
        var slug: String, name: String, family: String
    }

    /// `PickerView` of the README, line for line where UIKit is not involved.
    final class StandInPickerView {
        var items: BubbleItems<String, String, DefaultBubble> { didSet { linkPaused = !items.driver.needsDisplayLink } }
        var shown: BubbleFrame?
        var linkPaused = false
        var posted: [String] = []
        var size = Size(width: 375, height: 667)
        var onRemove: (String) -> Void = { _ in }

        init(items: BubbleItems<String, String, DefaultBubble>) { self.items = items }

        func show(_ genres: [Genre]) { try? items.apply(genres.map { BubbleItem(id: $0.slug, content: DefaultBubble(text: $0.name), tag: $0.family) }) }
        var selection: Set<String> { get { items.selection } set { items.setSelection(newValue) } }
        func save() -> String { items.picker.savedState() }
        func restore(_ text: String, genres: [Genre]) throws {
            try items.driver.restore(from: text)
            items.adopt { bubble in genres.first { $0.name == bubble.content.data.text }?.slug }
            show(genres)
        }

        func tick(_ timestamp: Double) {
            shown = items.driver.frame(at: timestamp).frame
            for note in items.driver.takeAnnouncements() { posted.append(note.text) }
            for e in items.driver.takeEvents() where e.kind == .longPressed { e.bubble.flatMap(items.id(of:)).map(onRemove) }
        }
        func layoutSubviews() { try? items.picker.resize(to: size) }
        func touchesBegan(_ touches: [FakeTouch]) { for t in touches { items.driver.pointerDown(id: t.id, at: t.location, timestamp: t.timestamp) } }
        func touchesMoved(_ touches: [FakeTouch], coalesced: [[FakeTouch]]) {
            for (t, samples) in zip(touches, coalesced) { for s in samples { items.driver.pointerMove(id: t.id, at: s.location, timestamp: s.timestamp) } }
        }
        func touchesEnded(_ touches: [FakeTouch]) { for t in touches { items.driver.pointerUp(id: t.id, at: t.location, timestamp: t.timestamp) } }
        func touchesCancelled(_ touches: [FakeTouch]) { for t in touches { items.driver.pointerCancel(id: t.id) } }

        /// The accessibility elements as the sketch builds them: label, value, selected trait,
        /// frame, activation and the custom action.
        var accessibilityElements: [(label: String, value: String, selected: Bool, frame: Rect, activate: () -> Bool, remove: (() -> Bool)?)] {
            items.driver.accessibilityElements().map { e in
                (e.label, e.value, e.isSelected, e.frame, { [unowned self] in items.driver.activate(e.id) },
                 e.actions.isEmpty ? nil : { [unowned self] in items.driver.longPress(e.id) })
            }
        }
    }

    @Test("the sketch's calls: the link pauses at rest and resumes on touch; tap, flick, VoiceOver activate and remove, announcements")
    func sketch() throws {
        var configuration = BubbleContainerConfiguration()
        configuration.maxSelected = 2
        let view = StandInPickerView(items: BubbleItems(driver: try BubblePickerDriver(configuration: configuration)))
        view.layoutSubviews()
        let genres = ["Jazz", "Rock", "Pop", "Blues", "Soul", "Funk"].map { Genre(slug: $0.lowercased(), name: $0, family: $0 < "Pop" ? "a" : "b") }
        var removedSlugs: [String] = []
        view.onRemove = { removedSlugs.append($0) }
        view.show(genres)
        var link = DisplayLink()
        while !view.linkPaused { view.tick(link.nextFrame()) }
        #expect(view.items.driver.picker.isAtRest, "the link paused because the picker rests")

        // A tap with UIKit's timestamps after a 1.2 s pause: the link restarts, the bubble is selected.
        let jazz = try #require(view.shown?.bubbles.first)
        var t = link.time + 1.2
        view.touchesBegan([FakeTouch(id: 77, location: jazz.center, timestamp: t)])
        #expect(!view.linkPaused, "a touch restarts the link")
        link.restart(after: t)
        view.tick(link.nextFrame())
        view.touchesEnded([FakeTouch(id: 77, location: jazz.center, timestamp: t + 0.09)])
        for _ in 0..<6 { view.tick(link.nextFrame()) }
        #expect(view.items.driver.picker.bubble(jazz.id)?.isSelected == true && view.posted == ["Jazz, selected"])
        #expect(view.selection == [view.items.id(of: jazz.id)!] && view.items.id(of: jazz.id) == "jazz")

        // A flick with coalesced touches: the bubble leaves at the finger's speed.
        let rock = try #require(view.shown?.bubbles.first { $0.id != jazz.id && $0.center.y > 300 })
        t = link.time + 0.004
        view.touchesBegan([FakeTouch(id: 78, location: rock.center, timestamp: t)])
        var finger = rock.center
        for frame in 1...12 {
            let samples = (1...2).map { k -> FakeTouch in
                let time = t + Double(2 * (frame - 1) + k) / 240
                return FakeTouch(id: 78, location: rock.center + Vector2(0, -900 * (time - t)), timestamp: time)
            }
            finger = samples[1].location
            view.touchesMoved([samples[1]], coalesced: [samples])
            view.tick(link.nextFrame())
        }
        view.touchesEnded([FakeTouch(id: 78, location: finger, timestamp: t + 0.1 + 0.016)])
        let speed = try #require(view.items.driver.velocity(of: rock.id)).length
        #expect(abs(speed - 900) < 1, "flicked at \(speed) pt/s")

        // VoiceOver: activate the first element, then its Remove action.
        let elements = view.accessibilityElements
        #expect(elements.count == 6 && elements.allSatisfy { $0.value == "1 of 2 selected" })
        let target = try #require(elements.first { !$0.selected })
        #expect(target.activate())
        #expect(target.remove?() == true)
        for _ in 0..<40 { view.tick(link.nextFrame()) }
        #expect(view.posted.suffix(3) == ["\(target.label), selected", "\(target.label), not selected", "\(target.label), removed"])
        #expect(view.items.driver.picker.count == 5 && removedSlugs == [target.label.lowercased()])
        while !view.linkPaused { view.tick(link.nextFrame()) }

        // Selection as a set of the app's ids; save, then restore into a new view in one call.
        let kept = genres.map(\.slug).filter { $0 != removedSlugs[0] && $0 != "jazz" }
        view.selection = [kept[0], kept[2]]
        for _ in 0..<30 { view.tick(link.nextFrame()) }
        let saved = view.save()
        let restored = StandInPickerView(items: BubbleItems(driver: try BubblePickerDriver(configuration: configuration)))
        try restored.restore(saved, genres: genres.filter { $0.slug != removedSlugs[0] })
        #expect(restored.selection == [kept[0], kept[2]] && restored.items.picker.count == 5, "restored, and nothing added by show")
        #expect(restored.items.picker.stateHash() == view.items.picker.stateHash(), "the exact state")
        var twin = link
        while !restored.linkPaused { restored.tick(twin.nextFrame()) }
    }
}
