import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a `URLError` means for someone running comics: a `NetworkError` whose message says,
/// in a sentence, what went wrong, and whose kind decides the exit code and whether a retry
/// may help. Every code a GET over http or https can end with has its own sentence; a code
/// the system adds later is named with the system's own description.
enum URLErrorTranslation {
    /// The failure `error` means for the request of `url`, given how far its reply had come.
    /// - Throws: `CancellationError` for a cancelled request, so callers see cancellation as
    ///   such.
    static func networkError(
        for error: URLError, at url: URL, timeout: Double, progress: ReplyProgress
    ) throws(CancellationError) -> NetworkError {
        func unreachable(_ reason: String) -> NetworkError {
            .unreachable(url: url, reason: reason)
        }
        func failed(_ reason: String) -> NetworkError { .transport(url: url, reason: reason) }
        let cut = NetworkError.replyCut(
            url: url, received: progress.received, expected: progress.expected)

        switch error.code {
        case .cancelled:
            throw CancellationError()
        case .timedOut:
            return .timeout(url: url, seconds: timeout)
        case .cannotFindHost, .dnsLookupFailed:
            return .hostNotFound(url: url)
        case .cannotConnectToHost:
            return unreachable("the connection was refused, or the host cannot be reached")
        case .notConnectedToInternet:
            return unreachable("this computer is not connected to a network")
        case .internationalRoamingOff, .dataNotAllowed, .callIsActive:
            return unreachable("the system does not allow data connections at the moment")
        case .networkConnectionLost:
            return progress.started
                ? cut : unreachable("the connection was lost before the server answered")
        case .unknown:
            // What Foundation on Linux reports for every libcurl failure it does not map: a
            // connection closed in the middle of a reply, but also a failed TLS handshake or a
            // certificate libcurl refused, which only its description tells apart.
            if progress.started { return cut }
            return failed(
                "the connection failed before the server answered"
                    + (systemDetail(of: error).map { " (\($0))" } ?? ""))
        case .badServerResponse, .zeroByteResource:
            return unreachable("the server closed the connection without a valid answer")
        case .cannotParseResponse:
            return failed("the server's answer is not valid HTTP")
        case .httpTooManyRedirects:
            return failed(
                "the server redirects it too many times, in a loop or along a chain too long "
                    + "to follow")
        case .redirectToNonExistentLocation:
            return failed("the server redirects it without saying where to")
        case .badURL:
            return failed("the address is not a valid URL")
        case .unsupportedURL:
            return failed("the address, or one it redirects to, is not an http or https one")
        case .resourceUnavailable:
            return failed("the server says it is not available")
        case .userAuthenticationRequired, .userCancelledAuthentication:
            return failed("the server asks for a user name and password, which comics has not")
        case .cannotDecodeRawData, .cannotDecodeContentData:
            return failed("the server's compressed reply cannot be decompressed")
        case .dataLengthExceedsMaximum:
            return failed("the reply is larger than the system accepts")
        case .secureConnectionFailed:
            return failed("the secure (TLS) connection could not be set up")
        case .serverCertificateHasBadDate:
            return failed("the server's certificate has expired")
        case .serverCertificateNotYetValid:
            return failed("the server's certificate is not valid yet")
        case .serverCertificateUntrusted:
            return failed(
                "the server's certificate is not trusted (self-signed, or another host's)")
        case .serverCertificateHasUnknownRoot:
            return failed("the server's certificate is signed by an unknown authority")
        case .clientCertificateRejected, .clientCertificateRequired:
            return failed("the server asks for a client certificate, which comics has not")
        case .appTransportSecurityRequiresSecureConnection:
            return failed("the system allows only https connections")
        default:
            return failed(
                "the system reports URL error \(error.code.rawValue)"
                    + (systemDetail(of: error).map { ": \($0)" } ?? ""))
        }
    }

    /// The system's own description of `error`, on one line and without a final full stop,
    /// when it has one: on Linux, libcurl's (`OpenSSL/3.0.2: error:0A00010B:SSL
    /// routines::wrong version number`).
    static func systemDetail(of error: URLError) -> String? {
        let description = (error as NSError).localizedDescription
        let words = description.split {
            $0.isWhitespace || $0.isNewline || $0.asciiValue ?? 32 < 32
        }
        var line = words.joined(separator: " ")
        while line.hasSuffix(".") { line.removeLast() }
        guard !line.isEmpty, !line.hasPrefix("The operation could"),
            !line.hasPrefix("The operation couldn’t")
        else { return nil }
        return line
    }
}
