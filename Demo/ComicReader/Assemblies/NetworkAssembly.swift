import Wiring

/// The outside world: the comic server, refreshing from it, images from it, and the browser.
final class NetworkAssembly: Assembly {
    private var inputs: OptionsAssembly { context.assembly() }
    private var cache: CacheAssembly { context.assembly() }

    /// The HTTP client of the server `--base-url` names, shared by everything that holds it
    /// at the same time (a command's refresher, image loader and explanation fetcher) and
    /// let go with its connections when the last of them is done; tests substitute a local
    /// or fake source.
    var comicSource: any ComicSource { define(scope: .weakSingleton, init: makeComicSource()) }

    /// How failed requests are retried, and the clock it waits with; tests substitute one
    /// that does not sleep.
    var retryPolicy: RetryPolicy {
        define(init: RetryPolicy(budget: .seconds(inputs.options.timeout)))
    }

    /// Fetches many comics at once from `comicSource`.
    var refresher: ComicRefresher {
        define(init: ComicRefresher(source: comicSource)) { $0.retry = self.retryPolicy }
    }

    /// Downloads the images of cached comics into `images/`, with the same retries as the
    /// comics.
    var imageRefresher: ComicImageRefresher {
        define(init: ComicImageRefresher(source: comicSource, store: cache.imageStore)) {
            $0.retry = self.retryPolicy
            $0.addresses = ImageAddress(imageBase: self.inputs.options.imageBaseURL)
        }
    }

    /// Finds comic images in the sample, in `images/`, or on the server.
    var imageLoader: ComicImageLoader {
        define(init: ComicImageLoader(store: cache.imageStore, source: comicSource)) {
            $0.addresses = ImageAddress(imageBase: self.inputs.options.imageBaseURL)
        }
    }

    /// Opens web pages; tests substitute one that only records.
    var urlLauncher: any URLLauncher { define(scope: .lazySingleton, init: SystemURLLauncher()) }

    /// The HTTP source, made when first asked to fetch.
    private func makeComicSource() -> any ComicSource {
        let (base, timeout) = (inputs.options.baseURL, inputs.options.timeout)
        let directory = try? cache.location.get().directory
        return DeferredComicSource {
            try HTTPComicSource(base: base, timeout: timeout, scratchDirectory: directory)
        }
    }
}
