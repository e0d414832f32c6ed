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
    // No `pkgConfig:` here: SwiftPM would drop the feature macros it reports and warn on every build.
    // The module map links ncursesw and the shim defines what those macros asked for.
    .systemLibrary(name: "CNcurses"),
    .executableTarget(name: "ShopTUI", dependencies: ["Reactive", "Shop", "CNcurses"]),
    .executableTarget(name: "Benchmarks", dependencies: ["Reactive", "Shop"]),
    .testTarget(name: "ReactiveTests", dependencies: ["Reactive"]),
    .testTarget(name: "ArticleTests", dependencies: ["Reactive"]),
    .testTarget(name: "ShopTests", dependencies: ["Shop", "Reactive"]),
    .testTarget(
      name: "ShopTUITests", dependencies: ["ShopTUI", "Shop", "Reactive"], exclude: ["Snapshots"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
