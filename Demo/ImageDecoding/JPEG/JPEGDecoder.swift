/// Decodes baseline JPEG files (SOF0, and SOF1 with 8-bit samples: Huffman-coded, sequential)
/// and progressive ones (SOF2: spectral selection and successive approximation) to RGBA8:
/// greyscale or YCbCr with any sampling factors (4:4:4, 4:2:2, 4:2:0, …), interleaved or one
/// scan per component, with restart markers.
///
/// Lossless, hierarchical and arithmetic-coded files and CMYK are refused with an error naming
/// the kind. The size in the frame header is checked against `ImageSizeLimit`
/// before anything is allocated for pixels, and a file cut short or with broken tables or scan
/// data gives an error saying what and where, never a partial picture.
public enum JPEGDecoder {
    /// What the segments before and between scans have set up.
    private struct Tables {
        var quantization = [[Int]?](repeating: nil, count: 4)
        var dc = [JPEGHuffmanTable?](repeating: nil, count: 4)
        var ac = [JPEGHuffmanTable?](repeating: nil, count: 4)
        var restartInterval = 0
        var transform = JPEGColorConverter.Transform.yCbCr
    }

    /// The image size from the frame header, reading no further.
    public static func size(of bytes: [UInt8]) throws -> ImageSize {
        var position = try start(of: bytes)
        while true {
            let (code, offset, data) = try segment(of: bytes, at: &position)
            if code == 0xC0 || code == 0xC1 || code == 0xC2 {
                let frame = try JPEGFrame(segment: data, offset: offset)
                return ImageSize(width: frame.width, height: frame.height)
            }
            if let kind = JPEGMarker.unsupportedFrame(code) {
                throw ImageDecodingError(.jpeg, .unsupported(kind))
            }
            if code == 0xDA || code == 0xD9 {
                throw ImageDecodingError(.jpeg, .corrupt("no frame header before byte \(offset)"))
            }
        }
    }

    /// Decodes a whole JPEG file. Throws `ImageDecodingError`.
    public static func decode(_ bytes: [UInt8]) throws -> RGBABitmap {
        var position = try start(of: bytes)
        var tables = Tables()
        var frame: JPEGFrame?
        var planes: [[UInt8]] = []
        var scanned = Set<Int>()
        // A progressive frame's coefficients, until the end of the image makes planes of them.
        var coefficients: JPEGCoefficients?
        while true {
            guard position < bytes.count else {
                // Some baseline files end without EOI; that is fine once every component has
                // been coded. A progressive file's next scan could still be missing.
                if let frame, !frame.progressive, scanned.count == frame.components.count {
                    break
                }
                throw ImageDecodingError(
                    .jpeg, .truncated("the file ends before the image data does"))
            }
            let (code, offset, data) = try segment(of: bytes, at: &position)
            switch code {
            case 0xD9:
                if let coefficients, coefficients.hasEveryComponent {
                    planes = coefficients.planes()
                    scanned = Set(planes.indices)
                }
                guard let frame, scanned.count == frame.components.count else {
                    throw ImageDecodingError(
                        .jpeg,
                        .corrupt(
                            "the end-of-image marker at byte \(offset) comes before the image data")
                    )
                }
                return bitmap(frame: frame, planes: planes, transform: tables.transform)
            case 0xC0, 0xC1, 0xC2:
                guard frame == nil else {
                    throw ImageDecodingError(
                        .jpeg, .corrupt("a second frame header at byte \(offset)"))
                }
                let header = try JPEGFrame(segment: data, offset: offset, progressive: code == 0xC2)
                frame = header
                planes = Array(repeating: [], count: header.components.count)
                if header.progressive { coefficients = JPEGCoefficients(frame: header) }
            case 0xC4:
                try readHuffmanTables(data, offset: offset, into: &tables)
            case 0xDB:
                try readQuantizationTables(data, offset: offset, into: &tables)
            case 0xDD:
                guard data.count == 2 else {
                    throw ImageDecodingError(
                        .jpeg, .corrupt("restart interval segment at byte \(offset)"))
                }
                tables.restartInterval = Int(data.first!) << 8 | Int(data.last!)
            case 0xEE:
                // Adobe's segment: transform 0 means three components are RGB, not YCbCr.
                let adobe = Array(data)
                if adobe.count >= 12, adobe.starts(with: Array("Adobe".utf8)), adobe[11] == 0 {
                    tables.transform = .rgb
                }
            case 0xDA:
                guard let frame else {
                    throw ImageDecodingError(
                        .jpeg, .corrupt("a scan at byte \(offset) before any frame"))
                }
                if var gathered = coefficients {
                    let scan = try JPEGProgressiveScan(
                        header: data, offset: offset, frame: frame, dcTables: tables.dc,
                        acTables: tables.ac, restartInterval: tables.restartInterval)
                    try gathered.begin(
                        scan, tables: tables.quantization, bytesLeft: bytes.count - data.endIndex)
                    // Decoded into a copy no one else holds, so its arrays change in place.
                    coefficients = nil
                    position =
                        try scan.decode(bytes, start: data.endIndex, into: &gathered) ?? bytes.count
                    coefficients = gathered
                    continue
                }
                let decoder = try scanDecoder(data, offset: offset, frame: frame, tables: tables)
                // Planes are allocated only for data that can fill them: a small file claiming a
                // large picture is refused here, before any pixel memory.
                let left = bytes.count - data.endIndex
                guard left * 4 >= decoder.blockCount else {
                    throw ImageDecodingError(
                        .jpeg,
                        .truncated(
                            "the scan at byte \(offset) codes \(decoder.blockCount) blocks, which "
                                + "take at least \(decoder.blockCount / 4) bytes, and the file has "
                                + "\(left) left"))
                }
                for part in decoder.parts where planes[part.component].isEmpty {
                    let size = frame.planeWidth(part.component) * frame.planeHeight(part.component)
                    planes[part.component] = [UInt8](repeating: 128, count: size)
                }
                for part in decoder.parts { scanned.insert(part.component) }
                position =
                    try decoder.decode(bytes, start: data.endIndex, into: &planes) ?? bytes.count
            default:
                if let kind = JPEGMarker.unsupportedFrame(code) {
                    throw ImageDecodingError(.jpeg, .unsupported(kind))
                }
            // Application data, comments and the like: nothing to decode.
            }
        }
        return bitmap(frame: frame!, planes: planes, transform: tables.transform)
    }

