/// Why a refresh stopped before dealing with every comic.
enum RefreshError: Error, CustomStringConvertible {
    /// Several comics in a row failed because the server could not be reached; comics
    /// fetched before were handed to the sink (`stored` of them in this refresh).
    case serverUnavailable(consecutiveFailures: Int, lastError: NetworkError, stored: Int)
    /// Several images in a row failed because the server could not be reached; the images
    /// saved before (`saved` of them in this refresh) stay in `images/`.
    case imageServerUnavailable(consecutiveFailures: Int, lastError: NetworkError, saved: Int)
    /// The server named a latest comic far beyond any real number; nothing was fetched.
    case implausibleLatest(Int, limit: Int)

    var description: String {
        switch self {
        case .serverUnavailable(let failures, let lastError, let stored):
            let kept = stored == 1 ? "1 comic" : "\(stored) comics"
            return
                "server unavailable: \(failures) comics in a row could not be fetched, the last with: \(lastError); "
                + "stopped after keeping \(kept) fetched so far"
        case .imageServerUnavailable(let failures, let lastError, let saved):
            let kept = saved == 1 ? "1 image" : "\(saved) images"
            return
                "stopped downloading images: \(failures) images in a row could not be downloaded, "
                + "all with: \(lastError.withoutAddress) (the last for "
                + "\(lastError.address?.absoluteString ?? "an image")); "
                + "saved \(kept) before that; try again later"
        case .implausibleLatest(let latest, let limit):
            return
                "the server says the latest comic is \(latest), beyond any believable number (at most \(limit)); "
                + "nothing was fetched"
        }
    }
}
