import ComicReader
import Foundation

/// The `search` scenario: `comics search` over an archive of the real one's size
/// (`SearchCorpus`). Each query is timed two ways: building the index and querying it, as one
/// `comics search` run does once the archive is loaded, and the query alone on an index built
/// beforehand, as the reader's next search would cost if the index were kept. Times are the
/// thread's CPU time, which other work on a busy machine disturbs less than the wall clock.
struct SearchScenario {
    static let name = "search"
    static let summary =
        "comics search over a made-up archive of 3,279 comics (index built + query, and query alone)"
    /// The queries timed; fans' searches that once ranked badly, a common word, a rare one.
    static let queries = ["regex", "wrong on the internet", "ass car", "unicode", "the", "velzar"]

    let corpus = SearchCorpus()

    /// One query's medians, in nanoseconds.
    struct QueryResult {
        let query: String
        let hits: Int
        let buildAndQueryNanoseconds: Double
        let queryNanoseconds: Double
    }

    /// Times every query, taking turns round by round with `harness`.
    func measure(with harness: Harness) -> [QueryResult] {
        let prepared = SearchBenchmarkSupport.PreparedSearch(comics: corpus.comics)
        var results: [QueryResult] = []
        for query in Self.queries {
            let hits = prepared.run(query).count
            let timers: [(Int) throws -> Double] = [
                { count in
                    Self.cpuNanoseconds {
                        for _ in 0..<count {
                            Self.keep(SearchBenchmarkSupport.search(query, in: corpus.comics))
                        }
                    }
                },
                { count in
                    Self.cpuNanoseconds {
                        for _ in 0..<count { Self.keep(prepared.run(query)) }
                    }
                },
            ]
            // Only timers that throw can fail, and these do not.
            let medians = (try? harness.measure(timers)) ?? [0, 0]
            results.append(
                QueryResult(
                    query: query, hits: hits, buildAndQueryNanoseconds: medians[0],
                    queryNanoseconds: medians[1]))
        }
        return results
    }

    /// The results as a table, one query a line, with the corpus's size above it.
    func report(_ results: [QueryResult]) -> String {
        var lines = [
            "search: \(corpus.comics.count) comics, \(corpus.textBytes / 1024) KiB of text",
            "query                    hits   index+query ms   query ms   (CPU time, medians)",
        ]
        for result in results {
            let name = "\"\(result.query)\"".padding(toLength: 24, withPad: " ", startingAt: 0)
            lines.append(
                name + " "
                    + String(
                        format: "%5d   %14.2f   %8.2f", result.hits,
                        result.buildAndQueryNanoseconds / 1e6, result.queryNanoseconds / 1e6))
        }
        return lines.joined(separator: "\n")
    }

    /// The CPU time this thread spent on `work`, in nanoseconds.
    static func cpuNanoseconds(_ work: () -> Void) -> Double {
        func now() -> Double {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
        }
        let start = now()
        work()
        return now() - start
    }

    /// Takes a result so the optimiser cannot drop the work that made it.
    @inline(never) @_optimize(none)
    private static func keep<T>(_ value: T) {}
}
