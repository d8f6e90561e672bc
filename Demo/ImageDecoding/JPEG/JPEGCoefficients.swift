/// The quantised DCT coefficients of a progressive JPEG, gathered scan by scan and turned into
/// component planes once the last scan is read.
///
/// Each component has 64 coefficients (in zigzag order) for every 8×8 block of its plane,
/// padded to whole MCUs, allocated at its first DC scan. For each component and coefficient it
/// also keeps the bit the scans have coded it down to, so that a scan coding a coefficient twice
/// or refining bits out of order is refused: that keeps the work per file bounded too, at most
/// 14 passes over any coefficient.
struct JPEGCoefficients {
    let frame: JPEGFrame
    /// Per component: 64 coefficients per block, blocks row by row; empty before its first scan.
    var blocks: [[Int16]]
    /// Per component and coefficient: the bit it is coded down to, or nil before its first scan.
    private var codedDownTo: [[Int?]]
    /// Per component: the quantisation steps (zigzag order) in force at its first scan.
    private var quantization: [[Int]?]

    /// No coefficient yet of any component of `frame`.
    init(frame: JPEGFrame) {
        self.frame = frame
        blocks = Array(repeating: [], count: frame.components.count)
        codedDownTo = Array(
            repeating: Array(repeating: nil, count: 64), count: frame.components.count)
        quantization = Array(repeating: nil, count: frame.components.count)
    }

    /// Blocks across the plane of component `index`.
    func blocksAcross(_ index: Int) -> Int { frame.planeWidth(index) / 8 }

    /// Whether every component has had its DC coefficients coded, so there is a picture.
    var hasEveryComponent: Bool { codedDownTo.allSatisfy { $0[0] != nil } }

    /// Checks that `scan` codes the bits that come next for its coefficients and records them as
    /// coded; allocates the blocks of the components whose first DC scan it is, once the
    /// `bytesLeft` in the file could hold that scan (each block takes at least a bit) and their
    /// quantisation table (of `tables`) is defined.
    mutating func begin(_ scan: JPEGProgressiveScan, tables: [[Int]?], bytesLeft: Int) throws {
        let place = "the scan at byte \(scan.offset)"
        for part in scan.parts {
            let component = frame.components[part.component]
            let coded = codedDownTo[part.component]
            if scan.start > 0 && coded[0] == nil {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "\(place) codes AC coefficients of component \(component.id) before its "
                            + "DC coefficients"))
            }
            for k in scan.start...scan.end {
                if scan.high == 0, coded[k] != nil {
                    throw ImageDecodingError(
                        .jpeg,
                        .corrupt(
                            "\(place) codes coefficient \(k) of component \(component.id) again"))
                }
                if scan.high > 0, coded[k] != scan.high {
                    let state = coded[k].map { "coded down to bit \($0)" } ?? "not coded yet"
                    throw ImageDecodingError(
                        .jpeg,
                        .corrupt(
                            "\(place) refines coefficient \(k) of component \(component.id) from "
                                + "bit \(scan.high), but it is \(state)"))
                }
                codedDownTo[part.component][k] = scan.low
            }
        }
        let starting = scan.parts.map(\.component).filter { blocks[$0].isEmpty }
        guard !starting.isEmpty else { return }
        guard bytesLeft * 8 >= scan.blockCount else {
            throw ImageDecodingError(
                .jpeg,
                .truncated(
                    "\(place) codes \(scan.blockCount) blocks, which take at least "
                        + "\(scan.blockCount / 8) bytes, and the file has \(bytesLeft) left"))
        }
        for index in starting {
            let slot = frame.components[index].quantizationTable
            guard let steps = tables[slot] else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "component \(frame.components[index].id) uses quantisation table "
                            + "\(slot), never defined"))
            }
            quantization[index] = steps
            let count = blocksAcross(index) * (frame.planeHeight(index) / 8) * 64
            blocks[index] = [Int16](repeating: 0, count: count)
        }
    }

    /// The component planes: every block dequantised and transformed. Components never coded
    /// are mid grey.
    func planes() -> [[UInt8]] {
        var coefficients = [Float](repeating: 0, count: 64)
        return frame.components.indices.map { index in
            let stride = frame.planeWidth(index)
            var plane = [UInt8](repeating: 128, count: stride * frame.planeHeight(index))
            guard let steps = quantization[index] else { return plane }
            let across = blocksAcross(index)
            let zigzag = JPEGScanDecoder.zigzag
            blocks[index].withUnsafeBufferPointer { blocks in
                plane.withUnsafeMutableBufferPointer { plane in
                    for block in 0..<blocks.count / 64 {
                        var flat = true
                        for k in 0..<64 {
                            let value = Int(blocks[block * 64 + k])
                            if k > 0 && value != 0 { flat = false }
                            coefficients[zigzag[k]] = Float(value * steps[k])
                        }
                        let origin = (block / across) * 8 * stride + (block % across) * 8
                        coefficients.withUnsafeBufferPointer {
                            JPEGInverseDCT.transform(
                                $0.baseAddress!, flat: flat, into: plane.baseAddress!,
                                origin: origin, stride: stride)
                        }
                    }
                }
            }
            return plane
        }
    }
}
