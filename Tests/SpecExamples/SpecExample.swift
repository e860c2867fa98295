import Foundation

/// One example of a spec written in the format of the CommonMark and GFM specs (`spec.txt`):
/// between a line of 32 backticks followed by ` example` and a line of 32 backticks, the
/// Markdown before a line `.` and the HTML after it, `→` standing for a tab.
public struct SpecExample: Sendable, Equatable {
    /// The title of the `## ` section it is in (`Tables (extension)`); empty before the first.
    public let section: String
    /// The 1-based line of the spec where its Markdown starts.
    public let line: Int
    /// Its Markdown.
    public let markdown: String

    /// Every example of `spec`, in order.
    public static func examples(in spec: String) -> [SpecExample] {
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var section = ""
        var markdownLines: [Substring]?
        var inHTML = false
        var startLine = 0
        for (index, line) in spec.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if markdownLines == nil {
                if line.hasPrefix("## ") {
                    section = String(line.dropFirst(3))
                } else if line.hasPrefix(fence + " example") {
                    markdownLines = []
                    inHTML = false
                    startLine = index + 1
                }
            } else if line == fence {
                let markdown = markdownLines!.map { $0 + "\n" }.joined().replacingOccurrences(of: "→", with: "\t")
                examples.append(SpecExample(section: section, line: startLine, markdown: markdown))
                markdownLines = nil
            } else if line == "." {
                inHTML = true
            } else if !inHTML {
                markdownLines!.append(line)
            }
        }
        return examples
    }
}
