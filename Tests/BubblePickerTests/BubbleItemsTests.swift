import BubblePhysics
import Testing
@testable import BubblePicker

/// Items keyed by the app's identities: `apply` diffs (inserts, removes, updates in place),
/// selection as a set of the app's identities, tags of any `Hashable` type, velocity.
@Suite struct BubbleItemsTests {
    enum Family: Hashable { case jazz, rock }
    typealias Items = BubbleItems<String, Family, DefaultBubble>

    static func item(_ id: String, _ text: String? = nil, size: Double = 80, _ family: Family? = nil) -> BubbleItem<String, Family, DefaultBubble> {
        BubbleItem(id: id, content: DefaultBubble(text: text ?? id.uppercased(), style: BubbleStyle(minSize: size, maxSize: size * 1.33)), tag: family)
    }

    static func settled(_ list: [BubbleItem<String, Family, DefaultBubble>], _ adjust: (inout BubbleContainerConfiguration) -> Void = { _ in }) throws -> Items {
        var items = Items(driver: Driver(picker: makePicker(seed: 3, adjust)))
        try items.apply(list)
        for _ in 0..<180 { items.picker.step() }
        _ = items.driver.takeEvents()
        return items
    }

    @Test("apply inserts in the list's order, removes what is missing, updates the rest in place")
    func diff() throws {
        var items = try Self.settled([Self.item("a", nil, .jazz), Self.item("b"), Self.item("c"), Self.item("d")])
        #expect(items.ids == ["a", "b", "c", "d"] && items.picker.bubbles.map(\.id) == (0..<4).map { BubbleID($0) })
        items.select("b")
        let kept = try #require(items.bubbleID(for: "b")), sized = try #require(items.bubbleID(for: "c"))
        let before = items.picker.center(of: kept), oldDiameter = items.driver.currentFrame.bubbles.first { $0.id == sized }?.diameter
        _ = items.driver.takeEvents()
        try items.apply([Self.item("e"), Self.item("c", "Cee", size: 120), Self.item("b"), Self.item("a", nil, .rock)])
        #expect(items.ids == ["e", "c", "b", "a"])
        #expect(items.bubbleID(for: "b") == kept && items.picker.center(of: kept) == before && items.isSelected("b"), "b kept its bubble, place and selection")
        #expect(items.bubbleID(for: "d") == nil && items.picker.count == 4, "d is leaving")
        #expect(items.item("c")?.content.data.text == "Cee" && items.item("a")?.tag == .rock && items.item("e") != nil)
        let events = items.driver.takeEvents().map { "\($0.kind.rawValue) \(items.id(of: $0.bubble!) ?? "?")" }
        #expect(events == ["added e", "contentChanged c", "contentChanged a"], "in the list's order; b is unchanged and reports nothing")
        items.picker.step()
        let growing = try #require(items.driver.currentFrame.bubbles.first { $0.id == sized }?.diameter)
        #expect(growing > oldDiameter! && growing < 120, "the new size animates: \(growing)")
        for _ in 0..<60 { items.picker.step() }
        #expect(items.driver.takeEvents().map(\.kind).contains(.removed) && items.id(of: BubbleID(3)) == "d")
    }

