/// A theme template compiled for fast rendering: the subset of Mustache the default theme and
/// most overrides use (text, `{{name}}`, `{{{name}}}`, `{{&name}}`, sections, inverted sections,
/// comments), rendered straight from `TemplateValues`.
///
/// swift-mustache stays the reference: it parses, validates (its errors are the ones users see)
/// and renders every template the compiler does not take: one that uses anything else
/// (transforms, partials, blocks, delimiters, another content type) or that is not well formed.
/// For the subset, the compiler follows swift-mustache's parser step by step, standalone lines and
/// all, and refuses whatever it does not recognise, so that a template it takes is one
/// swift-mustache parses; the renderer follows swift-mustache's lookups (the context stack, dotted
/// names) and its treatment of each kind of value, so that both give the same bytes
/// (`CompiledTemplateTests`, with random templates too, and the end-to-end comparison hold them
/// to it). What it saves is
/// swift-mustache's cost per name: a `Character`-wise split and a dozen dynamic casts, about
/// 17,000 instructions a lookup, half of a full build's time.
struct CompiledTemplate: Sendable {
    /// A name as a template writes it, resolved once.
    enum Name: Sendable, Equatable {
        /// `.`: the current item.
        case current
        /// `name` or `a.b`: the first part looked up from the innermost scope outwards, the others
        /// in what it found.
        case climbing([String])
        /// `.a.b`: looked up in the innermost scope only.
        case anchored([String])
    }

    /// A part of a compiled template.
    indirect enum Token: Sendable, Equatable {
        case text(String)
        case variable(Name)
        case unescapedVariable(Name)
        case section(Name, [Token])
        case invertedSection(Name, [Token])
    }

    let tokens: [Token]

    /// Compiles `text`, a template that starts with `ThemeHTMLEscaping.pragma`; nil when it uses
    /// anything outside the subset or is not well formed (swift-mustache parses it then).
    static func compile(_ text: String) -> CompiledTemplate? {
        var compiler = TemplateCompiler(text)
        guard let tokens = try? compiler.parse(section: nil, newLine: true), compiler.escapesForHTML else {
            return nil
        }
        return CompiledTemplate(tokens: joiningTexts(tokens))
    }

    /// `tokens` with each run of texts joined into one text: the compiler reads a template a line
    /// at a time, and the renderer appends each text to the page it writes.
    private static func joiningTexts(_ tokens: [Token]) -> [Token] {
        var joined: [Token] = []
        for token in tokens {
            switch token {
            case .text(let text):
                if case .text(let previous)? = joined.last {
                    joined[joined.count - 1] = .text(previous + text)
                } else {
                    joined.append(token)
                }
            case .section(let name, let inner):
                joined.append(.section(name, joiningTexts(inner)))
            case .invertedSection(let name, let inner):
                joined.append(.invertedSection(name, joiningTexts(inner)))
            case .variable, .unescapedVariable:
                joined.append(token)
            }
        }
        return joined
    }

    /// The template rendered with `values` as the outermost scope.
    func render(_ values: TemplateValues) -> String {
        var output = ""
        output.reserveCapacity(16_384)
        var stack: [TemplateValue] = [.group(values.values)]
        Self.render(tokens, stack: &stack, into: &output)
        return output
    }

    /// Appends `tokens` rendered with `stack` (innermost last) to `output`, each kind of value
    /// treated as swift-mustache treats the value `TemplateValue.any` gives it.
    private static func render(_ tokens: [Token], stack: inout [TemplateValue], into output: inout String) {
        for token in tokens {
            switch token {
            case .text(let text):
                output += text
            case .variable(let name):
                guard let value = lookUp(name, in: stack) else { continue }
                ThemeHTMLEscaping.append(text(of: value), to: &output)
            case .unescapedVariable(let name):
                guard let value = lookUp(name, in: stack) else { continue }
                output += text(of: value)
            case .section(let name, let inner):
                guard let value = lookUp(name, in: stack) else { continue }
                switch value {
                case .texts(let texts):
                    for text in texts { render(inner, with: .text(text), stack: &stack, into: &output) }
                case .groups(let groups):
                    for group in groups { render(inner, with: .group(group), stack: &stack, into: &output) }
                case .flag(let flag):
                    if flag { render(inner, stack: &stack, into: &output) }
                case .text, .number, .group:
                    render(inner, with: value, stack: &stack, into: &output)
                }
            case .invertedSection(let name, let inner):
                switch lookUp(name, in: stack) {
                case .texts(let list)? where list.isEmpty:
                    render(inner, with: .texts(list), stack: &stack, into: &output)
                case .groups(let list)? where list.isEmpty:
                    render(inner, with: .groups(list), stack: &stack, into: &output)
                case .flag(let flag)?:
                    if !flag { render(inner, stack: &stack, into: &output) }
                case nil:
                    render(inner, stack: &stack, into: &output)
                case .some:
                    continue
                }
            }
        }
    }

