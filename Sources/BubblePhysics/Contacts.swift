/// Four contacts solved together, one per SIMD lane: which bodies and the accumulated impulse,
/// laid out by the build (12 bytes a contact). The lanes of one group never share a body (they
/// have the same colour), so gathering, solving and scattering them at once is exactly solving
/// them one after another. A padding lane (the end of a colour) has `a == b`, the first lane's
/// body, and mass 0 in its `LaneGeometry`: it applies nothing and is scattered before the lane
/// it copies.
struct ContactLanes: Sendable {
    var a: SIMD4<Int32>
    var b: SIMD4<Int32>
    /// Accumulated normal impulse of one substep (warm-started from the previous step).
    var impulse: SIMD4<Float>

    static let zero = ContactLanes(a: .zero, b: .zero, impulse: .zero)
}

/// The step's geometry of a group of four contacts, rewritten by every refresh (16 bytes a
/// contact; kept apart from `ContactLanes` so a build never holds it beside its pair lists).
///
/// The normal is fixed for the step (from `a` to `b`); the separation is its value at step
/// start plus the normal component of the bodies' displacements since, `base + n · (db − da)`,
/// exact along the normal and with no square root in the substeps. Single precision, like the
/// solver state the substeps run on; the refresh computes normals, masses and `base` in double.
struct LaneGeometry: Sendable {
    var nx: SIMD4<Float>
    var ny: SIMD4<Float>
    /// 1 / (1/ma + 1/mb); 0 for padding and for two kinematic bodies.
    var mass: SIMD4<Float>
    /// Separation at step start, `n · (pb − pa) − (ra + rb)`.
    var base: SIMD4<Float>

    static let zero = LaneGeometry(nx: .zero, ny: .zero, mass: .zero, base: .zero)
}

/// A contact that fitted no colour (a body with very many neighbours): solved one at a time.
struct Contact: Sendable {
    var a: Int32
    var b: Int32
    var nx: Float
    var ny: Float
    var mass: Float
    var impulse: Float
    /// Separation at step start (see `LaneGeometry.base`).
    var base: Float
}

/// A contact between a body and one solid border.
struct WallContact: Sendable {
    var slot: Int32
    var side: WallSide
    var normalMass: Double
    var impulse: Double
}

/// The scratch of contact builds, drift checks and sweeps: one arena per world storage, kept
/// between steps for its capacity and never copied, so a step reuses the memory of the last
/// instead of allocating (and faulting in) its buffers again. Every buffer is written by the
/// pass that uses it before it is read.
struct BuildScratch: Sendable {
    /// The contact build's grid (kept for its capacity between builds).
    var grid = Broadphase()
    /// The sweep's grid of end positions.
    var sweepGrid = Broadphase(copiesPositions: false)
    /// One list of pairs per chunk of cells.
    var chunks: [[Pair]] = []
    var carriedStart: [Int32] = []
    var carriedEntries: [CarriedImpulse] = []
    /// Per-slot counts of the carried-impulse passes' chunks after the first.
    var histograms: [Int32] = []
    /// Each pair's colour, in pair order.
    var colours: [UInt8] = []
    /// The colouring's colours in use per slot, one bit each.
    var masks: [UInt32] = []
    /// The drift check's blocks.
    var driftBlocks: [DriftBlock] = []
}

extension Array where Element: BitwiseCopyable {
    /// Empties the array, keeping its capacity, and fills it with `count` copies of `value`.
    /// - Complexity: O(count).
    mutating func refill(_ value: Element, count: Int) {
        precondition(count >= 0, "negative count")
        // Resize by the difference, then fill by doubling copies of the first element: a few
        // calls whatever the count, so an unoptimised build does not iterate a generic sequence.
        if self.count > count {
            removeLast(self.count - count)
        } else if self.count < count {
            // Grown by doubling copies of what it holds (bulk copies; the fill below writes
            // every element).
            reserveCapacity(count)
            if isEmpty { append(value) }
            while self.count < count { append(contentsOf: self[0 ..< Swift.min(self.count, count - self.count)]) }
        }
        guard count > 0 else { return }
        withUnsafeMutableBufferPointer { buffer in
            let stride = MemoryLayout<Element>.stride, raw = UnsafeMutableRawPointer(buffer.start)
            raw.storeBytes(of: value, as: Element.self)
            var filled = 1
            while filled < count {
                let copied = filled < count - filled ? filled : count - filled
                (raw + filled * stride).copyMemory(from: raw, byteCount: copied * stride)
                filled += copied
            }
        }
    }
}

extension World {
    /// A deterministic direction for two bodies at the same point (for example two bubbles
    /// spawned at the attraction point): one of eight unit vectors chosen from the slots, so
    /// a pile of coincident bodies spreads in every direction rather than along one line.
    @inline(__always)
    static func fallbackNormal(_ a: Int32, _ b: Int32) -> (Double, Double) {
        let h = 0.7071067811865476
        switch (Int(a) &* 7 &+ Int(b) &* 3) & 7 {
        case 0: return (1, 0)
        case 1: return (h, h)
        case 2: return (0, 1)
        case 3: return (-h, h)
        case 4: return (-1, 0)
        case 5: return (-h, -h)
        case 6: return (0, -1)
        default: return (h, -h)
        }
    }
}
