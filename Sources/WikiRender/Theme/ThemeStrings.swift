import WikiModel

/// The theme's words in one language: what templates read as `{{strings.<key>}}`, and the counts,
/// numbers and dates the views write in that language.
///
/// Every word comes from the most specific strings file of the language's lookup chain that has
/// it (`zh-Hans` looks in `strings-zh-hans.toml`, then `strings-zh.toml`), else from English: a
/// word a file lacks shows in English. A file of a `--templates` folder comes before the default
/// theme's file of the same name, so it needs only the words it changes.
public struct ThemeStrings: Sendable {
    /// The language the words are in.
    public let lang: LanguageTag
    private let words: [String: String]
    /// The words as templates read them, made once.
    let templateValue: TemplateValue

    /// The words for `lang` from `files` (each language's tables, the override's last).
    init(lang: LanguageTag, files: ThemeStringsFiles) {
        var words: [String: String] = [:]
        for tag in [LanguageTag.english.text] + lang.lookupChain.reversed() {
            for table in files.tables(of: tag) { words.merge(table) { _, new in new } }
        }
        self.lang = lang
        self.words = words
        templateValue = .group(words.mapValues { .text(TemplateText(text: $0)) })
    }

    /// The default theme's English words.
    public static let english = ThemeStrings(lang: .english, files: .defaultFiles)

    /// Whether the theme file `name` is a strings file (`strings-<language tag>.toml`).
    public static func isStringsFile(_ name: String) -> Bool {
        ThemeStringsFiles.isStringsFile(name)
    }

    /// The word called `key`; the key itself when no file has it.
    public subscript(_ key: String) -> String {
        words[key] ?? key
    }

    /// The word called `key` with each `{name}` of `values` replaced by its value.
    /// Values are put in one pass, so a value holding `{name}` (a title can) stays as it is.
    public func phrase(_ key: String, _ values: [String: String]) -> String {
        filled(key, values) { String($0) }
    }

    /// The word called `key` as HTML: its text escaped, each `{name}` replaced by the HTML
    /// `values` gives for it.
    public func html(_ key: String, _ values: [String: String]) -> String {
        filled(key, values) { HTMLText.escaped(String($0)) }
    }

    private func filled(_ key: String, _ values: [String: String], text: (Substring) -> String) -> String {
        var filled = ""
        var rest = self[key][...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            if let value = values[String(rest[rest.index(after: open)..<close])] {
                filled += text(rest[..<open]) + value
            } else {
                filled += text(rest[...close])
            }
            rest = rest[rest.index(after: close)...]
        }
        return filled + text(rest)
    }

    /// A count with its thousands grouped as the language groups them: `1,012` in English.
    public func number(_ value: Int) -> String {
        let separator = self["number_group_separator"]
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped += separator }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// A number of things, from the pair `<key>_one` and `<key>_other`, as the language's plural
    /// rule picks: `1 page`, `12 pages` in English, `12 页` in Chinese.
    public func count(_ value: Int, _ key: String) -> String {
        let form = PluralRule(lang).takesOne(value) ? "_one" : "_other"
        return phrase(key + form, ["count": number(value)])
    }

    /// A number of pages: `1 page`, `12 pages`.
    public func pageCount(_ value: Int) -> String {
        count(value, "page_count")
    }

    /// The date and time of `time` (UTC) as a page shows it: `2012-12-16 01:33 UTC` in English.
    public func dateTime(_ time: Timestamp) -> String {
        dated("date_time", time)
    }

    /// The day of `time` (UTC) as a list heads it: `Sunday 16 December 2012` in English.
    public func day(_ time: Timestamp) -> String {
        dated("date_day", time)
    }

    private func dated(_ key: String, _ time: Timestamp) -> String {
        let date = time.utcDate
        let weekday = Int((time.utcDayNumber + 4) % 7 + 7) % 7
        return phrase(
            key,
            [
                "date": time.utcDateText, "time": time.utcTimeText, "year": String(date.year),
                "month": String(date.month), "day": String(date.day), "month_name": self["month_\(date.month)"],
                "weekday": self["weekday_\(weekday)"],
            ])
    }
}

/// Which form of a count a language uses: the `_one` form for one thing (for zero too in
/// French), or the `_other` form always (Chinese, Japanese, Korean…).
private struct PluralRule {
    private let primaryLanguage: String

    init(_ lang: LanguageTag) {
        primaryLanguage = lang.lookupChain.last ?? "en"
    }

    func takesOne(_ value: Int) -> Bool {
        if Self.withoutPlural.contains(primaryLanguage) { return false }
        if Self.zeroIsOne.contains(primaryLanguage) { return value == 0 || value == 1 }
        return value == 1
    }

    private static let withoutPlural: Set<String> = ["id", "ja", "km", "ko", "lo", "ms", "my", "th", "vi", "yue", "zh"]
    private static let zeroIsOne: Set<String> = ["fr", "hy", "kab", "pt"]
}
