import Foundation

extension Comic {
    /// The cleaned image URL, or nil when there is no image file: the field is empty or its
    /// path does not end in a file name (interactive comics have e.g. `…/comics/`).
    /// Text that does not parse as a URL is kept as it is.
    ///
    /// In the model because both the downloads and the display need the same answer.
    var imageFileURL: String? {
        let url = DisplayText.line(img)
        guard !url.isEmpty else { return nil }
        guard let components = URLComponents(string: url) else { return url }
        let fileName =
            components.path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        return fileName.isEmpty ? nil : url
    }
}