    /// `value` as a variable tag writes it: a text as it is, anything else as swift-mustache
    /// describes the value `TemplateValue.any` gives it.
    private static func text(of value: TemplateValue) -> String {
        if case .text(let text) = value { return text.text }
        return String(describing: value.any)
    }

    /// Renders `tokens` with `value` as the innermost scope.
    private static func render(
        _ tokens: [Token], with value: TemplateValue, stack: inout [TemplateValue], into output: inout String
    ) {
        stack.append(value)
        render(tokens, stack: &stack, into: &output)
        stack.removeLast()
    }

    /// The value `name` names in `stack` (innermost last), as swift-mustache finds it.
    private static func lookUp(_ name: Name, in stack: [TemplateValue]) -> TemplateValue? {
        switch name {
        case .current:
            return stack.last
        case .anchored(let parts):
            return stack.last.flatMap { value(at: parts[...], in: $0) }
        case .climbing(let parts):
            for scope in stack.reversed() {
                if let found = child(parts[0], of: scope) { return value(at: parts.dropFirst(), in: found) }
            }
            return nil
        }
    }

    private static func value(at parts: ArraySlice<String>, in scope: TemplateValue) -> TemplateValue? {
        var value = scope
        for part in parts {
            guard let found = child(part, of: value) else { return nil }
            value = found
        }
        return value
    }

    /// Only groups of values have named children: texts, numbers, flags and lists have none.
    private static func child(_ name: String, of scope: TemplateValue) -> TemplateValue? {
        guard case .group(let group) = scope else { return nil }
        return group[name]
    }
}

/// Reads a template the way swift-mustache's parser does (`MustacheTemplate.parse`), for the
/// subset `CompiledTemplate` renders: the same `Character`-wise reading, the same rules for
/// standalone lines and the whitespace before tags. Anything else throws `Unsupported`.
private struct TemplateCompiler {
    struct Unsupported: Error {}

    private let text: String
    private let characters: [Character]
    /// Where each of `characters` starts in `text`, then `text.endIndex`: the text read is cut
    /// from `text`, not rebuilt a character at a time.
    private let indices: [String.Index]
    private var position = 0
    /// Whether the template selected `ThemeHTMLEscaping` (its first tag, the pragma).
    private(set) var escapesForHTML = false

    init(_ text: String) {
        self.text = text
        characters = Array(text)
        indices = Array(text.indices) + [text.endIndex]
    }

    private var isAtEnd: Bool { position == characters.count }
    private var current: Character { isAtEnd ? "\0" : characters[position] }

