/// One scan of a progressive JPEG (SOF2): a band of coefficients `start…end` (in zigzag order)
/// of its components, coded either for the first time, down to bit `low` (the point transform),
/// or refined by one bit, from bit `high` to bit `low`.
///
/// DC scans (`start` 0) may interleave components: a first DC scan codes differences as a
/// baseline scan does, a refinement one raw bit per block. AC scans hold one component; a first
/// one codes run-length values and runs of blocks whose band is all zero (end-of-band runs), a
/// refinement one adds a bit to each coefficient already non-zero and codes the coefficients
/// that become non-zero at this bit. Restart markers reset the DC predictions and the runs.
struct JPEGProgressiveScan {
    /// One component of the scan, with the table its kind of scan decodes with.
    struct Part {
        /// The component's index in the frame.
        let component: Int
        /// The Huffman table of a first DC scan, or of an AC scan.
        let table: JPEGHuffmanTable?
    }

    let frame: JPEGFrame
    let parts: [Part]
    /// The first and last coefficient of the band, in zigzag order.
    let start: Int
    let end: Int
    /// The bit a refinement scan refines from, 0 for a first scan.
    let high: Int
    /// The bit the coefficients are coded down to.
    let low: Int
    let restartInterval: Int
    /// Where the scan's SOS segment starts in the file, for messages.
    let offset: Int

