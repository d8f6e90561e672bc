import Foundation
import ImageDecoding

/// `save N [FILE]`: writes comic N's picture to a file, by default in the current directory
/// under the number and the picture's own name (`614-woodpecker.png`); a FILE that is a
/// directory (or ends with `/`) gets the picture under that name too. The picture comes the
/// way the reader gets it: the sample's drawing, `images/`, or the server (a damaged file in
/// `images/` is fetched again), and one that is not a whole image is never written. An
/// existing file is never replaced.
struct SaveCommand {
    let session: ReadingSession
    let loader: ComicImageLoader
    let environment: AppEnvironment
    let console: any Console

    /// Saves the picture and says where; returns the exit code.
    func run(_ number: Int, to file: String?) async throws -> Int32 {
        let archive = try session.archive()
        let comic = try session.catalog().requireComic(number)
        guard let address = comic.imageFileURL else {
            throw SaveError.noPicture(comic: number)
        }
        let outcome = await loader.load(comic, isSample: archive.isSample)
        guard let bytes = outcome.bytes else {
            throw SaveError.notLoaded(
                comic: number, reason: outcome.problem ?? "the picture could not be found",
                code: outcome.failure.map { SysExits.code(forFailures: [$0]) })
        }
        if let problem = ImageCompleteness.problem(in: bytes) {
            throw SaveError.damaged(comic: number, problem: problem)
        }
        let name = Self.defaultName(number, address: address, isSample: archive.isSample)
        var path = Self.path(file ?? name, in: environment.currentDirectory)
        if let file, file.hasSuffix("/") || CacheFileSystem.isDirectory(path) {
            path = (path as NSString).appendingPathComponent(name)
        }
        let created: Bool
        do throws(CacheError) {
            created = try CacheFileSystem.createNew(Data(bytes), at: path)
        } catch {
            throw SaveError.cannotCreate(path: path, reason: Self.reason(error))
        }
        guard created else { throw SaveError.exists(path: path) }
        console.printMessage("saved the picture of comic \(number) as \(path)")
        return ExitCode.ok
    }

    /// `N-name` after the picture's file name; the sample's drawings are PNG whatever their
    /// `img` says.
    static func defaultName(_ number: Int, address: String, isSample: Bool) -> String {
        let name = URL(string: address)?.lastPathComponent ?? ""
        let usable = !name.isEmpty && name != "/" && name != "." && name != ".."
        let base = usable ? name : "picture"
        if isSample {
            let stem = (base as NSString).deletingPathExtension
            return "\(number)-\(stem.isEmpty ? "picture" : stem).png"
        }
        return "\(number)-\(base)"
    }

    /// `file` as an absolute path, relative ones taken from `directory`.
    static func path(_ file: String, in directory: String) -> String {
        file.hasPrefix("/") ? file : (directory as NSString).appendingPathComponent(file)
    }

    /// The system's reason from a cache error, without the path repeated.
    private static func reason(_ error: CacheError) -> String {
        if case .unwritable(_, let reason) = error { return reason }
        return String(describing: error)
    }
}