    private static func bitmap(
        frame: JPEGFrame, planes: [[UInt8]], transform: JPEGColorConverter.Transform
    ) -> RGBABitmap {
        RGBABitmap(
            width: frame.width, height: frame.height,
            pixels: JPEGColorConverter.pixels(frame: frame, planes: planes, transform: transform))
    }

    /// Checks the start-of-image marker; returns where the first segment starts.
    private static func start(of bytes: [UInt8]) throws -> Int {
        guard bytes.starts(with: [0xFF, 0xD8]) else {
            throw ImageDecodingError(.jpeg, .wrongFormat(looksLike: ImageFormat(detecting: bytes)))
        }
        return 2
    }

    /// Reads the marker at `position` and, for markers with one, its segment's data; moves
    /// `position` past both. Fill bytes (`FF`) before a marker are skipped.
    private static func segment(of bytes: [UInt8], at position: inout Int) throws -> (
        code: UInt8, offset: Int, data: ArraySlice<UInt8>
    ) {
        let offset = position
        guard position < bytes.count else {
            throw ImageDecodingError(.jpeg, .truncated("the file ends before the image data does"))
        }
        guard bytes[position] == 0xFF else {
            throw ImageDecodingError(
                .jpeg,
                .corrupt(
                    "expected a marker at byte \(offset), found \(bytes[position])"))
        }
        while position < bytes.count && bytes[position] == 0xFF { position += 1 }
        guard position < bytes.count else {
            throw ImageDecodingError(
                .jpeg, .truncated("the file ends inside a marker at byte \(offset)"))
        }
        let code = bytes[position]
        position += 1
        // Markers that stand alone: start and end of image, restarts, TEM.
        if code == 0xD8 || code == 0xD9 || code == 0x01 || (0xD0...0xD7).contains(code) {
            return (code, offset, [])
        }
        guard bytes.count - position >= 2 else {
            throw ImageDecodingError(
                .jpeg,
                .truncated(
                    "the file ends in the length of segment \(JPEGMarker.name(code)) at byte \(offset)"
                ))
        }
        let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
        guard length >= 2 else {
            throw ImageDecodingError(
                .jpeg,
                .corrupt(
                    "segment \(JPEGMarker.name(code)) at byte \(offset) has a length of \(length)"))
        }
        guard length <= bytes.count - position else {
            throw ImageDecodingError(
                .jpeg,
                .truncated(
                    "segment \(JPEGMarker.name(code)) at byte \(offset) needs \(length) bytes but "
                        + "the file has \(bytes.count - position) left"))
        }
        let data = bytes[position + 2..<position + length]
        position += length
        return (code, offset, data)
    }

