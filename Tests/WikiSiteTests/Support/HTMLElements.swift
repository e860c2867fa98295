import WikiRender

/// A start tag found in an HTML document: its name and attributes, decoded.
struct HTMLElement: Equatable {
    let name: String
    let attributes: [String: String]
    /// The text up to the matching end tag when it is simple to find (for `a`, `title`, `h1`…).
    let text: String

    /// Whether this is one of the theme's search scripts, `<script src="…_assets/search-index.js"
    /// defer>` and the others of `ThemeTemplate.searchScriptFileNames`: the only scripts of a
    /// wiki's pages, which no document can name.
    var isThemeSearchScript: Bool {
        name == "script" && attributes.count == 2 && attributes["defer"] != nil
            && attributes["src"].map { src in
                !src.contains(":") && ThemeTemplate.searchScriptFileNames.contains { src.hasSuffix("_assets/" + $0) }
            } == true
    }
}

/// A small HTML tokenizer for tests: finds start tags and their attributes the way a browser's
/// tokenizer would for well-formed output, so tests assert on elements, not on substrings.
enum HTMLElements {
    /// Every start tag of `html`, in document order.
    static func parse(_ html: String) -> [HTMLElement] {
        let scalars = Array(html.unicodeScalars)
        var elements: [HTMLElement] = []
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "<", index + 1 < scalars.count, isNameStart(scalars[index + 1]) else {
                index += 1
                continue
            }
            index += 1
            var name = ""
            while index < scalars.count, isNameCharacter(scalars[index]) {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            var attributes: [String: String] = [:]
            while index < scalars.count, scalars[index] != ">" {
                if scalars[index] == " " || scalars[index] == "\n" || scalars[index] == "/" {
                    index += 1
                    continue
                }
                var attribute = ""
                while index < scalars.count, !" =>\n/".unicodeScalars.contains(scalars[index]) {
                    attribute.unicodeScalars.append(scalars[index])
                    index += 1
                }
                var value = ""
                if index < scalars.count, scalars[index] == "=" {
                    index += 1
                    let quote = scalars[index]
                    if quote == "\"" || quote == "'" {
                        index += 1
                        while index < scalars.count, scalars[index] != quote {
                            value.unicodeScalars.append(scalars[index])
                            index += 1
                        }
                        index += 1
                    } else {
                        while index < scalars.count, !" >\n".unicodeScalars.contains(scalars[index]) {
                            value.unicodeScalars.append(scalars[index])
                            index += 1
                        }
                    }
                }
                attributes[attribute.lowercased()] = decodeEntities(value)
            }
            index += 1
            let lowered = name.lowercased()
            elements.append(
                HTMLElement(name: lowered, attributes: attributes, text: text(from: index, in: scalars, until: lowered))
            )
        }
        return elements
    }

    /// The elements named `name`.
    static func elements(_ name: String, in html: String) -> [HTMLElement] {
        parse(html).filter { $0.name == name }
    }

    /// The texts of the links of the `ul`/`ol` lists of class `className` in `html`, in order.
    static func links(inListsOfClass className: String, _ html: String) -> [String] {
        var texts: [String] = []
        var rest = Substring(html)
        while let start = rest.range(of: "<ul class=\"\(className)\">") ?? rest.range(of: "<ol class=\"\(className)\"")
        {
            let after = rest[start.upperBound...]
            let end = after.range(of: "</ul>") ?? after.range(of: "</ol>")!
            texts += elements("a", in: String(after[..<end.lowerBound])).map(\.text)
            rest = after[end.upperBound...]
        }
        return texts
    }

    /// The text between `start` and the end tag `</name>`, with inner tags removed and entities decoded.
    private static func text(from start: Int, in scalars: [Unicode.Scalar], until name: String) -> String {
        var depth = 0
        var index = start
        var text = ""
        while index < scalars.count {
            if scalars[index] == "<" {
                var tag = ""
                var cursor = index + 1
                while cursor < scalars.count, scalars[cursor] != ">" {
                    tag.unicodeScalars.append(scalars[cursor])
                    cursor += 1
                }
                let tagName = tag.split(whereSeparator: { $0 == " " || $0 == "\n" }).first.map(String.init) ?? ""
                if tagName.lowercased() == "/" + name {
                    if depth == 0 { break }
                    depth -= 1
                } else if tagName.lowercased() == name {
                    depth += 1
                }
                index = cursor + 1
                continue
            }
            text.unicodeScalars.append(scalars[index])
            index += 1
        }
        return decodeEntities(text)
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
    }

    private static func isNameCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || (scalar >= "0" && scalar <= "9") || scalar == "-"
    }

    /// Decodes the entities our output uses: named basics and numeric references.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[ampersand...]
            guard let semicolon = after.firstIndex(of: ";"), after.distance(from: ampersand, to: semicolon) < 12 else {
                result += "&"
                rest = rest[rest.index(after: ampersand)...]
                continue
            }
            let entity = after[after.index(after: ampersand)..<semicolon]
            let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
            if let value = named[String(entity)] {
                result += value
            } else if entity.hasPrefix("#x") || entity.hasPrefix("#X"),
                let code = UInt32(entity.dropFirst(2), radix: 16),
                let scalar = Unicode.Scalar(code)
            {
                result.unicodeScalars.append(scalar)
            } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else {
                result += "&" + entity + ";"
            }
            rest = after[after.index(after: semicolon)...]
        }
        return result + rest
    }
}
