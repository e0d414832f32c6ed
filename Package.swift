// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "shop",
  products: [
    .library(name: "Reactive", targets: ["Reactive"]),
    .library(name: "Shop", targets: ["Shop"]),
    .executable(name: "shop", targets: ["ShopTUI"]),
  ],
  targets: [
    .target(name: "Reactive"),
    .target(name: "Shop", dependencies: ["Reactive"]),
    // SwiftPM drops the two feature macros pkg-config reports for ncursesw (and says so on each build);
    // the shim defines what they asked for before it includes curses.h.
    .systemLibrary(
      name: "CNcurses",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
    ),
    .executableTarget(name: "ShopTUI", dependencies: ["Reactive", "Shop", "CNcurses"]),
    .target(name: "BenchmarkSupport"),
    .executableTarget(name: "Benchmarks", dependencies: ["Reactive", "Shop", "BenchmarkSupport"]),
    .executableTarget(name: "TUIBenchmarks", dependencies: ["BenchmarkSupport"]),
    .testTarget(name: "ReactiveTests", dependencies: ["Reactive"]),
    .testTarget(name: "ArticleTests", dependencies: ["Reactive"]),
    // A small program written as one would for Combine, compiled and run against Reactive.
    .testTarget(name: "CombineExampleTests", dependencies: ["Reactive"]),
    .testTarget(name: "ShopTests", dependencies: ["Shop", "Reactive"]),
    .testTarget(
      name: "ShopTUITests", dependencies: ["ShopTUI", "Shop", "Reactive"], exclude: ["Snapshots"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