    /// Reads the tables of a DHT segment.
    private static func readHuffmanTables(
        _ data: ArraySlice<UInt8>, offset: Int, into tables: inout Tables
    ) throws {
        var index = data.startIndex
        while index < data.endIndex {
            let kind = data[index] >> 4
            let slot = Int(data[index] & 0x0F)
            guard kind <= 1, slot < 4 else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "Huffman table class \(kind), number \(slot) in the segment at byte \(offset)"
                    ))
            }
            guard data.endIndex - index >= 17 else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "Huffman table segment at byte \(offset) is cut inside its code counts"))
            }
            let counts = data[index + 1...index + 16].map(Int.init)
            let total = counts.reduce(0, +)
            let name = "\(kind == 0 ? "DC" : "AC") table \(slot)"
            guard total <= 256 else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "Huffman \(name) at byte \(offset) claims \(total) codes (at most 256)"))
            }
            guard data.endIndex - index - 17 >= total else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "Huffman \(name) at byte \(offset) lists \(total) values but the segment "
                            + "has \(data.endIndex - index - 17) bytes left"))
            }
            let values = Array(data[index + 17..<index + 17 + total])
            let table = try JPEGHuffmanTable(counts: counts, values: values, name: name)
            if kind == 0 { tables.dc[slot] = table } else { tables.ac[slot] = table }
            index += 17 + total
        }
    }

    /// Reads the tables of a DQT segment (8- or 16-bit steps, kept in zigzag order).
    private static func readQuantizationTables(
        _ data: ArraySlice<UInt8>, offset: Int, into tables: inout Tables
    ) throws {
        var index = data.startIndex
        while index < data.endIndex {
            let wide = data[index] >> 4
            let slot = Int(data[index] & 0x0F)
            guard wide <= 1, slot < 4 else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "quantisation table precision \(wide), number \(slot) at byte \(offset)"))
            }
            let size = wide == 1 ? 128 : 64
            guard data.endIndex - index - 1 >= size else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "quantisation table \(slot) at byte \(offset) is cut short"))
            }
            let steps = data[index + 1..<index + 1 + size]
            tables.quantization[slot] =
                wide == 1
                ? stride(from: steps.startIndex, to: steps.endIndex, by: 2).map {
                    Int(steps[$0]) << 8 | Int(steps[$0 + 1])
                }
                : steps.map(Int.init)
            index += 1 + size
        }
    }

    /// Reads a SOS segment and pairs each of its components with its tables.
    private static func scanDecoder(
        _ data: ArraySlice<UInt8>, offset: Int, frame: JPEGFrame, tables: Tables
    ) throws -> JPEGScanDecoder {
        let header = Array(data)
        guard let count = header.first.map(Int.init), (1...4).contains(count),
            header.count == 4 + 2 * count
        else {
            throw ImageDecodingError(
                .jpeg, .corrupt("the scan header at byte \(offset) is malformed"))
        }
        var parts: [JPEGScanDecoder.Part] = []
        for field in stride(from: 1, to: 1 + 2 * count, by: 2) {
            let id = header[field]
            guard let component = frame.components.firstIndex(where: { $0.id == id }) else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "the scan at byte \(offset) names component \(id), which the frame lacks"))
            }
            let dcSlot = Int(header[field + 1] >> 4)
            let acSlot = Int(header[field + 1] & 0x0F)
            guard dcSlot < 4, let dc = tables.dc[dcSlot] else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "the scan at byte \(offset) uses Huffman DC table \(dcSlot), never defined")
                )
            }
            guard acSlot < 4, let ac = tables.ac[acSlot] else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "the scan at byte \(offset) uses Huffman AC table \(acSlot), never defined")
                )
            }
            let quantizationSlot = frame.components[component].quantizationTable
            guard let quantization = tables.quantization[quantizationSlot] else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "component \(id) uses quantisation table \(quantizationSlot), never defined"
                    ))
            }
            parts.append(
                JPEGScanDecoder.Part(
                    component: component, dcTable: dc, acTable: ac, quantization: quantization))
        }
        return JPEGScanDecoder(
            frame: frame, parts: parts, restartInterval: tables.restartInterval)
    }
}
