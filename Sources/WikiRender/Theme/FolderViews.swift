/// The entries of a folder of a folder wiki: its subfolders, then its notes, each by name with
/// its href. A folder page lists a folder's; a wiki's home lists the top-level ones.
public struct FolderContents: Sendable, Equatable {
    /// The subfolders, each linked to its folder page, in the order shown.
    public var folders: [PageListEntry]
    /// The notes, each linked to its page, in the order shown.
    public var notes: [PageListEntry]
    /// How many of the folder's notes follow `notes` and are not listed: a listing of a very
    /// large folder shows only its first notes.
    public var notesLeftOut: Int

    /// The contents listing `folders` then `notes`, and leaving out `notesLeftOut` notes more.
    public init(folders: [PageListEntry], notes: [PageListEntry], notesLeftOut: Int = 0) {
        self.folders = folders
        self.notes = notes
        self.notesLeftOut = notesLeftOut
    }

    /// `folders`, `notes`, `hasFolders`, `hasNotes`, `isEmpty` and, when notes are left out,
    /// `moreNotesText` (`1 more note is in`, `99,800 more notes are in`).
    func templateValues(_ strings: ThemeStrings) -> TemplateValues {
        var values = TemplateValues(capacity: 6)
        values.set("folders", folders.map(\.templateValues))
        values.set("notes", notes.map(\.templateValues))
        values.set("hasFolders", !folders.isEmpty)
        values.set("hasNotes", !notes.isEmpty)
        values.set("isEmpty", folders.isEmpty && notes.isEmpty)
        if notesLeftOut > 0 { values.set("moreNotesText", strings.count(notesLeftOut, "more_notes")) }
        return values
    }
}

/// The page of a folder of a folder wiki, rendered by `folder.mustache`: its folder note's text,
/// then its subfolders and notes.
public struct FolderPageView: ThemeView {
    public static let template = ThemeTemplate.folder

    public var layout: LayoutView
    /// The folder's name.
    public var name: String
    /// The text of its folder note, rendered: HTML, empty when it has none.
    public var noteHTML: String
    /// What the folder holds.
    public var contents: FolderContents

    /// A folder page with the given parts.
    public init(layout: LayoutView, name: String, noteHTML: String, contents: FolderContents) {
        self.layout = layout
        self.name = name
        self.noteHTML = noteHTML
        self.contents = contents
    }

    /// `name`, `noteHTML`, `hasNote`, and `contents` with its fields.
    public var templateValues: TemplateValues {
        var values = TemplateValues(capacity: 4)
        values.set("name", name)
        values.set("noteHTML", noteHTML)
        values.set("hasNote", !noteHTML.isEmpty)
        values.set("contents", contents.templateValues(layout.strings))
        return values
    }
}
