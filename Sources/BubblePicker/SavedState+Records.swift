import BubblePhysics

/// A bubble's and a pointer's line in the saved-state text.
///
/// `bubble id tag selected phase phaseStart spawn animated diameterFrom diameterTo diameterStart
/// selectionOrder body previous`, where `spawn` is `corner`, `anchor` or `point x y`, `body` is
/// `slot generation` or `-`, `previous` is `x y diameter scale` or `-`.
///
/// `pointer id ignored`, `pointer id background x y time anchorX anchorY trailCount (x y)…`, or
/// `pointer id bubble bubbleID x y time dragging longPressed pressStart grabX grabY fingerX fingerY
/// sampleCount (x y time)…`.
extension StateWriter {
    static func fields<Content>(_ bubble: Bubble<Content>, _ motion: BubbleMotion) -> [String] {
        var values = [integer(bubble.id.rawValue), optional(bubble.tag), flag(bubble.isSelected), motion.phase.rawValue,
                      number(motion.phaseStart)]
        switch motion.spawn {
        case .corner: values.append("corner")
        case .anchor: values.append("anchor")
        case .point(let point): values += ["point"] + self.point(point)
        }
        values += [flag(motion.animated), number(motion.diameterFrom), number(motion.diameterTo), number(motion.diameterStart),
                   integer(motion.selectionOrder)]
        values += motion.body.map { [String($0.index), String($0.generation)] } ?? ["-"]
        values += motion.previous.map { self.point($0.center) + [number($0.diameter), number($0.scale)] } ?? ["-"]
        return values
    }

    static func fields(_ pointer: ActivePointer) -> [String] {
        var values = [integer(pointer.id)]
        switch pointer.gesture {
        case .ignored:
            values.append("ignored")
        case .background(let drag):
            values += ["background"] + point(drag.down.point) + [number(drag.down.time)] + point(drag.startAnchor)
            values += [integer(drag.trail.count)] + drag.trail.flatMap { point($0) }
        case .bubble(let drag):
            values += ["bubble", integer(drag.id.rawValue)] + point(drag.down.point) + [number(drag.down.time)]
            values += [flag(drag.isDragging), flag(drag.longPressed), number(drag.pressStart)] + point(drag.grabOffset) + point(drag.finger)
            values += [integer(drag.samples.count)] + drag.samples.flatMap { point($0.point) + [number($0.time)] }
        }
        return values
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
    static func bubble(_ f: inout StateFields, nextID: Int) throws(SavedStateError) -> (BubbleRecord, BubbleMotion) {
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
        let start = try f.number("diameterStart"), order = try f.integer("selectionOrder", in: 0...Int.max)
        let body: BodyHandle? = f.absent() ? nil
            : BodyHandle(index: Int32(try f.integer("body.slot", in: 0...Int(Int32.max))), generation: try f.generation("body.generation"))
        var previous: MotionSample? = nil
        if !f.absent() {
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
        switch try f.choice("gesture", ["ignored", "background", "bubble"]) {
        case "ignored":
            return ActivePointer(id: id, gesture: .ignored)
        case "background":
            let down = PointerSample(point: try f.point("down"), time: try f.number("down.time"))
            var drag = BackgroundGesture(down: down, startAnchor: try f.point("startAnchor"), trail: [])
            let count = try f.count("trail", limit: PickerConstants.sampleLimit)
            for index in 0..<count { drag.trail.append(try f.point("trail[\(index)]")) }
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
/// image name and label (`minSize maxSize background×4 imageAlpha hasLabel fontSize label×4
/// imageLength|image label`, the image length in Unicode scalars, -1 for none).
extension DefaultBubble {
    /// The content as saved-state text.
    var savedText: String {
        let s = style, w = StateWriter.self
        var numbers = [w.number(s.minSize), w.number(s.maxSize)] + (s.backgroundColor.map(Self.color) ?? ["-1", "-1", "-1", "-1"])
        numbers += [w.number(s.imageAlphaUnselected), w.flag(s.hasLabel), w.number(s.labelFontSize)] + Self.color(s.labelColor)
        numbers.append(String(data.imageName.map { $0.unicodeScalars.count } ?? -1))
        return numbers.joined(separator: " ") + "|" + (data.imageName ?? "") + data.text
    }

    static func color(_ c: BubbleColor) -> [String] { [c.red, c.green, c.blue, c.alpha].map(StateWriter.number) }

    /// The content `savedText` wrote, or nil for text it did not write.
    init?(savedText text: String) {
        guard let bar = text.firstIndex(of: "|") else { return nil }
        let words = text[..<bar].split(separator: " ", omittingEmptySubsequences: false)
        let numbers = words.map { Double($0) }
        guard words.count == 14, numbers.allSatisfy({ $0.map { $0.isFinite } ?? false }) else { return nil }
        let n = numbers.map { $0 ?? 0 }
        var style = BubbleStyle(minSize: n[0], maxSize: n[1])
        style.backgroundColor = n[2] < 0 ? nil : BubbleColor(red: n[2], green: n[3], blue: n[4], alpha: n[5])
        style.imageAlphaUnselected = n[6]
        guard n[7] == 0 || n[7] == 1 else { return nil }
        style.hasLabel = n[7] == 1
        style.labelFontSize = n[8]
        style.labelColor = BubbleColor(red: n[9], green: n[10], blue: n[11], alpha: n[12])
        let rest = text[text.index(after: bar)...].unicodeScalars
        guard let length = Int(words[13]), length >= -1, length <= rest.count else { return nil }
        let imageEnd = rest.index(rest.startIndex, offsetBy: max(length, 0))
        let image = length < 0 ? nil : String(String.UnicodeScalarView(rest[rest.startIndex..<imageEnd]))
        self.init(data: BubbleData(text: String(String.UnicodeScalarView(rest[imageEnd...])), imageName: image), style: style)
    }
}
