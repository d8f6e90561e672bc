/// The global options of one run, parsed from flags and `COMICS_*` variables; they enter the
/// dependency graph through `OptionsAssembly` and every assembly reads them from there.
struct AppOptions: Sendable, Equatable {
    /// `--cache DIR`; nil lets `CacheLocation` use `COMICS_CACHE_DIR`, XDG or `~/.cache`.
    var cacheDirectory: String?
    /// `--base-url URL` or `COMICS_BASE_URL`.
    var baseURL = HTTPComicSource.defaultBase
    /// `--image-base-url URL` or `COMICS_IMAGE_BASE_URL`: where pictures are downloaded from.
    var imageBaseURL: String?
    /// `--timeout SECONDS`, per request.
    var timeout = HTTPComicSource.defaultTimeout
    /// `--json`: comics are printed as API-shaped JSON.
    var json = false
    /// `--no-color`.
    var noColor = false
    /// `--image MODE` or `COMICS_IMAGE`.
    var imageMode = ImageMode.auto
    /// `--fit-screen`: pictures fit the screen instead of the terminal's width.
    var pictureFit = PictureFit.width
    /// The A/B variants chosen with `--ab` and `COMICS_AB`, every experiment included.
    var experiments = ExperimentRegistry.standard.defaults
}
