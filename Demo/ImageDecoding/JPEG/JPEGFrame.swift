/// The frame header of a JPEG (the SOF0, SOF1 or SOF2 segment): the image's size and its
/// colour components with their sampling factors, validated and checked against
/// `ImageSizeLimit` before anything is allocated for pixels.
struct JPEGFrame {
    /// One colour component (Y, Cb, Cr, or the only one of a greyscale image).
    struct Component {
        /// The identifier scans use to name the component.
        let id: UInt8
        /// Blocks of this component across one MCU (its horizontal sampling factor, 1…4).
        let horizontal: Int
        /// Blocks of this component down one MCU (its vertical sampling factor, 1…4).
        let vertical: Int
        /// Which quantisation table (0…3) its coefficients are scaled by.
        let quantizationTable: Int
    }

    let width: Int
    let height: Int
    let components: [Component]
    /// The largest sampling factors: an MCU covers `8 * maxHorizontal` × `8 * maxVertical` pixels.
    let maxHorizontal: Int
    let maxVertical: Int
    /// Whether the frame is progressive (SOF2): its scans code bands of coefficients and bits
    /// of them, and the picture exists only once every scan is read.
    let progressive: Bool

    /// MCUs across the image (the last one may stick out past its right edge).
    var mcusAcross: Int { (width + 8 * maxHorizontal - 1) / (8 * maxHorizontal) }
    /// MCUs down the image.
    var mcusDown: Int { (height + 8 * maxVertical - 1) / (8 * maxVertical) }

    /// Width in samples of component `index`'s plane, padded to whole MCUs.
    func planeWidth(_ index: Int) -> Int { mcusAcross * components[index].horizontal * 8 }
    /// Height in samples of component `index`'s plane, padded to whole MCUs.
    func planeHeight(_ index: Int) -> Int { mcusDown * components[index].vertical * 8 }

    /// MCUs across and down a scan of the components at `indices`. One component alone is not
    /// interleaved: its MCU is one block, and only the blocks that cover the image (not the
    /// padding of whole MCUs) are coded.
    func mcus(ofScanOf indices: [Int]) -> (across: Int, down: Int) {
        guard indices.count == 1 else { return (mcusAcross, mcusDown) }
        let single = components[indices[0]]
        let samplesAcross = (width * single.horizontal + maxHorizontal - 1) / maxHorizontal
        let samplesDown = (height * single.vertical + maxVertical - 1) / maxVertical
        return ((samplesAcross + 7) / 8, (samplesDown + 7) / 8)
    }

    /// The blocks a scan of the components at `indices` codes.
    func blockCount(ofScanOf indices: [Int]) -> Int {
        let perMCU =
            indices.count == 1
            ? 1 : indices.reduce(0) { $0 + components[$1].horizontal * components[$1].vertical }
        let (across, down) = mcus(ofScanOf: indices)
        return across * down * perMCU
    }

    /// Parses the data of a SOF segment (after its length) that starts at byte `offset` of the
    /// file; `progressive` for SOF2.
    init(segment data: ArraySlice<UInt8>, offset: Int, progressive: Bool = false) throws {
        let bytes = Array(data)
        guard bytes.count >= 6 else {
            throw ImageDecodingError(.jpeg, .corrupt("frame header at byte \(offset) is too short"))
        }
        guard bytes[0] == 8 else {
            throw ImageDecodingError(
                .jpeg, .unsupported("\(bytes[0])-bit samples (only 8-bit is decoded)"))
        }
        let height = Int(bytes[1]) << 8 | Int(bytes[2])
        let width = Int(bytes[3]) << 8 | Int(bytes[4])
        guard height > 0 else {
            throw ImageDecodingError(
                .jpeg, .unsupported("a height of 0, to be set by a later DNL marker"))
        }
        guard width > 0 else {
            throw ImageDecodingError(
                .jpeg, .corrupt("frame header at byte \(offset) gives a width of 0"))
        }
        guard ImageSizeLimit.allows(width: width, height: height) else {
            throw ImageDecodingError(.jpeg, .tooLarge(width: width, height: height))
        }
        let count = Int(bytes[5])
        guard count == 1 || count == 3 else {
            let kind = count == 4 ? "CMYK or YCCK (4 components)" : "\(count) colour components"
            throw ImageDecodingError(
                .jpeg, .unsupported("\(kind); only greyscale and YCbCr are decoded"))
        }
        guard bytes.count >= 6 + 3 * count else {
            throw ImageDecodingError(
                .jpeg,
                .corrupt(
                    "frame header at byte \(offset) is too short for \(count) components"))
        }
        var components: [Component] = []
        for index in 0..<count {
            let field = 6 + 3 * index
            let horizontal = Int(bytes[field + 1] >> 4)
            let vertical = Int(bytes[field + 1] & 0x0F)
            let table = Int(bytes[field + 2])
            guard (1...4).contains(horizontal), (1...4).contains(vertical) else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "component \(bytes[field]) has sampling factors \(horizontal)×\(vertical), "
                            + "outside 1…4"))
            }
            guard table < 4 else {
                throw ImageDecodingError(
                    .jpeg,
                    .corrupt(
                        "component \(bytes[field]) uses quantisation table \(table), outside 0…3"))
            }
            if components.contains(where: { $0.id == bytes[field] }) {
                throw ImageDecodingError(
                    .jpeg, .corrupt("component \(bytes[field]) is declared twice"))
            }
            components.append(
                Component(
                    id: bytes[field], horizontal: horizontal, vertical: vertical,
                    quantizationTable: table))
        }
        self.width = width
        self.height = height
        self.components = components
        self.maxHorizontal = components.map(\.horizontal).max()!
        self.maxVertical = components.map(\.vertical).max()!
        self.progressive = progressive
    }
}
