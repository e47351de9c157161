import Testing
import Balloons

/// The README's Balloons example, kept compiling and checked.
@Test("the README's Balloons example runs and does what it says")
func balloonsReadmeExample() throws {
    var config = BalloonConfiguration(cornerRadius: .fixed(12), cornerSmoothing: 0.6)
    config.stem = StemConfiguration(edge: .bottom, offset: 20, size: Size(width: 30, height: 14),
                                    joinSmoothing: 0.3, tipRounding: 3)
    let inside = try BezierPath.balloon(in: Rect(x: 0, y: 0, width: 220, height: 120), configuration: config)
    let around = try BezierPath.balloon(around: Rect(x: 0, y: 0, width: 220, height: 100), configuration: config)
    let d = around.svgPathData
    let halfway = try inside.interpolated(to: around, fraction: 0.5)
    let chat = try BezierPath.chatBubble(in: Rect(x: 0, y: 0, width: 160, height: 60), tail: .bottomRight,
                                   style: ChatBubbleStyle(borderWidth: 2))
    let placement = try BalloonPlacement.place(targetCircle: Vector2(x: 120, y: 300), radius: 30,
                                               contentSize: Size(width: 80, height: 16),
                                               container: Rect(x: 0, y: 0, width: 390, height: 844),
                                               permitted: [.down, .up, .left, .right])
    let label = try TextMetrics.sansSerif.fit("Classical", width: 60, preferredSize: 13, minimumSize: 8)
    let font = FontWidthTable.liberationSans
    let text = try font.layout("Singer/Songwriter classics from the seventies", width: 160,
                               style: TextStyle(preferredSize: 13, minimumSize: 11, maximumLines: 3))
    let group = try BalloonPlacement.placeGroup(
        [PlacementRequest(target: .circle(center: Vector2(x: 140, y: 200), radius: 20), contentSize: text.size),
         PlacementRequest(target: .point(Vector2(x: 180, y: 200)), contentSize: Size(width: 60, height: 16), previous: .up)],
        container: Rect(x: 0, y: 0, width: 390, height: 844), options: PlacementOptions(offset: 4))
    #expect(text.lines.map { $0.text } == ["Singer/Songwriter classics", "from the seventies"])
    #expect(group.isFree && group.placements[1].direction == .up)
    #expect(label.width <= 60 && label.fontSize >= 8)
    #expect(d.hasPrefix("M") && d.hasSuffix("Z"))
    #expect(inside.isClosed && around.isClosed && halfway.isClosed && chat.isClosed)
    #expect(placement.fits)
}
