// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "wikisite",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "wikisite", targets: ["wikisite"]),
        .library(name: "WikiSite", targets: ["WikiSite"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
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
        // Dumps and other places documents come from, as one stream.
        .target(name: "WikiSources", dependencies: ["WikiDocuments"]),
        // Documents validated into wikis and pages; conflicts, drafts, refusals.
        .target(name: "WikiModel", dependencies: ["WikiDocuments"]),
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
                .embedInCode("site-index.mustache"),
                .embedInCode("style.css"),
            ]
        ),
        // Markdown to HTML through cmark, wikilinks, heading ids, URLs, templates.
        .target(
            name: "WikiRender",
            dependencies: [
                "CCmark", "WikiModel", "DefaultTheme",
                .product(name: "Mustache", package: "swift-mustache"),
            ]
        ),
        // Files put in place atomically, only inside the output folder.
        .target(name: "WikiWrite"),
        // The build pipeline: source → model → plan → render → write.
        .target(
            name: "WikiSite",
            dependencies: ["WikiDocuments", "WikiSources", "WikiModel", "WikiRender", "WikiWrite"]
        ),
        // The command-line interface.
        .executableTarget(
            name: "wikisite",
            dependencies: [
                "WikiSite",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "WikiDocumentsTests", dependencies: ["WikiDocuments"]),
        .testTarget(name: "WikiSourcesTests", dependencies: ["WikiSources"]),
        .testTarget(name: "WikiModelTests", dependencies: ["WikiModel"]),
        .testTarget(name: "WikiRenderTests", dependencies: ["WikiRender"]),
        .testTarget(name: "WikiWriteTests", dependencies: ["WikiWrite"]),
        // Unit tests of the pipeline, and end-to-end runs of the real CLI on the examples.
        .testTarget(name: "WikiSiteTests", dependencies: ["WikiSite", "wikisite"]),
    ]
)
