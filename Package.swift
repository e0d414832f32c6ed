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
    .systemLibrary(
      name: "CNcurses",
      pkgConfig: "ncursesw",
      providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
    ),
    .executableTarget(name: "ShopTUI", dependencies: ["Reactive", "Shop", "CNcurses"]),
    .executableTarget(name: "Benchmarks", dependencies: ["Reactive", "Shop"]),
    .testTarget(name: "ReactiveTests", dependencies: ["Reactive"]),
    .testTarget(name: "ArticleTests", dependencies: ["Reactive"]),
    .testTarget(name: "ShopTests", dependencies: ["Shop", "Reactive"]),
    .testTarget(name: "ShopTUITests", dependencies: ["ShopTUI", "Shop", "Reactive"]),
  ],
  swiftLanguageModes: [.v6]
)
