/// Whether an image file is whole: a walk over its structure, decoding no pixels, that finds a
/// file cut short (a download or a copy that stopped early). Cheap enough to run on every file
/// of a cache: PNG chunks and GIF blocks are skipped by their lengths, JPEG segments too and
/// scan data searched for the next marker.
public enum ImageCompleteness {
    /// Why `bytes` are not a whole PNG, JPEG or GIF file, or nil when they end as one does.
    public static func problem(in bytes: [UInt8]) -> String? {
        switch ImageFormat(detecting: bytes) {
        case .png: return png(bytes)
        case .jpeg: return jpeg(bytes)
        case .gif: return gif(bytes)
        case let other: return "not an image (looks like \(other.name))"
        }
    }

    /// Chunks, each length, type, data and CRC, up to a whole `IEND`.
    private static func png(_ bytes: [UInt8]) -> String? {
        var position = 8
        while position + 12 <= bytes.count {
            let length = bytes[position..<position + 4].reduce(0) { $0 << 8 | Int($1) }
            let type = bytes[position + 4..<position + 8]
            let end = position + 12 + length
            guard end <= bytes.count else { break }
            if type.elementsEqual("IEND".utf8) { return nil }
            position = end
        }
        return "the PNG file is cut off at byte \(bytes.count) (it has no IEND chunk)"
    }

    /// Segments skipped by their lengths, scan data up to the next marker, until `FFD9`.
    private static func jpeg(_ bytes: [UInt8]) -> String? {
        var position = 2
        while position + 1 < bytes.count {
            guard bytes[position] == 0xFF else {
                // Scan data: find the marker that ends it (FF 00 is a stuffed FF, FF FF fill).
                position += 1
                continue
            }
            let code = bytes[position + 1]
            if code == 0xD9 { return nil }
            if code == 0x00 || code == 0xFF || (0xD0...0xD7).contains(code) || code == 0x01 {
                position += code == 0xFF ? 1 : 2
                continue
            }
            guard position + 3 < bytes.count else { break }
            let length = Int(bytes[position + 2]) << 8 | Int(bytes[position + 3])
            position += 2 + max(2, length)
        }
        return "the JPEG file is cut off at byte \(bytes.count) (it has no end-of-image marker)"
    }

    /// Header, colour tables, extensions and images (their data in sub-blocks), until `3B`.
    private static func gif(_ bytes: [UInt8]) -> String? {
        let cut = "the GIF file is cut off at byte \(bytes.count) (it has no trailer)"
        guard bytes.count >= 13 else { return cut }
        var position = 13
        if bytes[10] & 0x80 != 0 { position += 3 << (Int(bytes[10] & 0x07) + 1) }
        // Skips a chain of sub-blocks starting at `position`; false when the file ends first.
        func skipSubBlocks() -> Bool {
            while position < bytes.count {
                let size = Int(bytes[position])
                position += 1 + size
                if size == 0 { return position <= bytes.count }
            }
            return false
        }
        while position < bytes.count {
            switch bytes[position] {
            case 0x3B:
                return nil
            case 0x21:
                position += 2
                guard skipSubBlocks() else { return cut }
            case 0x2C:
                guard position + 10 <= bytes.count else { return cut }
                let flags = bytes[position + 9]
                position += 10
                if flags & 0x80 != 0 { position += 3 << (Int(flags & 0x07) + 1) }
                // The LZW minimum code size, then the data.
                position += 1
                guard skipSubBlocks() else { return cut }
            default:
                return "the GIF file has an unknown block \(bytes[position]) at byte \(position)"
            }
        }
        return cut
    }
}