    /// Whether `character` may be part of a name, as swift-mustache's parser has it: ASCII
    /// letters and digits, and `.-_?()*`.
    private static func isNameCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return false }
        switch ascii {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return true
        default:
            return "._-?()*".utf8.contains(ascii)
        }
    }

    /// The tokens up to the end of the section `section` (nil: the whole template).
    mutating func parse(section: String?, newLine startsOnNewLine: Bool) throws -> [CompiledTemplate.Token] {
        var tokens: [CompiledTemplate.Token] = []
        var newLine = startsOnNewLine
        var whiteSpaceBefore = ""
        /// The white space read before a tag that is not standalone is text.
        func flushWhiteSpace() {
            if !whiteSpaceBefore.isEmpty { tokens.append(.text(whiteSpaceBefore)) }
            whiteSpaceBefore = ""
        }
        while !isAtEnd {
            if newLine { whiteSpaceBefore = read { $0 == " " || $0 == "\t" } }
            let text = try readUntilTagOrNewline()
            if current.isNewline {
                tokens.append(.text(whiteSpaceBefore + text + String(current)))
                newLine = true
                position += 1
                continue
            }
            if !text.isEmpty {
                tokens.append(.text(whiteSpaceBefore + text))
                whiteSpaceBefore = ""
                newLine = false
            }
            if isAtEnd { break }
            var setNewLine = false
            switch current {
            case "#", "^":
                let inverted = current == "^"
                position += 1
                let name = try readName()
                if isStandalone(newLine) {
                    setNewLine = true
                } else {
                    flushWhiteSpace()
                }
                let inner = try parse(section: name, newLine: setNewLine)
                let compiled = try Self.name(name)
                tokens.append(inverted ? .invertedSection(compiled, inner) : .section(compiled, inner))
            case "/":
                position += 1
                guard try readName() == section else { throw Unsupported() }
                if !isStandalone(newLine), !whiteSpaceBefore.isEmpty { tokens.append(.text(whiteSpaceBefore)) }
                return tokens
            case "!":
                position += 1
                try skipComment()
                setNewLine = isStandalone(newLine)
            case "{", "&":
                let braces = current == "{"
                flushWhiteSpace()
                position += 1
                let name = try readName()
                if braces {
                    guard current == "}" else { throw Unsupported() }
                    position += 1
                }
                tokens.append(.unescapedVariable(try Self.name(name)))
            case "%":
                // Only the pragma `Theme` puts first; another content type is swift-mustache's job.
                guard tokens.isEmpty, !escapesForHTML else { throw Unsupported() }
                position += 1
                let pragma = String(ThemeHTMLEscaping.pragma.dropFirst(3))
                guard characters[position...].starts(with: pragma) else { throw Unsupported() }
                position += pragma.count
                escapesForHTML = true
                setNewLine = isStandalone(newLine)
            case ">", "<", "$", "=":
                throw Unsupported()
            default:
                flushWhiteSpace()
                tokens.append(.variable(try Self.name(try readName())))
            }
            newLine = setNewLine
        }
        guard section == nil else { throw Unsupported() }
        return tokens
    }

    /// A name as the compiled template looks it up; names with transforms are not in the subset.
    private static func name(_ text: String) throws -> CompiledTemplate.Name {
        guard !text.contains("("), !text.contains(")") else { throw Unsupported() }
        if text == "." { return .current }
        let parts = text.split(separator: ".").map(String.init)
        guard !parts.isEmpty else { throw Unsupported() }
        return text.first == "." ? .anchored(parts) : .climbing(parts)
    }

    private mutating func read(while matches: (Character) -> Bool) -> String {
        let start = position
        while !isAtEnd, matches(characters[position]) { position += 1 }
        return String(text[indices[start]..<indices[position]])
    }

    /// The text up to a newline (left to read) or past the next `{{`. A `{` that ends the
    /// template is refused, as swift-mustache refuses it (it reads two characters there).
    private mutating func readUntilTagOrNewline() throws -> String {
        var text = ""
        while !isAtEnd {
            text += read { $0 != "\n" && $0 != "\r\n" && $0 != "{" }
            if current.isNewline { break }
            if current == "{" {
                guard position + 1 < characters.count else { throw Unsupported() }
                if characters[position...].starts(with: ["{", "{"]) {
                    position += 2
                    break
                }
                text.append("{")
                position += 1
            }
        }
        return text
    }

    /// A tag's name and its closing `}}`.
    private mutating func readName() throws -> String {
        _ = read(while: \.isWhitespace)
        let name = read(while: Self.isNameCharacter)
        _ = read(while: \.isWhitespace)
        guard characters[position...].starts(with: ["}", "}"]) else { throw Unsupported() }
        position += 2
        return name
    }

    private mutating func skipComment() throws {
        while !isAtEnd {
            if characters[position...].starts(with: ["}", "}"]) {
                position += 2
                return
            }
            position += 1
        }
        throw Unsupported()
    }

    /// Whether a tag read on a new line ends its line (then the line's end is read too).
    private mutating func isStandalone(_ newLine: Bool) -> Bool {
        guard newLine else { return false }
        if isAtEnd { return true }
        var end = position
        while end < characters.count, characters[end] == " " || characters[end] == "\t" { end += 1 }
        guard end < characters.count, characters[end].isNewline else { return false }
        position = end + 1
        return true
    }
}
