import Foundation

/// Fetches a comic's explanation from explainxkcd's MediaWiki action API: the source text
/// (wikitext) of the wiki page named by the comic's number, following the redirect from the
/// number to the page's full title (`400` to `400: Four Hundred`).
///
/// The request is `{base}/api.php?action=parse&page=N&prop=wikitext&format=json&formatversion=2
/// &redirects=1`, and the answer `{"parse": {"title": …, "wikitext": "…"}}`, or
/// `{"error": {"code": …, "info": …}}` when the wiki has no such page.
struct ExplanationSource: Sendable {
    /// explainxkcd's wiki.
    static let defaultBase = "https://www.explainxkcd.com/wiki"

    /// The wiki's base address, without trailing slashes (`--explain-base-url`).
    let base: String
    /// Makes the requests; the comic server's client, with its time limit.
    let fetcher: any ComicSource

    /// The page a person reads, e.g. `https://www.explainxkcd.com/wiki/index.php/400`.
    func pageAddress(ofComic number: Int) -> String { "\(base)/index.php/\(number)" }

    /// The API request for comic `number`'s page source.
    func apiURL(ofComic number: Int) -> URL {
        let query =
            "action=parse&page=\(number)&prop=wikitext&format=json&formatversion=2&redirects=1"
        guard let url = URL(string: "\(base)/api.php?\(query)") else {
            preconditionFailure("the explanation base \(base) was validated but forms no URL")
        }
        return url
    }

    /// The wikitext of comic `number`'s page; a `NetworkError` when it cannot be had.
    func wikitext(ofComic number: Int) async throws -> String {
        let url = apiURL(ofComic: number)
        let body = try await fetcher.data(from: url)
        guard let reply = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw NetworkError.notJSON(
                url: url, contentType: nil, start: HTTPComicSource.printableStart(of: body))
        }
        if let error = reply["error"] as? [String: Any] {
            let code = error["code"] as? String ?? "error"
            let info = error["info"] as? String ?? "no reason given"
            throw NetworkError.badJSON(url: url, detail: "the wiki answered \(code): \(info)")
        }
        let parse = reply["parse"] as? [String: Any]
        // formatversion=2 gives the text itself; the older format wraps it as {"*": text}.
        let wikitext =
            parse?["wikitext"] as? String
            ?? (parse?["wikitext"] as? [String: Any])?["*"] as? String
        guard let wikitext else {
            throw NetworkError.badJSON(url: url, detail: "no \"parse\".\"wikitext\" in the reply")
        }
        return wikitext
    }
}
