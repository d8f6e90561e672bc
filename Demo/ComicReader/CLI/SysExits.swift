import ImageDecoding

/// The one place errors become exit codes (BSD's sysexits.h): the lower layers throw typed
/// errors that say what went wrong, and the command layer decides how the process ends.
enum SysExits {
    /// The code the program ends with after `error`.
    static func code(for error: any Error) -> Int32 {
        switch error {
        case is UsageError, is ImageMode.ParseError:
            return ExitCode.usage
        case let save as SaveError:
            switch save {
            case .noPicture: return ExitCode.unavailable
            case .notLoaded(_, _, let code): return code ?? ExitCode.unavailable
            case .damaged: return ExitCode.dataError
            case .exists, .cannotCreate: return ExitCode.cannotCreate
            }
        case let damaged as DamagedStateError:
            return code(for: damaged.problem)
        case let cache as CacheError:
            switch cache {
            case .noCacheDirectory: return ExitCode.usage
            case .corrupt, .refusingToReplaceCorrupt: return ExitCode.dataError
            case .unreadable, .unwritable: return ExitCode.ioError
            }
        case let network as NetworkError:
            switch network {
            case .invalidBaseURL, .invalidTimeout: return ExitCode.usage
            case .notJSON, .badJSON, .replyTooLarge: return ExitCode.dataError
            case .timeout, .replyCut: return ExitCode.temporaryFailure
            case .httpStatus(_, let status):
                return status == 429 || status >= 500
                    ? ExitCode.temporaryFailure : ExitCode.unavailable
            case .unreachable, .hostNotFound, .transport: return ExitCode.unavailable
            }
        case let refresh as RefreshError:
            switch refresh {
            // Stopped after failures in a row: the last one's code, 75 for timeouts.
            case .serverUnavailable(_, let last, _), .imageServerUnavailable(_, let last, _):
                return code(for: last)
            case .implausibleLatest: return ExitCode.dataError
            }
        case let stored as ImageStoreError:
            if case .writeFailed = stored { return ExitCode.ioError }
            return ExitCode.dataError
        case is OutputFailure:
            return ExitCode.ioError
        case is LaunchFailure, is ComicUnavailable:
            return ExitCode.unavailable
        case is ImageRefreshError, is ComicJSONOutput.EncodingFailure, is ImageDecodingError,
            is InflateError, is NotAnImageError:
            return ExitCode.dataError
        default:
            return ExitCode.software
        }
    }

    /// The code of a refresh that finished with `failures` (comics or images that failed), so
    /// a script can tell "try again later" from "this will not change": 0 for none; 75 when
    /// any may pass on a later try (timeouts, lost connections, HTTP 5xx and 429, anything
    /// unforeseen); otherwise the first present of 74 (an image could not be written), 69 (a
    /// comic or image the server has not, a host that cannot be reached or found) and 65 (a
    /// reply that is not a comic or not an image).
    static func code(forFailures failures: [any Error]) -> Int32 {
        let codes = Set(
            failures.map { error -> Int32 in
                switch error {
                case let network as NetworkError where network.isTransient:
                    return ExitCode.temporaryFailure
                case is NetworkError, is ImageStoreError, is ImageRefreshError:
                    return code(for: error)
                default:
                    return ExitCode.temporaryFailure
                }
            })
        let order = [
            ExitCode.temporaryFailure, ExitCode.ioError, ExitCode.unavailable, ExitCode.dataError,
        ]
        return order.first { codes.contains($0) } ?? codes.first ?? ExitCode.ok
    }
}
