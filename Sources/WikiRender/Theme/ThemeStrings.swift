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
    /// The words cut at their placeholders, made once: a build fills some in for every page.
    private let patterns: [String: PhrasePattern]
    /// The language's plural rule, worked out once.
    private let plural: PluralRule
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
        patterns = words.mapValues(PhrasePattern.init)
        plural = PluralRule(lang)
        templateValue = .group(TemplateGroup(indexing: words.mapValues { .text(TemplateText(text: $0)) }))
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
        pattern(key).filled(value: { values[$0] }, text: { $0 })
    }

    /// The word called `key` as HTML: its text escaped, each `{name}` replaced by the HTML
    /// `values` gives for it.
    public func html(_ key: String, _ values: [String: String]) -> String {
        pattern(key).filled(value: { values[$0] }, text: HTMLText.escaped)
    }

    /// The word called `key` cut at its placeholders; the key itself when no file has it.
    private func pattern(_ key: String) -> PhrasePattern {
        patterns[key] ?? PhrasePattern(key)
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
        let form = plural.takesOne(value) ? "_one" : "_other"
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

    /// The word called `key` with the parts of `time` it names put in: only those it names are
    /// made.
    private func dated(_ key: String, _ time: Timestamp) -> String {
        pattern(key).filled(
            value: { name in
                switch name {
                case "date": time.utcDateText
                case "time": time.utcTimeText
                case "year": String(time.utcDate.year)
                case "month": String(time.utcDate.month)
                case "day": String(time.utcDate.day)
                case "month_name": self["month_\(time.utcDate.month)"]
                case "weekday": self["weekday_\(Int((time.utcDayNumber + 4) % 7 + 7) % 7)"]
                default: nil
                }
            }, text: { $0 })
    }
}

/// Which form of a count a language uses: the `_one` form for one thing (for zero too in
/// French), or the `_other` form always (Chinese, Japanese, Korean…).
private struct PluralRule: Sendable {
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
