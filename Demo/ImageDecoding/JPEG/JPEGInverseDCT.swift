import Foundation

/// The 8×8 inverse discrete cosine transform of JPEG, done as eight 1-D transforms over the
/// rows and then eight over the columns, in floating point. Slow next to integer versions, but
/// plain to read and exact to well within one grey level.
enum JPEGInverseDCT {
    /// `cosines[x * 8 + u]` = C(u) · cos((2x + 1)uπ / 16) / 2, with C(0) = 1/√2 and C(u) = 1 otherwise.
    private static let cosines: [Float] = (0..<64).map { entry in
        let x = Double(entry / 8)
        let u = Double(entry % 8)
        let scale = u == 0 ? 1 / 2.0.squareRoot() : 1
        return Float(scale * cos((2 * x + 1) * u * Double.pi / 16) / 2)
    }

    /// Transforms the 64 dequantised coefficients (row by row, natural order) of one block and
    /// writes its samples, shifted by 128 and clamped to 0…255, into `plane` at `origin` with
    /// `stride` samples per row. A `flat` block (only its DC coefficient is set) is one value.
    static func transform(
        _ coefficients: UnsafePointer<Float>, flat: Bool, into plane: UnsafeMutablePointer<UInt8>,
        origin: Int, stride: Int
    ) {
        if flat {
            // Both 1-D transforms scale the DC coefficient by C(0) / 2: 1/8 in all.
            let sample = JPEGColorConverter.byte(Int((coefficients[0] / 8 + 128).rounded()))
            for y in 0..<8 {
                (plane + origin + y * stride).update(repeating: sample, count: 8)
            }
            return
        }
        withUnsafeTemporaryAllocation(of: Float.self, capacity: 64) { rows in
            cosines.withUnsafeBufferPointer { cosines in
                // Along each row: coefficient row v, frequency u → row v, sample x.
                for v in 0..<8 {
                    // A row of zero coefficients transforms to zeros.
                    if (0..<8).allSatisfy({ coefficients[v * 8 + $0] == 0 }) {
                        (rows.baseAddress! + v * 8).update(repeating: 0, count: 8)
                        continue
                    }
                    for x in 0..<8 {
                        var sum: Float = 0
                        for u in 0..<8 { sum += cosines[x * 8 + u] * coefficients[v * 8 + u] }
                        rows[v * 8 + x] = sum
                    }
                }
                // Down each column: frequency v → sample y.
                for x in 0..<8 {
                    for y in 0..<8 {
                        var sum: Float = 0
                        for v in 0..<8 { sum += cosines[y * 8 + v] * rows[v * 8 + x] }
                        let sample = Int((sum + 128).rounded())
                        plane[origin + y * stride + x] = JPEGColorConverter.byte(sample)
                    }
                }
            }
        }
    }
}
