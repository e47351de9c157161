import BubblePhysics
@testable import BubblePicker

/// The container the tests drive: stock bubbles.
typealias Picker = BubbleContainer<DefaultBubble>

/// A 375 × 667 picker (an iPhone in portrait) with default settings and the given seed.
func makePicker(width: Double = 375, height: Double = 667, seed: UInt64 = 1,
                _ adjust: (inout BubbleContainerConfiguration) -> Void = { _ in }) -> Picker {
    var configuration = BubbleContainerConfiguration()
    configuration.size = Size(width: width, height: height)
    configuration.seed = seed
    adjust(&configuration)
    return try! Picker(configuration: configuration)
}

extension BubbleContainer {
    mutating func run(seconds: Double) {
        let steps = Int(seconds / configuration.physics.timeStep + 0.5)
        for _ in 0..<steps { step() }
    }

    /// Live bodies lying even partly outside the container, with a tolerance in points.
    func countOutside(tolerance: Double = 1e-6) -> Int {
        let rect = world.container.rect  // the content's: the container's own unless the fit policy scrolls
        return world.countOutside(Rect(x: rect.minX - tolerance, y: rect.minY - tolerance, width: rect.width + 2 * tolerance,
                                       height: rect.height + 2 * tolerance))
    }

    /// Snapshot of one bubble.
    func snapshot(of id: BubbleID) -> BubbleSnapshot? { frame().bubbles.first { $0.id == id } }
}

/// The feel measurement: 20 default bubbles dropped into a 375 × 667 container.
struct FeelFigures {
    var peakEnergy = 0.0
    var peakTime = 0.0
    /// Time after which kinetic energy stays below 1% of its peak, seconds.
    var settleTime = Double.infinity
    /// Kinetic energy at the end over the peak.
    var finalRatio = 0.0
    /// Largest rise of kinetic energy after the peak above its running minimum, over the peak.
    var energyRebound = 0.0
    /// How far the crowd's RMS distance from the anchor dips below its final value, points.
    var radiusOvershoot = 0.0
    var finalRadius = 0.0
    var largestOverlap = 0.0
    var centroidOffset = 0.0
    var farthest = 0.0
}

func measureFeel(seconds: Double = 6, configure: (inout BubbleContainerConfiguration) -> Void = { _ in }) -> (FeelFigures, Picker) {
    var picker = makePicker(seed: 7, configure)  // configure may override the seed
    for index in 0..<20 { picker.addDefaultBubble(text: "Bubble \(index)", tag: index % 3) }
    var figures = FeelFigures()
    var energies: [Double] = [], radii: [Double] = []
    let steps = Int(seconds * 60)
    for _ in 0..<steps {
        picker.step()
        energies.append(picker.world.kineticEnergy)
        radii.append(rmsDistance(picker))
    }
    let dt = picker.configuration.physics.timeStep
    let peakIndex = energies.indices.max { energies[$0] < energies[$1] } ?? 0
    figures.peakEnergy = energies[peakIndex]
    figures.peakTime = Double(peakIndex + 1) * dt
    let threshold = 0.01 * figures.peakEnergy
    var lastAbove = -1
    for index in energies.indices where energies[index] >= threshold { lastAbove = index }
    if lastAbove < energies.count - 1 { figures.settleTime = Double(lastAbove + 1) * dt }
    figures.finalRatio = (energies.last ?? 0) / figures.peakEnergy
    var running = figures.peakEnergy
    for energy in energies[peakIndex...] {
        running = min(running, energy)
        figures.energyRebound = max(figures.energyRebound, (energy - running) / figures.peakEnergy)
    }
    figures.finalRadius = radii.last ?? 0
    figures.radiusOvershoot = max(0, figures.finalRadius - (radii[peakIndex...].min() ?? 0))
    figures.largestOverlap = picker.world.overlapStatistics().largest
    let centres = picker.frame().bubbles.map { $0.center }
    let centroid = centres.reduce(Vector2.zero, +) / Double(centres.count)
    figures.centroidOffset = (centroid - picker.anchorPoint).length
    figures.farthest = centres.map { ($0 - picker.anchorPoint).length }.max() ?? 0
    return (figures, picker)
}

func rmsDistance(_ picker: Picker) -> Double {
    let centres = picker.frame().bubbles.map { $0.center }
    guard !centres.isEmpty else { return 0 }
    let sum = centres.reduce(0.0) { $0 + ($1 - picker.anchorPoint).lengthSquared }
    return (sum / Double(centres.count)).squareRoot()
}
