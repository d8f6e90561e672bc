/// Puts every transcript back under the comic it describes.
///
/// For about fifty comics between 1609 and 1677 the xkcd API serves the transcript of an earlier
/// comic (1640's `transcript` is 1638's). The data itself shows it: an API transcript ends with
/// a `{{Title text: …}}` line repeating the alt text of the comic it belongs to. A transcript is
/// taken to belong to another comic only when that line is not its own comic's alt text but is,
/// word for word (case, punctuation and markup aside), the alt text of exactly one comic a little
/// before it (at most `maximumShift` numbers), an alt text of at least `minimumWords` words.
/// A quotation in the speech, a title text that two comics share, a one-word alt text or a title
/// text that matches nothing leaves the transcript where it is.
///
/// The moved transcripts are shown and searched under their real comics, and the comics say so
/// in two added fields that `--json` prints: `transcript_from` (the number whose API record the
/// transcript came from) and `api_transcript_belongs_to` (whose transcript the API serves with
/// this comic). A comic whose real transcript the API serves with no comic gets none.
enum TranscriptRealignment {
    /// The field naming the comic whose API record the shown transcript came from.
    static let transcriptFromKey = "transcript_from"
    /// The field naming the comic that the API's transcript for this comic describes.
    static let belongsToKey = "api_transcript_belongs_to"
    /// How many numbers before its own comic a served transcript may belong to.
    static let maximumShift = 10
    /// The fewest words an alt text needs for a title text that repeats it to move a transcript.
    static let minimumWords = 4

    /// `comics` (ascending by number, one per number) with every transcript the API serves under
    /// the wrong number moved to the comic it describes.
    static func realign(_ comics: [Comic]) -> [Comic] {
        var normalizer = SearchNormalizer()
        let owners = servedOwners(comics, normalizer: &normalizer)
        guard !owners.isEmpty else { return comics }
        var sources: [Int: Int] = [:]  // comic → the comic whose record holds its transcript
        for (holder, owner) in owners.sorted(by: { $0.key > $1.key }) { sources[owner] = holder }
        let indices = Dictionary(uniqueKeysWithValues: comics.enumerated().map { ($1.num, $0) })
        var result = comics
        for (index, comic) in comics.enumerated() {
            let ownsItsTranscript = owners[comic.num] == nil
            if let owner = owners[comic.num] {
                result[index].otherFields[belongsToKey] = .number(Double(owner))
            }
            guard !ownsItsTranscript || comic.transcript.isEmpty,
                let source = sources[comic.num], let sourceIndex = indices[source]
            else {
                if !ownsItsTranscript { result[index].transcript = "" }
                continue
            }
            result[index].transcript = comics[sourceIndex].transcript
            result[index].otherFields[transcriptFromKey] = .number(Double(source))
        }
        return result
    }

    /// For every comic whose served transcript describes another comic, that comic's number.
    private static func servedOwners(_ comics: [Comic], normalizer: inout SearchNormalizer)
        -> [Int: Int]
    {
        var strays: [(number: Int, titleText: [UInt8])] = []
        for comic in comics {
            guard let titleText = foreignTitleText(of: comic, normalizer: &normalizer) else {
                continue
            }
            strays.append((comic.num, titleText))
        }
        guard !strays.isEmpty else { return [:] }
        var altOwners: [[UInt8]: [Int]] = [:]
        for comic in comics {
            let alt = words(of: comic.alt, normalizer: &normalizer)
            let wordCount = alt.lazy.filter { $0 == SearchNormalizer.space }.count + 1
            guard !alt.isEmpty, wordCount >= minimumWords else { continue }
            altOwners[alt, default: []].append(comic.num)
        }
        var owners: [Int: Int] = [:]
        for stray in strays {
            guard let candidates = altOwners[stray.titleText], candidates.count == 1,
                let owner = candidates.first, owner < stray.number,
                stray.number - owner <= maximumShift
            else { continue }
            owners[stray.number] = owner
        }
        return owners
    }

    /// The normalised words of the last `{{Title text: …}}` line of `comic`'s transcript,
    /// without the label, when they are not the comic's own alt text; nil when they are or
    /// when there is no such line. Most transcripts end with their own alt text as it is, which
    /// is seen without normalising anything.
    private static func foreignTitleText(of comic: Comic, normalizer: inout SearchNormalizer)
        -> [UInt8]?
    {
        var (transcript, alt) = (comic.transcript, comic.alt)
        let found: (inner: Range<Int>, endsWithAlt: Bool)? = transcript.withUTF8 { bytes in
            let (open, close) = (UInt8(ascii: "{"), UInt8(ascii: "}"))
            var start = bytes.count - 1
            while start > 0 && !(bytes[start - 1] == open && bytes[start] == open) { start -= 1 }
            guard start > 0 else { return nil }
            var end = start + 1
            while end + 1 < bytes.count && !(bytes[end] == close && bytes[end + 1] == close) {
                end += 1
            }
            guard end + 1 < bytes.count else { return nil }
            let inner = (start + 1)..<end
            let endsWithAlt = alt.withUTF8 { alt in
                !alt.isEmpty && inner.count >= alt.count
                    && bytes[(inner.upperBound - alt.count)..<inner.upperBound].elementsEqual(alt)
            }
            return (inner, endsWithAlt)
        }
        guard let (inner, endsWithAlt) = found, !endsWithAlt else { return nil }
        guard let words = titleText(in: transcript, inner, normalizer: &normalizer),
            words != self.words(of: comic.alt, normalizer: &normalizer)
        else { return nil }
        return words
    }

    /// The normalised words of `inner`, the text of a `{{…}}` block of `transcript`, without
    /// the title-text label; nil when it has none.
    private static func titleText(
        in transcript: String, _ inner: Range<Int>, normalizer: inout SearchNormalizer
    ) -> [UInt8]? {
        var transcript = transcript
        var words: [UInt8] = []
        let isPlain = transcript.withUTF8 { bytes in
            SearchNormalizer.appendPlainASCII(
                UnsafeBufferPointer(rebasing: bytes[inner]), to: &words)
        }
        if !isPlain {
            let text = transcript.withUTF8 {
                String(decoding: UnsafeBufferPointer(rebasing: $0[inner]), as: UTF8.self)
            }
            normalizer.append(DisplayText.line(text), to: &words)
        }
        if words.first == SearchNormalizer.space { words.removeFirst() }
        for label in labels where words.starts(with: label) {
            return Array(words.dropFirst(label.count))
        }
        return nil
    }

    /// The labels of a title-text line, normalised and followed by a space.
    private static let labels = ["title text ", "alt text ", "alt "].map { Array($0.utf8) }

    /// `raw` as normalised search words without the leading space, cleaned as displayed.
    private static func words(of raw: String, normalizer: inout SearchNormalizer) -> [UInt8] {
        var bytes: [UInt8] = []
        if !SearchNormalizer.appendPlainASCII(raw, to: &bytes) {
            normalizer.append(DisplayText.line(raw), to: &bytes)
        }
        if bytes.first == SearchNormalizer.space { bytes.removeFirst() }
        return bytes
    }
}
