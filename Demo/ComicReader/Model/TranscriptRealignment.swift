import Foundation

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
            guard let titleText = titleText(of: comic.transcript, normalizer: &normalizer),
                titleText != words(of: comic.alt, normalizer: &normalizer)
            else { continue }
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

    /// The normalised words of the last `{{Title text: …}}` line of `transcript`, without the
    /// label; nil when there is none.
    private static func titleText(of transcript: String, normalizer: inout SearchNormalizer)
        -> [UInt8]?
    {
        guard let open = transcript.range(of: "{{", options: .backwards),
            let close = transcript[open.upperBound...].range(of: "}}")
        else { return nil }
        let inner = words(
            of: String(transcript[open.upperBound..<close.lowerBound]), normalizer: &normalizer)
        for label in labels where inner.starts(with: label) {
            return Array(inner.dropFirst(label.count))
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
