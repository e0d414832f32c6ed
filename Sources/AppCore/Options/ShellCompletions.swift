/// Completion scripts for bash, zsh and fish, made from ``OptionTable`` (the table behind `--help`):
/// every option, the words `--store` and `--debounce` take, and file names for the options that
/// take a file.
public enum ShellCompletions {
  /// A shell `make install` writes a completion script for.
  public enum Shell: String, CaseIterable, Sendable {
    /// bash, with or without the bash-completion package.
    case bash
    /// zsh, through `compinit`'s `#compdef`.
    case zsh
    /// fish.
    case fish
  }

  /// The script for `shell`.
  public static func script(for shell: Shell) -> String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  private static let header =
    "# shop's completions, made by `make install` from its option table; do not edit."

  private static var bash: String {
    let names = OptionTable.all.map(\.name).joined(separator: " ")
    let fileOptions = OptionTable.all.filter { $0.completion == .file }.map(\.name).joined(separator: "|")
    let wordCases = OptionTable.all.compactMap { option -> String? in
      guard case .words(let words) = option.completion else { return nil }
      return
        "    \(option.name)) COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\")); return ;;"
    }
    return """
      \(header)
      _shop() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
        COMPREPLY=()
        case $prev in
      \(wordCases.joined(separator: "\n"))
          \(fileOptions))
            compopt -o filenames 2>/dev/null
            COMPREPLY=($(compgen -f -- "$cur"))
            return ;;
        esac
        if [[ $cur == -* ]]; then
          COMPREPLY=($(compgen -W '\(names)' -- "$cur"))
        fi
      }
      complete -F _shop shop

      """
  }

  private static var zsh: String {
    let specs = OptionTable.all.map { option -> String in
      let summary = zshEscaped(option.summary)
      switch option.completion {
      case .none: return "  '\(option.name)[\(summary)]'"
      case .file: return "  '\(option.name)=[\(summary)]:file:_files'"
      case .words(let words):
        return "  '\(option.name)=[\(summary)]:\(option.value ?? "value"):(\(words.joined(separator: " ")))'"
      }
    }
    return """
      #compdef shop
      \(header)
      _arguments -S \\
      \(specs.joined(separator: " \\\n"))

      """
  }

  private static var fish: String {
    let lines = OptionTable.all.map { option -> String in
      let long = "complete -c shop -l \(option.name.dropFirst(2))"
      let description = "-d '\(fishEscaped(option.summary))'"
      switch option.completion {
      case .none: return "\(long) \(description)"
      case .file: return "\(long) -r -F \(description)"
      case .words(let words): return "\(long) -x -a '\(words.joined(separator: " "))' \(description)"
      }
    }
    return ([header, "complete -c shop -f"] + lines).joined(separator: "\n") + "\n"
  }

  /// An option's summary inside a single-quoted zsh `_arguments` spec, where `[`, `]` and `:` have
  /// meanings and `'` ends the quote.
  private static func zshEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "[", with: "\\[")
      .replacingOccurrences(of: "]", with: "\\]").replacingOccurrences(of: ":", with: "\\:")
  }

  private static func fishEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
  }
}
