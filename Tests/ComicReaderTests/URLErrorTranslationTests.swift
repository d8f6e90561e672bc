import Foundation
import Testing

@testable import ComicReader

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the user is told for each `URLError` a request can end with.
@Suite struct URLErrorTranslationTests {
    static let url = URL(string: "https://xkcd.com/614/info.0.json")!

    static func translate(
        _ code: URLError.Code, description: String? = nil, progress: ReplyProgress = ReplyProgress()
    ) throws -> NetworkError {
        let info = description.map { [NSLocalizedDescriptionKey: $0] } ?? [:]
        return try URLErrorTranslation.networkError(
            for: URLError(code, userInfo: info), at: url, timeout: 10, progress: progress)
    }

    @Test(arguments: [
        URLError.Code.unknown, .badURL, .timedOut, .unsupportedURL, .cannotFindHost,
        .cannotConnectToHost, .networkConnectionLost, .dnsLookupFailed, .httpTooManyRedirects,
        .resourceUnavailable, .notConnectedToInternet, .redirectToNonExistentLocation,
        .badServerResponse, .userCancelledAuthentication, .userAuthenticationRequired,
        .zeroByteResource, .cannotDecodeRawData, .cannotDecodeContentData, .cannotParseResponse,
        .internationalRoamingOff, .callIsActive, .dataNotAllowed,
        .appTransportSecurityRequiresSecureConnection, .dataLengthExceedsMaximum,
        .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
        .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid,
        .clientCertificateRejected, .clientCertificateRequired,
    ])
    func everyCodeASentenceNamingTheURL(code: URLError.Code) throws {
        for progress in [ReplyProgress(), ReplyProgress(started: true, expected: 900)] {
            let error = try Self.translate(code, progress: progress)
            #expect(error.description.contains(Self.url.absoluteString), "\(code.rawValue)")
            #expect(!error.description.contains("URL error"), "\(code.rawValue): \(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aConnectionEndedInTheMiddleOfAReplyIsAReplyCutShort() throws {
        let progress = ReplyProgress(started: true, received: 300, expected: 900)
        for code in [URLError.Code.unknown, .networkConnectionLost] {
            #expect(
                try Self.translate(code, progress: progress)
                    == .replyCut(url: Self.url, received: 300, expected: 900))
        }
        #expect(
            try Self.translate(.unknown, progress: progress).description
                == "the reply from \(Self.url.absoluteString) broke off: the connection closed "
                + "after 300 of the 900 bytes announced")
        #expect(
            try Self.translate(.networkConnectionLost)
                == .unreachable(
                    url: Self.url, reason: "the connection was lost before the server answered"))
    }

    @Test func anUnknownFailureBeforeAnyAnswerGivesTheSystemsWords() throws {
        let error = try Self.translate(
            .unknown,
            description: "OpenSSL/3.0.2: error:0A00010B:SSL routines::wrong version number.")
        #expect(
            error.description
                == "request to \(Self.url.absoluteString) failed: the connection failed before "
                + "the server answered (OpenSSL/3.0.2: error:0A00010B:SSL routines::wrong "
                + "version number)")
        #expect(
            try Self.translate(.unknown).description
                == "request to \(Self.url.absoluteString) failed: the connection failed before "
                + "the server answered")
    }

    @Test func aCodeWithoutASentenceIsNamedWithTheSystemsWords() throws {
        let error = try Self.translate(.cannotLoadFromNetwork, description: "Offline only.")
        #expect(
            error.description
                == "request to \(Self.url.absoluteString) failed: the system reports URL error "
                + "-2000: Offline only")
    }

    @Test func aCancelledRequestIsACancellation() {
        #expect(throws: CancellationError.self) { try Self.translate(.cancelled) }
    }
}
