// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "wikisite",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "wikisite", targets: ["WikisiteCommands"]),
        .library(name: "WikiSite", targets: ["WikiSite"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
    ],
    targets: [
        // cmark, the system C library (Debian's libcmark-dev).
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        // Documents as a replica holds them: JSON, revisions, identity.
        .target(name: "WikiDocuments"),
        // The YAML block at the top of a page's Markdown: where it lies and what it says.
        .target(name: "WikiFrontMatter", dependencies: ["WikiDocuments", .product(name: "Yams", package: "Yams")]),
        // Dumps and other places documents come from, as one stream.
        .target(name: "WikiSources", dependencies: ["WikiDocuments", "WikiFrontMatter"]),
        // The embedded store: documents as a replica holds them, in SQLite, with a _changes feed.
        .target(
            name: "WikiStore",
            dependencies: ["WikiDocuments", "WikiSources", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // A CouchDB-compatible server as a source, and replication into the embedded store.
        .target(
            name: "WikiCouch",
            dependencies: [
                "WikiDocuments", "WikiSources", "WikiStore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // libxml2, the system C library (Debian's libxml2-dev), which parses SVG images.
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        // SVG images cleaned to an allowlist through libxml2's SAX parser, in a target of its own
        // so that only the model, which reads attachments, links the XML parser.
        .target(name: "WikiSVG", dependencies: ["CLibXML2"]),
        // Documents validated into wikis and pages; conflicts, drafts, refusals.
        .target(name: "WikiModel", dependencies: ["WikiDocuments", "WikiFrontMatter", "WikiSVG"]),
        // The default theme (Templates/), compiled into the binary.
        .target(
            name: "DefaultTheme",
            path: "Templates",
            exclude: ["README.md"],
            sources: ["DefaultTheme.swift"],
            resources: [
                .embedInCode("layout.mustache"),
                .embedInCode("page.mustache"),
                .embedInCode("home.mustache"),
                .embedInCode("all-pages.mustache"),
                .embedInCode("recent-changes.mustache"),
                .embedInCode("new-pages.mustache"),
                .embedInCode("wanted-pages.mustache"),
                .embedInCode("orphaned-pages.mustache"),
                .embedInCode("statistics.mustache"),
                .embedInCode("tags.mustache"),
                .embedInCode("tag.mustache"),
                .embedInCode("folder.mustache"),
                .embedInCode("site-index.mustache"),
                .embedInCode("style.css"),
                .embedInCode("search-index.js"),
                .embedInCode("search-terms.js"),
                .embedInCode("search-rank.js"),
                .embedInCode("search-box.js"),
                .embedInCode("search-preview.js"),
                .embedInCode("sidebar.js"),
                .embedInCode("strings-en.toml"),
                .embedInCode("strings-fr.toml"),
                .embedInCode("strings-zh.toml"),
            ]
        ),
        // Markdown to HTML through cmark, wikilinks, heading ids, URLs, templates.
        .target(
            name: "WikiRender",
            dependencies: [
                "CCmark", "WikiDocuments", "WikiModel", "DefaultTheme",
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // Files put in place atomically, only inside the output folder.
        .target(name: "WikiWrite", dependencies: ["WikiDocuments"]),
        // What a wiki's pages and files hold: its analysis (link graph, outlines, tags, lists,
        // statistics) and the assembly of its pages, special pages, feeds, sitemaps and search index.
        .target(
            name: "WikiPages",
            dependencies: [
                "WikiDocuments", "WikiModel", "WikiRender", "WikiWrite",
                .product(name: "HeapModule", package: "swift-collections"),
            ]
        ),
        // What a build is asked to do: its options, `wikisite.toml`, the sources it names and
        // how they are read into one database, the levels of its checks.
        .target(
            name: "WikiConfiguration",
            dependencies: [
                "WikiDocuments", "WikiSources", "WikiStore", "WikiCouch", "WikiModel", "WikiRender", "WikiPages",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // The build engine: the state of the last build, the change sets, the rules of what a change
        // touches, the plan, and the writer that puts files in place and commits the state.
        .target(
            name: "WikiBuildEngine",
            dependencies: [
                "WikiDocuments", "WikiSources", "WikiModel", "WikiRender", "WikiWrite", "WikiPages",
                "WikiConfiguration",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The build pipeline wired in order, source → model → analysis → plan → render → write;
        // and `wikisite check`.
        .target(
            name: "WikiSite",
            dependencies: [
                "WikiDocuments", "WikiSources", "WikiModel", "WikiRender", "WikiWrite", "WikiPages",
                "WikiConfiguration",
                "WikiBuildEngine",
            ]
        ),
        // glibc's malloc_trim, with which the preview server gives a build's peak back.
        .systemLibrary(name: "CMalloc"),
        // The live preview: serves a build's output folder, rebuilds on every change of its sources.
        .target(
            name: "WikiServe",
            dependencies: [
                "WikiSite", "WikiConfiguration", "WikiBuildEngine", "WikiRender", "WikiCouch", "WikiStore",
                "WikiSources",
                "WikiDocuments", "CMalloc",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        // The command-line interface, the product `wikisite`: argument parsing only.
        .executableTarget(
            name: "WikisiteCommands",
            dependencies: [
                "WikiSite", "WikiPages", "WikiConfiguration", "WikiBuildEngine", "WikiStore", "WikiCouch", "WikiServe",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The seeded generator the benchmark corpus and the randomized tests draw from.
        .target(name: "SplitMix64"),
        .testTarget(name: "WikiDocumentsTests", dependencies: ["WikiDocuments", "SplitMix64"]),
        .testTarget(name: "WikiSourcesTests", dependencies: ["WikiSources", "WikiModel", "SplitMix64"]),
        .testTarget(
            name: "WikiStoreTests",
            dependencies: [
                "WikiStore", "WikiSources", "WikiDocuments", "SplitMix64",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "WikiCouchTests",
            dependencies: [
                "WikiCouch", "WikiStore", "WikiSources", "WikiDocuments", "WikiConfiguration", "WikisiteCommands",
                "TemporaryFolders",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "WikiServeTests",
            dependencies: [
                // Support/ links the test CouchDB server of WikiCouchTests, which it reuses.
                "WikiServe", "WikiSite", "WikiConfiguration", "WikiDocuments", "WikisiteCommands", "BrowserTesting",
                "TemporaryFolders",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]
        ),
        .testTarget(name: "WikiSVGTests", dependencies: ["WikiSVG"]),
        .testTarget(name: "WikiModelTests", dependencies: ["WikiModel", "WikiFrontMatter", "SplitMix64"]),
        .testTarget(
            name: "WikiRenderTests",
            dependencies: [
                "WikiRender", "SplitMix64", "SpecExamples", .product(name: "Mustache", package: "swift-mustache"),
            ]),
        .testTarget(name: "WikiWriteTests", dependencies: ["WikiWrite", "SplitMix64"]),
        // Unit tests of the pipeline, and end-to-end runs of the real CLI on the examples.
        // What the browser tests of every target share (Tests/Browser/ holds their scripts).
        .target(name: "BrowserTesting", path: "Tests/BrowserTesting"),
        // The temporary folder the end-to-end tests of every target write in.
        .target(name: "TemporaryFolders", path: "Tests/TemporaryFolders"),
        // The examples of the CommonMark and GFM specs, for the conformance tests.
        .target(name: "SpecExamples", path: "Tests/SpecExamples"),
        .testTarget(
            name: "WikiSiteTests",
            dependencies: [
                "WikiSite", "WikiPages", "WikiConfiguration", "WikiBuildEngine", "WikisiteCommands", "SplitMix64",
                "BrowserTesting", "SpecExamples", "TemporaryFolders",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // Fuzzing (Fuzz/README.md): `make fuzz` builds each fuzz-* executable with libFuzzer;
        // a normal build makes them regression runners, and FuzzRegressionTests replays the seeds.
        .systemLibrary(name: "CLibFuzzer", path: "Fuzz/CLibFuzzer"),
        .target(
            name: "FuzzTargets",
            dependencies: [
                "CLibFuzzer", "WikiDocuments", "WikiFrontMatter", "WikiSources", "WikiModel", "WikiRender", "WikiSVG",
            ],
            path: "Fuzz/FuzzTargets"
        ),
        .executableTarget(
            name: "fuzz-dump-reader", dependencies: ["FuzzTargets"], path: "Fuzz/Targets/fuzz-dump-reader"),
        .executableTarget(
            name: "fuzz-json-parser", dependencies: ["FuzzTargets"], path: "Fuzz/Targets/fuzz-json-parser"),
        .executableTarget(
            name: "fuzz-front-matter", dependencies: ["FuzzTargets"], path: "Fuzz/Targets/fuzz-front-matter"),
        .executableTarget(name: "fuzz-markdown", dependencies: ["FuzzTargets"], path: "Fuzz/Targets/fuzz-markdown"),
        .executableTarget(name: "fuzz-model", dependencies: ["FuzzTargets"], path: "Fuzz/Targets/fuzz-model"),
        .executableTarget(
            name: "fuzz-note-names", dependencies: ["FuzzTargets"], path: "Fuzz/Targets/fuzz-note-names"),
        .executableTarget(name: "fuzz-site-paths", dependencies: ["FuzzTargets"], path: "Fuzz/Targets/fuzz-site-paths"),
        .executableTarget(name: "fuzz-svg", dependencies: ["FuzzTargets"], path: "Fuzz/Targets/fuzz-svg"),
        .executableTarget(name: "fuzz-tags", dependencies: ["FuzzTargets"], path: "Fuzz/Targets/fuzz-tags"),
        .executableTarget(
            name: "fuzz-search-text", dependencies: ["FuzzTargets"], path: "Fuzz/Targets/fuzz-search-text"),
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzTargets"], path: "Fuzz/Tests"),
        // The benchmark (BENCHMARKS.md): `make bench` writes its corpora with wikisite-corpus.
        .target(name: "WikiCorpus", dependencies: ["WikiDocuments", "SplitMix64"], path: "Benchmarks/WikiCorpus"),
        .executableTarget(
            name: "wikisite-corpus",
            dependencies: [
                "WikiCorpus", "WikiDocuments", "WikiSources",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/wikisite-corpus"
        ),
        .testTarget(
            name: "WikiCorpusTests", dependencies: ["WikiCorpus", "WikiSources", "WikiModel"], path: "Benchmarks/Tests"),
    ]
)
