import BubblePhysics

/// A bubble's line in the saved-state text (version 2, every value named):
///
/// `bubble id= tag= selected= phase= phaseStart= spawn= [spawn.x= spawn.y=] animated= diameterFrom=
/// diameterTo= diameterStart= selectionOrder= body=-|body.slot= body.generation= previous=-|previous.x=
/// previous.y= previous.diameter= previous.scale=`, `spawn` being `corner`, `anchor` or `point`.
///
/// Version 1 also held pointer lines (`pointer id ignored|background …|bubble …`); pointers are
/// transient, so version 2 writes none and a version-1 text's are read only to be cancelled.
extension StateWriter {
    /// Writes a bubble's line.
    mutating func bubbleLine<Content>(_ bubble: Bubble<Content>, _ motion: BubbleMotion) {
        begin("bubble")
        put("id", integer: bubble.id.rawValue); put("tag", optional: bubble.tag); put("selected", flag: bubble.isSelected)
        put("phase", motion.phase.rawValue); put("phaseStart", number: motion.phaseStart)
        motionFields(motion)
        end()
    }

    /// The bubble line's fields after `phaseStart` (not generic: one copy for every content type).
    @inline(never)
    mutating func motionFields(_ motion: BubbleMotion) {
        switch motion.spawn {
        case .corner: put("spawn", "corner")
        case .anchor: put("spawn", "anchor")
        case .point(let point): put("spawn", "point"); put("spawn", point: point)
        }
        put("animated", flag: motion.animated); put("diameterFrom", number: motion.diameterFrom)
        put("diameterTo", number: motion.diameterTo); put("diameterStart", number: motion.diameterStart)
        put("selectionOrder", integer: motion.selectionOrder)
        if let body = motion.body {
            put("body.slot", String(body.index)); put("body.generation", String(body.generation))
        } else {
            put("body", "-")
        }
        if let previous = motion.previous {
            put("previous", point: previous.center)
            put("previous.diameter", number: previous.diameter); put("previous.scale", number: previous.scale)
        } else {
            put("previous", "-")
        }
    }
}

/// What a bubble line holds besides the content.
struct BubbleRecord {
    var id: BubbleID
    var tag: Int?
    var isSelected: Bool
}

extension StateFields {
    /// Reads a bubble line (ids must be below `nextID`, unless the counter has passed the top).
    static func bubble(_ f: inout StateFields, nextID: Int, counterLimit: Int) throws(SavedStateError) -> (BubbleRecord, BubbleMotion) {
        let id = try f.integer("id", in: BubbleID.range.bounds)
        guard id < nextID || nextID > BubbleID.range.upperBound else {
            throw f.failure("id", Substring(String(id)), "must be below picker.ids.nextID \(nextID)")
        }
        let record = BubbleRecord(id: BubbleID(id), tag: try f.optionalInteger("tag"), isSelected: try f.flag("selected"))
        let phases: [BubblePhase] = [.waiting, .growingIn, .present, .removing]
        let phase = BubblePhase(rawValue: try f.choice("phase", phases.map { $0.rawValue })) ?? .waiting
        let phaseStart = try f.number("phaseStart")
        let spawn: SpawnPoint
        switch try f.choice("spawn", ["corner", "anchor", "point"]) {
        case "corner": spawn = .corner
        case "anchor": spawn = .anchor
        default: spawn = .point(Vector2(try f.number("spawn.x", in: BodyDefinition.coordinateRange),
                                        try f.number("spawn.y", in: BodyDefinition.coordinateRange)))
        }
        let animated = try f.flag("animated")
        let sizes = SettingRange<Double>("diameter", PickerConstants.minimumDiameter...PickerConstants.maximumDiameter)
        let from = try f.number("diameterFrom", in: sizes), to = try f.number("diameterTo", in: sizes)
        let start = try f.number("diameterStart"), order = try f.integer("selectionOrder", in: 0...counterLimit)
        let body: BodyHandle? = f.absent("body") ? nil
            : BodyHandle(index: Int32(try f.integer("body.slot", in: 0...Int(Int32.max))), generation: try f.generation("body.generation"))
        var previous: MotionSample? = nil
        if !f.absent("previous") {
            previous = MotionSample(center: try f.point("previous"), diameter: try f.number("previous.diameter"),
                                    scale: try f.number("previous.scale"))
        }
        return (record, BubbleMotion(body: body, phase: phase, phaseStart: phaseStart, spawn: spawn, animated: animated,
                                     isSelected: record.isSelected, diameterFrom: from, diameterTo: to, diameterStart: start,
                                     selectionOrder: order, previous: previous))
    }

