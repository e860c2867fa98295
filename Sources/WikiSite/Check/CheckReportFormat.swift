import WikiConfiguration
import WikiDocuments
import WikiModel

/// How a check report is printed (`wikisite check --format`).
public enum CheckReportFormat: String, CaseIterable, Sendable {
    /// Lines for people: per wiki, one line per finding, `dump:line: level: place: message [category]`.
    case text
    /// One JSON object for programs; the README's "Checking a wiki" section documents it.
    case json
    /// GitHub Actions workflow commands (`::error file=…,line=…::…`), which annotate the dump.
    case github

    /// The report in this format, ending with a line break.
    public func render(_ report: CheckReport) -> String {
        switch self {
        case .text: CheckTextFormat(report: report).lines.joined(separator: "\n") + "\n"
        case .json: PrettyJSON.text(CheckJSONFormat(report: report).value) + "\n"
        case .github: CheckGitHubFormat(report: report).lines.joined(separator: "\n") + "\n"
        }
    }
}

/// The text format: a heading per wiki with its findings below, then the totals.
struct CheckTextFormat {
    let report: CheckReport

    var lines: [String] {
        var lines: [String] = []
        let reported = report.reportedFindings
        for wiki in report.wikis {
            let findings = reported.filter { $0.location.wikiID.map { $0.isExactly(wiki.id) } ?? false }
            let pages = "\(wiki.pageCount) page\(wiki.pageCount == 1 ? "" : "s")"
            lines.append(
                "wiki \(MessageText.quoted(wiki.id)) \(MessageText.quoted(wiki.title)) (\(pages)): "
                    + summary(of: findings))
            lines += findings.map(line)
        }
        let unattributed = reported.filter { $0.location.wikiID == nil }
        if !unattributed.isEmpty {
            lines.append("documents of no published wiki: " + summary(of: unattributed))
            lines += unattributed.map(line)
        }
        let wikis = "\(report.wikis.count) wiki\(report.wikis.count == 1 ? "" : "s")"
        let pages = "\(report.pageCount) page\(report.pageCount == 1 ? "" : "s")"
        lines.append(
            "Checked \(wikis), \(pages) (from \(report.documentsRead) documents): "
                + CheckReport.counted(errors: report.errorCount, warnings: report.warningCount) + ".")
        return lines
    }

    private func summary(of findings: [CheckFinding]) -> String {
        guard !findings.isEmpty else { return "no problems" }
        let errors = findings.count { report.level(of: $0) == .error }
        return CheckReport.counted(errors: errors, warnings: findings.count - errors)
    }

    private func line(_ finding: CheckFinding) -> String {
        let origin = finding.location.origin.map { "\($0): " } ?? ""
        return "  \(origin)\(report.level(of: finding).rawValue): \(finding.place): \(finding.message) "
            + "[\(finding.category.rawValue)]"
    }
}

/// The GitHub Actions format: one workflow command per finding, on the dump and the line where
/// the document starts, then the totals as a plain line.
struct CheckGitHubFormat {
    let report: CheckReport

    var lines: [String] {
        var lines = report.reportedFindings.map { finding in
            var properties: [String] = []
            if let origin = finding.location.origin {
                properties.append("file=" + Self.property(origin.source))
                if let line = origin.line { properties.append("line=\(line)") }
            }
            properties.append("title=" + Self.property("wikisite check: \(finding.category.rawValue)"))
            let command = report.level(of: finding) == .error ? "error" : "warning"
            return "::\(command) \(properties.joined(separator: ","))::"
                + Self.data("\(finding.place): \(finding.message)")
        }
        lines.append(
            "wikisite check: " + CheckReport.counted(errors: report.errorCount, warnings: report.warningCount))
        return lines
    }

    /// A command's message, escaped as the runner reads it.
    private static func data(_ text: String) -> String {
        text.replacingEvery(["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// A property value, escaped as the runner reads it (`,` and `:` end a property).
    private static func property(_ text: String) -> String {
        text.replacingEvery(["%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"])
    }
}

extension String {
    /// The text with each scalar that is a key of `replacements` replaced by its value.
    fileprivate func replacingEvery(_ replacements: [Unicode.Scalar: String]) -> String {
        var result = ""
        for scalar in unicodeScalars {
            if let replacement = replacements[scalar] {
                result += replacement
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

/// The JSON format, as a value: see the README for every member.
struct CheckJSONFormat {
    let report: CheckReport

    var value: JSONValue {
        let reported = report.reportedFindings
        let wikis: [JSONValue] = report.wikis.map { wiki in
            let findings = reported.filter { $0.location.wikiID.map { $0.isExactly(wiki.id) } ?? false }
            let errors = findings.count { report.level(of: $0) == .error }
            return object([
                ("id", .string(wiki.id)), ("title", .string(wiki.title)), ("pages", number(wiki.pageCount)),
                ("errors", number(errors)), ("warnings", number(findings.count - errors)),
            ])
        }
        let levels = CheckCategory.allCases.map { ($0.rawValue, JSONValue.string(report.levels[$0].rawValue)) }
        return object([
            ("format", .string("wikisite-check")), ("version", number(1)),
            ("errors", number(report.errorCount)), ("warnings", number(report.warningCount)),
            ("documents", number(report.documentsRead)),
            ("levels", object(levels)), ("wikis", .array(wikis)), ("findings", .array(reported.map(finding))),
        ])
    }

    private func finding(_ finding: CheckFinding) -> JSONValue {
        let target: JSONValue =
            finding.target.map { target in
                object([
                    ("page", optional(target.title?.text)), ("heading", optional(target.fragment)),
                ])
            } ?? .null
        return object([
            ("category", .string(finding.category.rawValue)),
            ("level", .string(report.level(of: finding).rawValue)),
            ("wiki", optional(finding.location.wikiID)),
            ("document", .string(finding.location.documentID)),
            ("page", optional(finding.location.page?.text)),
            ("line", finding.location.line.map(number) ?? .null),
            ("source", optional(finding.location.origin?.source)),
            ("source_line", finding.location.origin?.line.map(number) ?? .null),
            ("target", target),
            ("suggestions", .array(finding.suggestions.map { .string($0.text) })),
            ("titles", .array(finding.collidingTitles.map { .string($0.text) })),
            ("message", .string(finding.message)),
        ])
    }

    private func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { (key: $0.0, value: $0.1) }))
    }

    private func number(_ value: Int) -> JSONValue { .number(String(value)) }

    private func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
}

/// JSON text for people and programs: two-space indents, one member or element a line, members
/// in their order; strings escaped as JSON requires, and nothing else.
enum PrettyJSON {
    static func text(_ value: JSONValue) -> String {
        var output = ""
        write(value, indent: "", to: &output)
        return output
    }

    private static func write(_ value: JSONValue, indent: String, to output: inout String) {
        let inner = indent + "  "
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): writeString(text, to: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                write(element, indent: inner, to: &output)
                output += index + 1 < elements.count ? ",\n" : "\n"
            }
            output += indent + "]"
        case .object(let object):
            guard !object.members.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, member) in object.members.enumerated() {
                output += inner
                writeString(member.key, to: &output)
                output += ": "
                write(member.value, indent: inner, to: &output)
                output += index + 1 < object.members.count ? ",\n" : "\n"
            }
            output += indent + "}"
        }
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
