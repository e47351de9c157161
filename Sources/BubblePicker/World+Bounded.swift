import BubblePhysics

/// Runs a world edit whose values the container has already bounded (sizes sanitised, positions
/// kept within the world's limits, densities within range). A failure would be a bug in the
/// container, not bad input: the debug build stops at the assertion, a release build skips the
/// edit and the world keeps its previous, valid value.
@inline(__always)
func bounded(_ edit: @autoclosure () throws(InvalidValue) -> Void) {
    do { try edit() } catch { assertionFailure("container bug: \(error)") }
}