    /// Reads a pointer line.
    static func pointer(_ f: inout StateFields) throws(SavedStateError) -> ActivePointer {
        let id = try f.integer("id")
        switch try f.choice("gesture", ["ignored", "background", "bubble", "scroll"]) {
        case "ignored":
            return ActivePointer(id: id, gesture: .ignored)
        case let word where word == "background" || word == "scroll":
            let down = PointerSample(point: try f.point("down"), time: try f.number("down.time"))
            var drag = BackgroundGesture(down: down, startAnchor: try f.point("startAnchor"), trail: [])
            let count = try f.count("trail", limit: PickerConstants.sampleLimit)
            for index in 0..<count { drag.trail.append(try f.point("trail[\(index)]")) }
            if word == "scroll" {
                var scroll = ScrollDrag(startOffset: try f.number("startOffset", in: BodyDefinition.coordinateRange), samples: [])
                let samples = try f.count("scrollSamples", limit: PickerConstants.sampleLimit)
                for index in 0..<samples {
                    scroll.samples.append(PointerSample(point: try f.point("scrollSamples[\(index)]"),
                                                        time: try f.number("scrollSamples[\(index)].time")))
                }
                drag.scroll = scroll
            }
            return ActivePointer(id: id, gesture: .background(drag))
        default:
            let bubble = BubbleID(try f.integer("bubble", in: BubbleID.range.bounds))
            let down = PointerSample(point: try f.point("down"), time: try f.number("down.time"))
            var drag = BubbleGesture(id: bubble, down: down, samples: [], isDragging: try f.flag("dragging"),
                                     grabOffset: .zero, finger: .zero, longPressed: try f.flag("longPressed"),
                                     pressStart: try f.number("pressStart"))
            drag.grabOffset = try f.point("grabOffset")
            drag.finger = try f.point("finger")
            let count = try f.integer("samples", in: 1...PickerConstants.sampleLimit)
            for index in 0..<count {
                drag.samples.append(PointerSample(point: try f.point("samples[\(index)]"), time: try f.number("samples[\(index)].time")))
            }
            return ActivePointer(id: id, gesture: .bubble(drag))
        }
    }
}

/// The stock bubble's content as one line of saved-state text: its style's numbers, then its
/// image name and label (`minSize maxSize hasBackground background×4 imageAlpha hasLabel fontSize
/// label×4 hidesLabelWhenSelected imageLength|image label`, the background 0 0 0 0 when the theme's
/// palette colours it, the image length in Unicode scalars, -1 for none). The 14-number line of
/// the first format (no `hasBackground`, no `hidesLabelWhenSelected`) still reads.
extension DefaultBubble {
    /// The content as saved-state text.
    var savedText: String {
        let s = style, w = StateWriter.self
        var numbers = [w.number(s.minSize), w.number(s.maxSize), w.flag(s.backgroundColor != nil)]
        numbers += Self.color(s.backgroundColor ?? BubbleColor(red: 0, green: 0, blue: 0, alpha: 0))
        numbers += [w.number(s.imageAlphaUnselected), w.flag(s.hasLabel), w.number(s.labelFontSize)] + Self.color(s.labelColor)
        numbers.append(w.flag(s.hidesLabelWhenSelected))
        numbers.append(String(data.imageName.map { $0.unicodeScalars.count } ?? -1))
        return numbers.joined(separator: " ") + "|" + (data.imageName ?? "") + data.text
    }

    static func color(_ c: BubbleColor) -> [String] { [c.red, c.green, c.blue, c.alpha].map(StateWriter.number) }

    /// The content `savedText` wrote, or nil for text it did not write.
    init?(savedText text: String) {
        guard let bar = text.firstIndex(of: "|") else { return nil }
        var words = text[..<bar].split(separator: " ", omittingEmptySubsequences: false)
        if words.count == 14 {  // the first format: a background always, labels never hidden
            words.insert("1", at: 2)
            words.insert("0", at: 14)
        }
        let numbers = words.map { Double($0) }
        guard words.count == 16, numbers.allSatisfy({ $0.map { $0.isFinite } ?? false }) else { return nil }
        let n = numbers.map { $0 ?? 0 }
        guard [n[2], n[8], n[14]].allSatisfy({ $0 == 0 || $0 == 1 }) else { return nil }
        var style = BubbleStyle(minSize: n[0], maxSize: n[1])
        style.backgroundColor = n[2] == 1 ? BubbleColor(red: n[3], green: n[4], blue: n[5], alpha: n[6]) : nil
        style.imageAlphaUnselected = n[7]
        style.hasLabel = n[8] == 1
        style.labelFontSize = n[9]
        style.labelColor = BubbleColor(red: n[10], green: n[11], blue: n[12], alpha: n[13])
        style.hidesLabelWhenSelected = n[14] == 1
        let rest = text[text.index(after: bar)...].unicodeScalars
        guard let length = Int(words[15]), length >= -1, length <= rest.count else { return nil }
        let imageEnd = rest.index(rest.startIndex, offsetBy: max(length, 0))
        let image = length < 0 ? nil : String(String.UnicodeScalarView(rest[rest.startIndex..<imageEnd]))
        self.init(data: BubbleData(text: String(String.UnicodeScalarView(rest[imageEnd...])), imageName: image), style: style)
    }
}
