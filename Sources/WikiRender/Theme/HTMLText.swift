/// Text made safe to put in HTML, between tags or in a quoted attribute value, escaped as the
/// theme escapes every value: byte by byte, so no combining mark can hide a `<` or a quote.
public enum HTMLText {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as character references.
    public static func escaped(_ text: String) -> String {
        ThemeHTMLEscaping.escape(text)
    }
}