    /// Reads the SOS segment data `header` (at byte `offset`) of a progressive frame, with the
    /// Huffman tables defined so far.
    init(
        header data: ArraySlice<UInt8>, offset: Int, frame: JPEGFrame,
        dcTables: [JPEGHuffmanTable?], acTables: [JPEGHuffmanTable?], restartInterval: Int
    ) throws {
        let header = Array(data)
        guard let count = header.first.map(Int.init), (1...4).contains(count),
            header.count == 4 + 2 * count
        else {
            throw ImageDecodingError(
                .jpeg, .corrupt("the scan header at byte \(offset) is malformed"))
        }
        let start = Int(header[1 + 2 * count])
        let end = Int(header[2 + 2 * count])
        let high = Int(header[3 + 2 * count] >> 4)
        let low = Int(header[3 + 2 * count] & 0x0F)
        let band = "the progressive scan at byte \(offset)"
        if start == 0 {
            guard end == 0 else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "\(band) codes coefficients 0…\(end); DC and AC need separate scans"))
            }
        } else {
            guard start <= end, end <= 63 else {
                throw ImageDecodingError(
                    .jpeg, .corrupt("\(band) codes coefficients \(start)…\(end), outside 1…63"))
            }
            guard count == 1 else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt("\(band) codes AC coefficients of \(count) components (only one)"))
            }
        }
        guard low <= 13, high == 0 || high == low + 1 else {
            throw ImageDecodingError(
                .jpeg,
                .corrupt(
                    "\(band) refines from bit \(high) to bit \(low); a scan codes down to a bit "
                        + "of 0…13 and a refinement adds one bit"))
        }
        var parts: [Part] = []
        for field in stride(from: 1, to: 1 + 2 * count, by: 2) {
            let id = header[field]
            guard let component = frame.components.firstIndex(where: { $0.id == id }),
                !parts.contains(where: { $0.component == component })
            else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "the scan at byte \(offset) names component \(id), which the frame lacks "
                            + "or the scan names twice"))
            }
            var table: JPEGHuffmanTable?
            if start > 0 {
                let slot = Int(header[field + 1] & 0x0F)
                guard slot < 4, let ac = acTables[slot] else {
                    throw ImageDecodingError(
                        .jpeg,
                        .corrupt(
                            "the scan at byte \(offset) uses Huffman AC table \(slot), never defined"
                        ))
                }
                table = ac
            } else if high == 0 {
                let slot = Int(header[field + 1] >> 4)
                guard slot < 4, let dc = dcTables[slot] else {
                    throw ImageDecodingError(
                        .jpeg,
                        .corrupt(
                            "the scan at byte \(offset) uses Huffman DC table \(slot), never defined"
                        ))
                }
                table = dc
            }
            parts.append(Part(component: component, table: table))
        }
        self.frame = frame
        self.parts = parts
        self.start = start
        self.end = end
        self.high = high
        self.low = low
        self.restartInterval = restartInterval
        self.offset = offset
    }

    /// The blocks the scan codes (see `JPEGFrame.blockCount(ofScanOf:)`).
    var blockCount: Int { frame.blockCount(ofScanOf: parts.map(\.component)) }

    /// Decodes the scan whose data starts at byte `start` of `bytes` into `coefficients`, which
    /// `JPEGCoefficients.begin` has checked it against. Returns where the marker after the
    /// scan's data starts, or nil when the file ends there.
    func decode(
        _ bytes: [UInt8], start dataStart: Int, into coefficients: inout JPEGCoefficients
    ) throws -> Int? {
        var reader = JPEGBitReader(bytes, start: dataStart)
        var predictions = [Int](repeating: 0, count: parts.count)
        var endOfBandRun = 0
        let (mcusAcross, mcusDown) = frame.mcus(ofScanOf: parts.map(\.component))
        let total = mcusAcross * mcusDown
        for mcu in 0..<total {
            if restartInterval > 0 && mcu > 0 && mcu % restartInterval == 0 {
                try reader.expectRestart(before: mcu, of: total)
                for index in predictions.indices { predictions[index] = 0 }
                endOfBandRun = 0
            }
            do {
                for (index, part) in parts.enumerated() {
                    let component = frame.components[part.component]
                    let across = parts.count == 1 ? 1 : component.horizontal
                    let down = parts.count == 1 ? 1 : component.vertical
                    let stride = coefficients.blocksAcross(part.component)
                    for blockY in 0..<down {
                        for blockX in 0..<across {
                            let x = (mcu % mcusAcross) * across + blockX
                            let y = (mcu / mcusAcross) * down + blockY
                            try coefficients.blocks[part.component].withUnsafeMutableBufferPointer {
                                let block = $0.baseAddress! + (y * stride + x) * 64
                                try decodeBlock(
                                    part, block, &reader, prediction: &predictions[index],
                                    endOfBandRun: &endOfBandRun)
                            }
                        }
                    }
                }
            } catch  where reader.usedPadding {
                // Codes read from the padding past the data say nothing of the data itself:
                // what matters is that it ended early, reported below.
            }
            try reader.checkDataLasted(toMCU: mcu, of: total)
        }
        return reader.skipToMarker()?.offset
    }

    /// Decodes this scan's part of one block (64 coefficients in zigzag order at `block`).
    @inline(__always)
    private func decodeBlock(
        _ part: Part, _ block: UnsafeMutablePointer<Int16>, _ reader: inout JPEGBitReader,
        prediction: inout Int, endOfBandRun: inout Int
    ) throws {
        switch (start == 0, high == 0) {
        case (true, true):
            let size = try part.table!.decode(&reader)
            guard size <= 11 else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "a DC difference of \(size) bits (at most 11) near byte \(reader.position)"
                    ))
            }
            prediction += JPEGScanDecoder.extend(reader.read(size), bits: size)
            block[0] = Int16(truncatingIfNeeded: prediction << low)
        case (true, false):
            if reader.read(1) != 0 { block[0] |= Int16(1 << low) }
        case (false, true):
            try firstBand(part.table!, block, &reader, endOfBandRun: &endOfBandRun)
        case (false, false):
            try refineBand(part.table!, block, &reader, endOfBandRun: &endOfBandRun)
        }
    }

    /// The first AC scan of a band: run-length coded values, or a run of all-zero bands.
    @inline(__always)
    private func firstBand(
        _ table: JPEGHuffmanTable, _ block: UnsafeMutablePointer<Int16>,
        _ reader: inout JPEGBitReader, endOfBandRun: inout Int
    ) throws {
        if endOfBandRun > 0 {
            endOfBandRun -= 1
            return
        }
        var k = start
        while k <= end {
            let symbol = try table.decode(&reader)
            let run = symbol >> 4
            let bits = symbol & 0x0F
            if bits == 0 {
                guard run == 15 else {
                    // This band and the next 2^run - 1 + (run more bits) are all zero.
                    endOfBandRun = (1 << run) - 1 + reader.read(run)
                    return
                }
                k += 16
                continue
            }
            k += run
            guard k <= end else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "a band of coefficients runs past \(end) near byte \(reader.position)"))
            }
            let value = JPEGScanDecoder.extend(reader.read(bits), bits: bits)
            block[k] = Int16(truncatingIfNeeded: value << low)
            k += 1
        }
    }

    /// A refinement AC scan: one more bit of every coefficient already non-zero, and the
    /// coefficients that this bit makes non-zero (each ±1 at bit `low`), placed by counting
    /// the zero coefficients they skip.
    @inline(__always)
    private func refineBand(
        _ table: JPEGHuffmanTable, _ block: UnsafeMutablePointer<Int16>,
        _ reader: inout JPEGBitReader, endOfBandRun: inout Int
    ) throws {
        var k = start
        if endOfBandRun == 0 {
            while k <= end {
                let symbol = try table.decode(&reader)
                var zeros = symbol >> 4
                let bits = symbol & 0x0F
                var value: Int16 = 0
                if bits != 0 {
                    guard bits == 1 else {
                        throw ImageDecodingError(
                            .jpeg,
                            .corrupt(
                                "a refinement scan codes a new coefficient of \(bits) bits (only "
                                    + "1) near byte \(reader.position)"))
                    }
                    value = Int16(reader.read(1) != 0 ? 1 << low : -1 << low)
                } else if zeros != 15 {
                    endOfBandRun = (1 << zeros) + reader.read(zeros)
                    break
                }
                // Step over `zeros` zero coefficients (refining the non-zero ones passed on
                // the way), stopping at the zero that takes the new value.
                while k <= end {
                    if block[k] != 0 {
                        refine(&block[k], &reader)
                    } else {
                        if zeros == 0 { break }
                        zeros -= 1
                    }
                    k += 1
                }
                if value != 0 {
                    guard k <= end else {
                        throw ImageDecodingError(
                            .jpeg,
                            .corrupt(
                                "a refined band runs past coefficient \(end) near byte "
                                    + "\(reader.position)"))
                    }
                    block[k] = value
                }
                k += 1
            }
        }
        if endOfBandRun > 0 {
            // The rest of the band has no new coefficient, only bits of the non-zero ones.
            while k <= end {
                if block[k] != 0 { refine(&block[k], &reader) }
                k += 1
            }
            endOfBandRun -= 1
        }
    }

    /// Adds the next bit (at bit `low`) to a non-zero coefficient's magnitude.
    @inline(__always)
    private func refine(_ coefficient: inout Int16, _ reader: inout JPEGBitReader) {
        let bit = Int16(truncatingIfNeeded: 1 << low)
        if reader.read(1) != 0 && coefficient & bit == 0 {
            coefficient = coefficient >= 0 ? coefficient &+ bit : coefficient &- bit
        }
    }
}
