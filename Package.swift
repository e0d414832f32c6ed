// swift-tools-version: 6.0
import PackageDescription

// Reactive <- Shop <- AppCore <- ShopTerminal (the `shop` executable) -> CNcurses.
// Only ShopTerminal imports CNcurses, and only one of its files calls ncurses.
let package = Package(
  name: "shop",
  products: [
    .library(name: "Reactive", targets: ["Reactive"]),
    .library(name: "Shop", targets: ["Shop"]),
    .executable(name: "shop", targets: ["ShopTerminal"]),
  ],
  targets: [
    .target(name: "Reactive", exclude: ["ARCHITECTURE.md"]),
    .target(name: "Shop", dependencies: ["Reactive"]),
    .target(name: "AppCore", dependencies: ["Reactive", "Shop"]),
    // ncursesw from the system's include and library paths (libncurses-dev, which `make deps`
    // installs): `link "ncursesw"` in the module map is all the linker needs. Not `pkgConfig:`, whose
    // only flags here are two feature macros SwiftPM drops with a warning on every build; the shim
    // defines what they asked for before it includes curses.h.
    .systemLibrary(name: "CNcurses"),
    .executableTarget(name: "ShopTerminal", dependencies: ["AppCore", "Shop", "Reactive", "CNcurses"]),
    // `make install`'s helper: the man page and the shell completions, from the tables behind --help.
    .executableTarget(name: "ShopInstallFiles", dependencies: ["AppCore"]),
    .target(name: "BenchmarkSupport"),
    .executableTarget(
      name: "Benchmarks", dependencies: ["Reactive", "Shop", "AppCore", "BenchmarkSupport"]),
    .executableTarget(name: "TUIBenchmarks", dependencies: ["BenchmarkSupport"]),
    .testTarget(name: "ReactiveTests", dependencies: ["Reactive"]),
    .testTarget(name: "ArticleTests", dependencies: ["Reactive"]),
    // A small program written as one would for Combine, compiled and run against Reactive.
    .testTarget(name: "CombineExampleTests", dependencies: ["Reactive"]),
    .testTarget(name: "ShopTests", dependencies: ["Shop", "Reactive"]),
    .testTarget(
      name: "AppCoreTests", dependencies: ["AppCore", "Shop", "Reactive"], exclude: ["Snapshots"]
    ),
    .testTarget(
      name: "ShopTerminalTests", dependencies: ["ShopTerminal", "AppCore", "Shop", "Reactive", "CNcurses"]),
  ],
  swiftLanguageModes: [.v6]
)
