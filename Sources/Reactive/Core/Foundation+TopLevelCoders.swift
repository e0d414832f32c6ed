#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Foundation's JSON encoder encodes to `Data` for ``Publisher/encode(encoder:)``, as in Combine.
extension JSONEncoder: TopLevelEncoder {}

/// Foundation's JSON decoder decodes from `Data` for ``Publisher/decode(type:decoder:)``, as in Combine.
extension JSONDecoder: TopLevelDecoder {}

/// Foundation's property-list encoder encodes to `Data` for ``Publisher/encode(encoder:)``, as in Combine.
extension PropertyListEncoder: TopLevelEncoder {}

/// Foundation's property-list decoder decodes from `Data` for ``Publisher/decode(type:decoder:)``, as in
/// Combine.
extension PropertyListDecoder: TopLevelDecoder {}
