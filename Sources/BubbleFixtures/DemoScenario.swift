import BubbleScenario

/// The bundled demo scenario (`bubblepicker simulate` with no file): byte for byte the text of
/// `Scenarios/demo.json`, embedded so the demo runs from any directory. A test keeps the two equal;
/// after editing the file, paste it here.
public enum DemoScenario {
    /// The scenario's name.
    public static let name = "demo"

    /// The JSON text of `Scenarios/demo.json`.
    public static let json = #"""
{
  "$schema": "./scenario.schema.json",
  "format": 1,
  "description": "The default demo: a 375 x 667 picker with 20 labelled genre bubbles; one is tapped, four are selected from code and one of those is toggled off again.",
  "seed": 20240601,
  "steps": 600,
  "trace": {"every": 30},
  "container": {"width": 375, "height": 667},
  "bubbles": [
    {"text": "Rock", "tag": 1}, {"text": "Pop", "tag": 2}, {"text": "Jazz", "tag": 3}, {"text": "Blues", "tag": 4},
    {"text": "Hip-Hop", "tag": 5}, {"text": "Classical", "tag": 6}, {"text": "Country", "tag": 7}, {"text": "Soul", "tag": 8},
    {"text": "Reggae", "tag": 9}, {"text": "Metal", "tag": 10}, {"text": "Folk", "tag": 11}, {"text": "Funk", "tag": 12},
    {"text": "Disco", "tag": 13}, {"text": "House", "tag": 14}, {"text": "Techno", "tag": 15}, {"text": "Punk", "tag": 16},
    {"text": "Indie", "tag": 17}, {"text": "Latin", "tag": 18}, {"text": "K-Pop", "tag": 19}, {"text": "Gospel", "tag": 20}
  ],
  "timeline": [
    {"at": 180, "event": "tap", "x": 187.5, "y": 333.5},
    {"at": 240, "event": "select", "tag": 3},
    {"at": 300, "event": "select", "tag": 10},
    {"at": 420, "event": "toggle", "tag": 3},
    {"at": 480, "event": "select", "tags": [6, 14]}
  ]
}
"""# + "\n"

    /// The decoded demo.
    public static func scenario() throws(ScenarioError) -> Scenario { try Scenario(json: json, name: name) }
}