    @Test("a repeated identity is refused with both positions, and nothing changes")
    func duplicate() throws {
        var items = try Self.settled([Self.item("a"), Self.item("b")])
        let hash = items.picker.stateHash()
        #expect(throws: BubbleItemsError.duplicateID(index: 2, firstIndex: 0)) {
            try items.apply([Self.item("a"), Self.item("c"), Self.item("a")])
        }
        #expect(items.picker.stateHash() == hash && items.ids == ["a", "b"])
        #expect(BubbleItemsError.duplicateID(index: 2, firstIndex: 0).description == "item 2 repeats the id of item 0")
    }

    @Test("selection as a set of the app's identities: get, set, limits; other bubbles keep theirs")
    func selection() throws {
        var items = try Self.settled((0..<6).map { Self.item("g\($0)") }) { $0.maxSelected = 2 }
        let outsider = items.picker.addDefaultBubble(text: "Not an item", selected: true)
        #expect(items.selection.isEmpty)
        let changed = items.setSelection(["g1", "g4", "nope"])
        #expect(changed == 1 && items.selection == ["g1"], "the outsider holds one of the two places: g4 is refused")
        #expect(items.driver.takeEvents().last?.kind == .selectionRefused)
        items.setSelection(["g4", "g5", "g0"])  // g1 leaves; g0, g4, g5 in the picker's order: g0 takes the place
        #expect(items.selection == ["g0"])
        items.setSelection([])
        #expect(items.selection.isEmpty && items.picker.bubble(outsider)?.isSelected == true, "bubbles that are not items keep theirs")
        items.picker.deselect(outsider)
        items.setSelection(["g2", "g3"])
        #expect(items.selection == ["g2", "g3"] && items.isSelected("g3") && !items.isSelected("g0"))
    }

    @Test("setSelection is deterministic whatever order the set was built in")
    func deterministicSelection() throws {
        var one = try Self.settled((0..<40).map { Self.item("g\($0)") }) { $0.maxSelected = 7 }
        var two = one
        one.setSelection(Set((0..<40).map { "g\($0)" }))
        two.setSelection(Set((0..<40).reversed().map { "g\($0)" }))
        for _ in 0..<30 { one.picker.step(); two.picker.step() }
        #expect(one.picker.stateHash() == two.picker.stateHash() && one.selection == two.selection)
    }

    @Test("the user's long press removes an item: it leaves ids and selection, maps back, and a later apply brings it back")
    func userRemoval() throws {
        var items = try Self.settled([Self.item("a"), Self.item("b")])
        items.select("a")
        let a = try #require(items.bubbleID(for: "a"))
        let removed = items.driver.longPress(a)
        #expect(removed)
        #expect(items.ids == ["b"] && items.selection.isEmpty && items.item("a") == nil && items.id(of: a) == "a")
        try items.apply([Self.item("a"), Self.item("b")])
        let back = try #require(items.bubbleID(for: "a"))
        #expect(back != a && items.ids == ["a", "b"] && !items.isSelected("a"))
    }

    @Test("tags of the app's type: items(withTag:), select(tag:), events' tags map back")
    func tags() throws {
        var items = try Self.settled([Self.item("a", nil, .jazz), Self.item("b", nil, .rock), Self.item("c", nil, .jazz)])
        #expect(items.items(withTag: .jazz) == ["a", "c"] && items.items(withTag: .rock) == ["b"])
        let selected = items.select(tag: .jazz)
        #expect(selected == 2 && items.selection == ["a", "c"])
        let tagsReported = items.driver.takeEvents().compactMap { $0.tag.flatMap { items.tag(ofPickerTag: $0) } }
        #expect(tagsReported == [.jazz, .jazz])
        let rock = items.deselect(tag: .rock), jazz = items.deselect(tag: .jazz)
        #expect(rock == 0 && jazz == 2)
    }

    @Test("integer identities, string tags, and a flicked item's public velocity in points per second")
    func velocity() throws {
        var items = BubbleItems<Int, String, DefaultBubble>(driver: Driver(picker: makePicker(seed: 9)))
        try items.apply((1...8).map { BubbleItem(id: $0 * 10, content: DefaultBubble(text: "n\($0)"), tag: $0 % 2 == 0 ? "even" : "odd") })
        #expect(items.velocity(of: 30) == .zero && items.velocity(of: 31) == nil, "added at rest; 31 is no item")
        var link = DisplayLink()
        link.runUntilRest(&items.driver)
        let id = try #require(items.bubbleID(for: 30)), center = try #require(items.driver.drawnCenter(of: id))
        let down = link.time + 0.5
        items.driver.pointerDown(id: 1, at: center, timestamp: down)
        for k in 1...12 { items.driver.pointerMove(id: 1, at: center + Vector2(0, -5 * Double(k)), timestamp: down + Double(k) / 120) }
        items.driver.pointerUp(id: 1, at: center + Vector2(0, -60), timestamp: down + 0.1)
        let speed = try #require(items.velocity(of: 30))
        #expect(speed == items.driver.velocity(of: id) && abs(speed.y + 600) < 1, "\(speed)")
        #expect(items.items(withTag: "even") == [20, 40, 60, 80] && items.velocity(of: 31) == nil)
    }

    @Test("after a restore, adopt rebuilds the map: the next apply keeps every bubble, its place and its selection")
    func adoptAfterRestore() throws {
        let list = [Self.item("a", nil, .jazz), Self.item("b", nil, .rock), Self.item("c")]
        var items = try Self.settled(list)
        items.setSelection(["b"])
        let restored = try Picker(savedState: items.picker.savedState())
        var again = Items(driver: Driver(picker: restored))
        again.adopt { bubble in list.first { $0.content == bubble.content }?.id }
        _ = again.driver.takeEvents()
        try again.apply(list)
        #expect(again.selection == ["b"] && again.ids == ["a", "b", "c"] && again.picker.count == 3)
        #expect(again.driver.takeEvents().allSatisfy { $0.kind == .contentChanged }, "nothing added or removed")
        #expect(again.items(withTag: .rock) == ["b"] && again.picker.center(of: again.bubbleID(for: "c")!) == items.picker.center(of: items.bubbleID(for: "c")!))
    }

    @Test("random applies, selections, long presses and steps (150; 5,000 in the long tests): the map matches the picker")
    func randomApplies() throws {
        var random = SplitMix64(seed: 44)
        var items = Items(driver: Driver(picker: makePicker(seed: 4) { $0.maxSelected = 4 }))
        var list: [BubbleItem<String, Family, DefaultBubble>] = []
        for _ in 0..<TestSize.pick(150, long: 5000) {
            switch random.next(below: 6) {
            case 0, 1:
                var next: [BubbleItem<String, Family, DefaultBubble>] = []
                for k in 0..<30 where random.next(below: 3) > 0 {
                    let family: Family? = [nil, .jazz, .rock][random.next(below: 3)]
                    next.append(Self.item("k\(k)", "K\(k)", size: Double(40 + 20 * random.next(below: 3)), family))
                }
                if !next.isEmpty { next.swapAt(0, random.next(below: next.count)) }
                list = next
                try items.apply(list)
            case 2: items.setSelection(Set((0..<30).filter { _ in random.next(below: 4) == 0 }.map { "k\($0)" }))
            case 3: if let id = items.ids.randomElement(using: &random), let bubble = items.bubbleID(for: id) { items.driver.longPress(bubble) }
            default: for _ in 0..<random.next(below: 20) { items.picker.step() }
            }
            let live = items.ids
            #expect(live == list.map(\.id).filter { items.bubbleID(for: $0) != nil }, "ids follow the list's order")
            #expect(Set(live.compactMap { items.bubbleID(for: $0) }).count == live.count, "one bubble per item")
            #expect(items.picker.count == live.count && items.selection.isSubset(of: Set(live)))
            #expect(live.allSatisfy { id in items.item(id)?.content == list.first { $0.id == id }?.content })
        }
    }
}

