import ImageDecoding

/// Turns a comic's image file into what to print: escapes for kitty or iTerm2, half-block or
/// braille text, or a one-line notice when it cannot be shown (never raw garbage).
///
/// Formats are judged by magic bytes. kitty is sent a PNG as it is and the decoded pixels of a
/// JPEG or GIF; iTerm2 takes PNG, JPEG and GIF as they are; half blocks and braille decode all
/// three. Half blocks need colour; without it (not a terminal, `NO_COLOR`, …) braille is drawn
/// instead.
struct ImagePresenter {
    let rendering: ImageRendering
    /// Colour escapes allowed for half blocks; nil when colour is off.
    let colorDepth: ImageColorDepth?
    let maxColumns: Int
    let maxRows: Int
    /// Wrap protocol escapes for tmux passthrough.
    let tmux: Bool

    /// Pixels assumed per cell across, to guess whether an image is wider than the window.
    static let assumedCellPixelWidth = 10

    /// A presenter with everything decided.
    init(
        rendering: ImageRendering, colorDepth: ImageColorDepth?, maxColumns: Int, maxRows: Int,
        tmux: Bool = false
    ) {
        self.rendering = rendering
        self.colorDepth = colorDepth
        self.maxColumns = max(1, maxColumns)
        self.maxRows = max(1, maxRows)
        self.tmux = tmux
    }

    /// A presenter for `mode` in this environment. `colorEnabled` is the program's decision
    /// about colour (TTY, `NO_COLOR`, `TERM=dumb`, `--no-color`); the colour depth comes from `COLORTERM`.
    init(
        mode: ImageMode, environment: [String: String], isTTY: Bool, colorEnabled: Bool,
        maxColumns: Int, maxRows: Int
    ) {
        self.init(
            rendering: mode.rendering(environment: environment, isTTY: isTTY),
            colorDepth: colorEnabled && isTTY
                ? ImageColorDepth.detect(environment: environment) : nil,
            maxColumns: maxColumns, maxRows: maxRows,
            tmux: TmuxPassthrough.isActive(environment: environment))
    }

    /// What to print for `image` (the file's bytes, nil if not available) from `sourceURL`.
    func present(image: [UInt8]?, sourceURL: String) -> ImagePresentation {
        if rendering == .none { return .nothing }
        let location = sourceURL.isEmpty ? "(no image URL)" : sourceURL
        guard let bytes = image, !bytes.isEmpty else {
            return .notice("image not available: \(location)")
        }
        let format = ImageFormat(detecting: bytes)
        guard format.isImage else {
            return .notice("image not shown, not an image (looks like \(format.name)): \(location)")
        }

        switch rendering {
        case .none:
            return .nothing
        case .kitty:
            do {
                return .picture(
                    try KittyImageEncoder.encode(
                        file: bytes, columns: fittingColumns(bytes), tmux: tmux) + "\n")
            } catch {
                return .notice("image not shown, \(error): \(location)")
            }
        case .iterm:
            return .picture(
                ITermImageEncoder.encode(
                    file: bytes, columns: fittingColumns(bytes), tmux: tmux) + "\n")
        case .halfBlocks, .braille:
            let bitmap: RGBABitmap
            do {
                bitmap = try ImageDecoder.decode(bytes)
            } catch {
                return .notice("image not shown, \(error): \(location)")
            }
            if rendering == .halfBlocks, let colorDepth {
                return .picture(
                    HalfBlockRenderer(colorDepth: colorDepth).render(
                        bitmap, maxColumns: maxColumns, maxRows: maxRows))
            }
            return .picture(
                BrailleRenderer().render(bitmap, maxColumns: maxColumns, maxRows: maxRows))
        }
    }

    /// `maxColumns` if the image looks wider than the window (by the pixel width its header
    /// states; an unreadable header counts as wide), else nil to let the terminal show it at its
    /// own size.
    private func fittingColumns(_ bytes: [UInt8]) -> Int? {
        guard let pixelWidth = try? ImageDecoder.size(of: bytes).width else { return maxColumns }
        return pixelWidth > maxColumns * Self.assumedCellPixelWidth ? maxColumns : nil
    }
}
