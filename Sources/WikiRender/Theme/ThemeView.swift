/// What the pipeline hands the theme to render one page of the site: plain strings and HTML,
/// never model objects. `Theme.render(_:)` renders the view's `template` with its
/// `templateValues`, then `layout.mustache` around it with the `layout` part.
///
/// The theme's views are `PageView`, `WikiHomeView`, `SiteIndexView`, and one per special page
/// of a wiki: `AllPagesView`, `RecentChangesView`, `NewPagesView`, `WantedPagesView`,
/// `OrphanedPagesView`, `StatisticsView`, `TagsIndexView` and `TagPageView`; and `FolderPageView`,
/// a folder of a folder wiki.
public protocol ThemeView: Sendable {
    /// The template that renders the view's content (the part inside `<main>`).
    static var template: ThemeTemplate { get }
    /// The part every kind of page shares: language, document title, header, breadcrumbs.
    var layout: LayoutView { get }
    /// The variables `template` receives.
    var templateValues: TemplateValues { get }
}

/// A date and time as a page shows it.
public struct DisplayedTime: Sendable, Equatable {
    /// As people read it, e.g. `2012-12-16 01:33 UTC`.
    public var display: String
    /// As machines read it, for `<time datetime>`, e.g. `2012-12-16T01:33:01.909Z`.
    public var datetime: String

    /// A time shown as `display`, machine-readable as `datetime`.
    public init(display: String, datetime: String) {
        self.display = display
        self.datetime = datetime
    }

    var templateValues: TemplateValues {
        var values = TemplateValues(capacity: 2)
        values.set("display", display)
        values.set("datetime", datetime)
        return values
    }
}
