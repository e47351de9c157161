import BubblePicker

/// The playground's bubbles: stock ones and a custom-looking kind in one enum, which is how an app
/// mixes kinds in one picker (`BubbleContainer<PlaygroundBubble>`; no existentials, so it works in
/// Embedded Swift too).
public enum PlaygroundBubble: BubbleLayoutProvider, Hashable, Sendable {
    /// A stock bubble (black disc, white label; 80 pt, 106.4 pt selected by default).
    case standard(DefaultBubble)
    /// A custom-looking bubble: a coloured disc with a symbol and a title.
    case badge(Badge)

    /// The diameter of the case's content in that state.
    public func diameter(selected: Bool) -> Double {
        switch self {
        case .standard(let bubble): return bubble.diameter(selected: selected)
        case .badge(let badge): return selected ? badge.size * Badge.selectedGrowth : badge.size
        }
    }

    /// Stock bubbles look as `DefaultBubble` says; a badge shows its symbol and title on its colour,
    /// the title hidden while small so the symbol stays readable.
    public func appearance(selected: Bool) -> BubbleAppearance {
        switch self {
        case .standard(let bubble): return bubble.appearance(selected: selected)
        case .badge(let badge):
            return BubbleAppearance(text: selected ? badge.symbol + " " + badge.title : badge.symbol,
                                    backgroundColor: badge.color, showsLabel: true,
                                    fontSize: selected ? 16 : 22, labelColor: Badge.ink)
        }
    }

    /// The kind of bubble this is.
    public var kind: PlaygroundBubbleKind {
        switch self {
        case .standard: return .standard
        case .badge: return .badge
        }
    }
}

/// The kinds of bubble the playground adds.
public enum PlaygroundBubbleKind: String, Hashable, Sendable, CaseIterable {
    /// A stock `DefaultBubble` labelled with a genre.
    case standard
    /// A `Badge`.
    case badge
    /// A small stock bubble (20 pt) numbered in order: the stress test's bubbles.
    case small
}

/// A custom-looking bubble's content: a symbol, a title, a colour and a size.
public struct Badge: Hashable, Sendable {
    /// The symbol drawn large in the middle, e.g. "★".
    public var symbol: String
    /// A short title, shown beside the symbol once selected.
    public var title: String
    /// The disc's colour.
    public var color: BubbleColor
    /// Diameter when unselected, points (selected: `selectedGrowth` times as large).
    public var size: Double

    /// A badge from its parts.
    public init(symbol: String, title: String, color: BubbleColor, size: Double = 64) {
        self.symbol = symbol
        self.title = title
        self.color = color
        self.size = size
    }

    /// Selected badges grow more than stock bubbles (×1.33), so the difference shows.
    public static let selectedGrowth = 1.6
    /// Label colour on every badge: near-black, readable on the light palette.
    public static let ink = BubbleColor(red: 0.1, green: 0.1, blue: 0.14)

    /// The `index`-th badge of the playground's fixed catalogue (cycling), so a session's badges
    /// are the same on every run.
    public static func catalogue(_ index: Int) -> Badge {
        let entries: [(String, String, BubbleColor)] = [
            ("★", "Star", BubbleColor(red: 1, green: 0.8, blue: 0.25)),
            ("♥", "Love", BubbleColor(red: 1, green: 0.55, blue: 0.6)),
            ("♪", "Music", BubbleColor(red: 0.55, green: 0.8, blue: 1)),
            ("☀", "Sun", BubbleColor(red: 1, green: 0.68, blue: 0.35)),
            ("✿", "Bloom", BubbleColor(red: 0.78, green: 0.65, blue: 1)),
            ("☂", "Rain", BubbleColor(red: 0.5, green: 0.88, blue: 0.82)),
            ("⚡", "Power", BubbleColor(red: 0.98, green: 0.93, blue: 0.4)),
            ("☘", "Luck", BubbleColor(red: 0.6, green: 0.9, blue: 0.55)),
        ]
        let entry = entries[index % entries.count]
        return Badge(symbol: entry.0, title: entry.1, color: entry.2, size: 56 + Double(index % 3) * 8)
    }
}

/// Labels of the stock bubbles the playground adds, in order (then again with a number).
enum Genres {
    static let names = ["Rock", "Pop", "Jazz", "Blues", "Hip-Hop", "Classical", "Country", "Soul", "Reggae", "Metal",
                        "Folk", "Funk", "Disco", "House", "Techno", "Punk", "Indie", "Latin", "K-Pop", "Gospel"]

    /// The `index`-th label: the names, then "Rock 2", "Pop 2", …
    static func name(_ index: Int) -> String {
        let round = index / names.count
        let name = names[index % names.count]
        return round == 0 ? name : name + " " + String(round + 1)
    }
}
