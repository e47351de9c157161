// Every library module of BubblePicker imported in one file, as an app would: the names must not
// be ambiguous, the libraries must link (libm on Linux without Foundation) and run.
import Balloons
import BubbleGeometry
import BubblePhysics
import BubblePicker
import BubbleScenario
import BubbleScene
import BubbleSVG
import BubbleWeb

var configuration = BubbleContainerConfiguration()
configuration.size = Size(width: 375, height: 667)
var picker = try BubbleContainer<DefaultBubble>(configuration: configuration)
for genre in ["Jazz", "Rock", "Pop"] { picker.addDefaultBubble(text: genre) }
for _ in 0..<120 { picker.step() }
picker.select(tag: 0)

var world = try World(container: Container(rect: Rect(x: 0, y: 0, width: 100, height: 100)))
try world.createBody(BodyDefinition(position: Vector2(50, 50), radius: 10))
world.step()

let placement = try BalloonPlacement.place(targetCircle: Vector2(120, 300), radius: 30,
                                           contentSize: Size(width: 80, height: 16),
                                           container: Rect(x: 0, y: 0, width: 390, height: 844))
let path: BezierPath = try placement.path

let scenario = try Scenario(json: """
{"format": 1, "description": "consumer", "seed": 1, "steps": 30, "container": {"width": 200, "height": 200},
 "bubbles": [{"text": "A"}, {"text": "B"}]}
""", name: "consumer")
let trace = try Trace.replay(scenario)
var builder = SceneBuilder()
let svg = SceneSVG.document(builder.scene(for: picker.frame()))

var session = try PlaygroundSession(size: Size(width: 375, height: 667))
session.add(.badge)
session.advance(by: 0.1)
var encoder = SceneEncoder()
encoder.encode(session.scene())

let inside = picker.frame().bubbles.allSatisfy { Rect(origin: .zero, size: configuration.size).contains($0.center) }
print("consumer ok: \(picker.count) bubbles, inside \(inside), world \(world.bodyCount), path \(path.elements.count), "
      + "trace \(trace.hashes.count), svg \(svg.count > 0), web scene \(encoder.numbers.count > 13)")
