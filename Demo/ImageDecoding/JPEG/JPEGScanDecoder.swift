/// Decodes the entropy-coded data of one baseline scan into the component planes: per block a
/// DC difference and up to 63 run-length coded AC coefficients, dequantised and transformed.
/// Restart markers (DRI/RSTn) reset the DC predictions every `restartInterval` MCUs.
struct JPEGScanDecoder {
    /// One component of the scan, with what its blocks are decoded with.
    struct Part {
        /// The component's index in the frame (and in the planes).
        let component: Int
        let dcTable: JPEGHuffmanTable
        let acTable: JPEGHuffmanTable
        /// 64 quantisation steps in zigzag order.
        let quantization: [Int]
    }

    /// Natural (row-major) position of the k-th coefficient in zigzag order.
    static let zigzag: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]

    let frame: JPEGFrame
    let parts: [Part]
    let restartInterval: Int

    /// MCUs across and down the scan (see `JPEGFrame.mcus(ofScanOf:)`).
    var mcus: (across: Int, down: Int) { frame.mcus(ofScanOf: parts.map(\.component)) }

    /// The blocks the scan codes. Each takes at least two bits (a DC and an end-of-block code),
    /// so the data left in a file bounds how many it can really hold.
    var blockCount: Int { frame.blockCount(ofScanOf: parts.map(\.component)) }

    /// Decodes the scan whose data starts at byte `start` of `bytes` into `planes`. Returns
    /// where the marker after the scan's data starts, or nil when the file ends there.
    func decode(_ bytes: [UInt8], start: Int, into planes: inout [[UInt8]]) throws -> Int? {
        var reader = JPEGBitReader(bytes, start: start)
        var predictions = [Int](repeating: 0, count: parts.count)
        var coefficients = [Float](repeating: 0, count: 64)
        let single = parts.count == 1 ? frame.components[parts[0].component] : nil
        let (mcusAcross, mcusDown) = mcus
        let total = mcusAcross * mcusDown
        for mcu in 0..<total {
            if restartInterval > 0 && mcu > 0 && mcu % restartInterval == 0 {
                try reader.expectRestart(before: mcu, of: total)
                for index in predictions.indices { predictions[index] = 0 }
            }
            let mcuX = mcu % mcusAcross
            let mcuY = mcu / mcusAcross
            for (index, part) in parts.enumerated() {
                let component = frame.components[part.component]
                let across = single == nil ? component.horizontal : 1
                let down = single == nil ? component.vertical : 1
                let stride = frame.planeWidth(part.component)
                for blockY in 0..<down {
                    for blockX in 0..<across {
                        let flat = try decodeBlock(
                            part, &reader, prediction: &predictions[index],
                            coefficients: &coefficients)
                        let x = (mcuX * across + blockX) * 8
                        let y = (mcuY * down + blockY) * 8
                        coefficients.withUnsafeBufferPointer { coefficients in
                            planes[part.component].withUnsafeMutableBufferPointer { plane in
                                JPEGInverseDCT.transform(
                                    coefficients.baseAddress!, flat: flat,
                                    into: plane.baseAddress!, origin: y * stride + x,
                                    stride: stride)
                            }
                        }
                    }
                }
            }
            try reader.checkDataLasted(toMCU: mcu, of: total)
        }
        return reader.skipToMarker()?.offset
    }

    /// Decodes one block's coefficients, dequantised, into `coefficients` (natural order).
    /// Returns whether the block is flat (it has no AC coefficient), as plain areas often are.
    @inline(__always)
    private func decodeBlock(
        _ part: Part, _ reader: inout JPEGBitReader, prediction: inout Int,
        coefficients: inout [Float]
    ) throws -> Bool {
        for index in 0..<64 { coefficients[index] = 0 }
        let size = try part.dcTable.decode(&reader)
        guard size <= 11 else {
            throw ImageDecodingError(
                .jpeg,
                .corrupt(
                    "a DC difference of \(size) bits (at most 11) near byte \(reader.position)"))
        }
        prediction += Self.extend(reader.read(size), bits: size)
        coefficients[0] = Float(prediction * part.quantization[0])
        var flat = true
        var k = 1
        while k < 64 {
            let symbol = try part.acTable.decode(&reader)
            let run = symbol >> 4
            let bits = symbol & 0x0F
            if bits == 0 {
                // 0xF0 skips sixteen zeros; any other run with no bits ends the block.
                guard run == 15 else { break }
                k += 16
                continue
            }
            k += run
            guard k < 64 else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "a block's coefficients run past 64 near byte \(reader.position)"))
            }
            let value = Self.extend(reader.read(bits), bits: bits)
            coefficients[Self.zigzag[k]] = Float(value * part.quantization[k])
            flat = false
            k += 1
        }
        return flat
    }

    /// The signed value of a `bits`-bit magnitude category (JPEG's EXTEND procedure).
    @inline(__always)
    static func extend(_ value: Int, bits: Int) -> Int {
        bits == 0 || value >= 1 << (bits - 1) ? value : value - (1 << bits) + 1
    }
}
