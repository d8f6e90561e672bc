import ImageDecoding

/// What turns a comic's image file into the reader's `ReaderPicture`: `ReaderPictureMaker`,
/// or a test's stand-in that takes its time.
protocol ReaderPictureMaking: Sendable {
    /// Whether pictures are drawn at all.
    var showsPictures: Bool { get }
    /// The picture of `image` (the file's bytes, nil if there are none) from `sourceURL`,
    /// within `box`. Decodes the image, which takes long for a large one: the reader calls it
    /// off its key loop, except for the sample's small drawings.
    func picture(image: [UInt8]?, sourceURL: String, box: PictureBox) -> ReaderPicture
}

/// Turns a comic's image file into the reader's `ReaderPicture`, fitted to the box of cells
/// the reader's screen leaves for it.
///
/// Text pictures (half blocks, braille) and every notice come from `ImagePresenter`, as the
/// printing commands get them. Protocol pictures (kitty, iTerm2) are sized here to a box of
/// whole cells within the box, because the reader must know how many rows the picture covers
/// to put the comic's text below it.
struct ReaderPictureMaker: ReaderPictureMaking {
    /// How pictures are drawn (its size limits are replaced by each call's box).
    let presenter: ImagePresenter

    /// Pixels assumed per cell down, to turn an image's height into rows (cells are about
    /// twice as tall as wide).
    static let assumedCellPixelHeight = 2 * ImagePresenter.assumedCellPixelWidth

    /// Whether pictures are drawn at all.
    var showsPictures: Bool { presenter.rendering != .none }

    /// The picture of `image` (the file's bytes, nil if there are none) from `sourceURL`,
    /// within `box`.
    func picture(image: [UInt8]?, sourceURL: String, box: PictureBox) -> ReaderPicture {
        let presenter = ImagePresenter(
            rendering: presenter.rendering, colorDepth: presenter.colorDepth,
            maxColumns: box.columns, maxRows: box.rows, tmux: presenter.tmux)
        switch presenter.rendering {
        case .none:
            return .none
        case .halfBlocks, .braille:
            return Self.picture(from: presenter.present(image: image, sourceURL: sourceURL))
        case .kitty, .iterm:
            guard let bytes = image, ImageFormat(detecting: bytes).isImage else {
                // Missing or not an image: the presenter words why.
                return Self.picture(from: presenter.present(image: image, sourceURL: sourceURL))
            }
            let cells: (columns: Int, rows: Int)
            let kitty: String
            do {
                cells = try Self.cellBox(of: bytes, within: presenter)
                // kitty is sent a PNG as it is and the decoded pixels of other formats.
                kitty =
                    presenter.rendering == .kitty
                    ? try KittyImageEncoder.encode(
                        file: bytes, columns: cells.columns, rows: cells.rows, tmux: presenter.tmux)
                    : ""
            } catch {
                return .notice(
                    "image not shown, \(error): \(sourceURL.isEmpty ? "(no image URL)" : sourceURL)"
                )
            }
            if presenter.rendering == .kitty {
                return .escape(
                    kitty, rows: cells.rows,
                    erase: KittyImageEncoder.deleteVisible(tmux: presenter.tmux))
            }
            return .escape(
                ITermImageEncoder.encode(
                    file: bytes, columns: cells.columns, rows: cells.rows, tmux: presenter.tmux),
                rows: cells.rows, erase: "")
        }
    }

    /// The picture of `image` from `sourceURL` within the presenter's own size limits.
    func picture(image: [UInt8]?, sourceURL: String) -> ReaderPicture {
        picture(
            image: image, sourceURL: sourceURL,
            box: PictureBox(columns: presenter.maxColumns, rows: presenter.maxRows))
    }

    /// The reader's form of what the printing commands would show.
    static func picture(from presentation: ImagePresentation) -> ReaderPicture {
        switch presentation {
        case .picture(let text):
            var rows = text.split(separator: "\n", omittingEmptySubsequences: false).map(
                String.init)
            if rows.last == "" { rows.removeLast() }  // the picture ends with a newline
            return .lines(rows)
        case .notice(let text): return .notice(text)
        case .nothing: return .none
        }
    }

    /// The cells the picture fills: its size in assumed cells, shrunk (never grown) to fit
    /// `presenter`'s `maxColumns` × `maxRows` with its aspect ratio kept. Throws when the
    /// image's header (PNG, JPEG or GIF) does not give its size.
    private static func cellBox(of bytes: [UInt8], within presenter: ImagePresenter) throws -> (
        columns: Int, rows: Int
    ) {
        let size = try ImageDecoder.size(of: bytes)
        let pixels = (width: size.width, height: size.height)
        let naturalColumns =
            Double(max(1, pixels.width)) / Double(ImagePresenter.assumedCellPixelWidth)
        let naturalRows = Double(max(1, pixels.height)) / Double(Self.assumedCellPixelHeight)
        let scale = min(
            1, Double(presenter.maxColumns) / naturalColumns,
            Double(presenter.maxRows) / naturalRows)
        let columns = min(presenter.maxColumns, max(1, Int((naturalColumns * scale).rounded())))
        let rows = min(presenter.maxRows, max(1, Int((naturalRows * scale).rounded())))
        return (columns, rows)
    }
}
