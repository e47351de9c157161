// The accessibility mirror's export without JSON: the page's role=option mirror (a11y.js) asks
// for the bubbles' boxes in reading order as numbers, and for their labels only when content
// changed, so keeping the mirror current costs no text for the unchanged bubbles.
import BubblePicker
import BubbleWeb

/// Writes the accessibility elements in reading order as numbers: focused id (-1 none), count,
/// then per element id, selected (0/1), x, y, width, height (the frame on screen, container
/// points, top-left corner and size). With `withLabels` 1, also writes their labels as text,
/// in the same order, each ended by a NUL byte. Returns the count of numbers.
/// - Complexity: O(n log n) (the reading order), no text unless `withLabels`.
@_expose(wasm, "bp_accessibility_layout") @_cdecl("bp_accessibility_layout")
func bp_accessibility_layout(_ withLabels: Int32) -> Int32 {
    guard session != nil else { return -1 }
    let elements = session!.accessibilityElements()
    var values: [Double] = []
    values.reserveCapacity(2 + 6 * elements.count)
    values.append(Double(session!.driver.focusedBubble?.rawValue ?? -1))
    values.append(Double(elements.count))
    var labels: [UInt8] = []
    for element in elements {
        values.append(Double(element.id.rawValue))
        values.append(element.isSelected ? 1 : 0)
        values.append(element.frame.minX)
        values.append(element.frame.minY)
        values.append(element.frame.width)
        values.append(element.frame.height)
        if withLabels == 1 {
            labels.append(contentsOf: element.label.utf8)
            labels.append(0)
        }
    }
    numbers.write(values)
    if withLabels == 1 { text.write(labels) }
    return Int32(values.count)
}
