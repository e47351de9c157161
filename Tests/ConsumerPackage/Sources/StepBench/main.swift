// Step time of a picker as an app's dependency sees it, in whatever configuration this package is
// built (`.ci/debug-bench` builds it in debug and in release and records both).
//
//   StepBench COUNT [MEASURED_STEPS [ROUNDS [WARM_UP_STEPS]]]
//
// A square container of twice the stock bubbles' area holds COUNT stock bubbles added without
// animation; WARM_UP_STEPS steps (default 60) let them start moving, then MEASURED_STEPS steps
// (default 120) are timed, ROUNDS times (default 3), each round on a fresh picker. Prints one CSV row: count, measured steps,
// the median milliseconds per step, whether the picker rested, and a hash of the final centres
// (equal in debug and release: the optimizer changes no result).
import BubbleGeometry
import BubblePicker
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let arguments = CommandLine.arguments.dropFirst().map { Int($0) }
guard let count = arguments.first ?? nil, count > 0, arguments.allSatisfy({ $0 != nil && $0! >= 0 }) else {
    print("usage: StepBench COUNT [MEASURED_STEPS [ROUNDS [WARM_UP_STEPS]]]")
    exit(64)
}
let measured = arguments.count > 1 ? arguments[1]! : 120
let rounds = max(1, arguments.count > 2 ? arguments[2]! : 3)
let warmUp = arguments.count > 3 ? arguments[3]! : 60

func makePicker(_ count: Int) -> BubbleContainer<DefaultBubble> {
    var configuration = BubbleContainerConfiguration()
    let side = (Double(count) * 3.141592653589793 * 40 * 40 * 2).squareRoot()
    configuration.size = Size(width: side, height: side)
    var picker = try! BubbleContainer<DefaultBubble>(configuration: configuration)
    for index in 0..<count { picker.addDefaultBubble(text: "Bubble \(index)", animated: false) }
    return picker
}

var times: [Double] = []
var hash: UInt64 = 0
var rested = false
let clock = ContinuousClock()
for _ in 0..<rounds {
    var picker = makePicker(count)
    for _ in 0..<warmUp { picker.step() }
    let elapsed = clock.measure { for _ in 0..<measured { picker.step() } }
    let (seconds, attoseconds) = elapsed.components
    times.append((Double(seconds) + Double(attoseconds) * 1e-18) * 1000 / Double(max(measured, 1)))
    rested = picker.isAtRest
    hash = picker.frame().bubbles.reduce(14_695_981_039_346_656_037) { ($0 ^ $1.center.x.bitPattern ^ ($1.center.y.bitPattern << 1)) &* 1_099_511_628_211 }
}
times.sort()
let hex = String(hash, radix: 16)
print("\(count),\(measured),\(times[times.count / 2]),\(rested),\(String(repeating: "0", count: 16 - hex.count) + hex)")
