/// The words the corpus is made of. One token each (no space, no `_`, none of `: ( ) & ? '`), so
/// that the titles made of them are distinct; about a quarter are not ASCII.
enum CorpusWords {
    /// First word of a title: 40.
    static let qualifiers = [
        "Über", "Café", "Old", "New", "Quick", "Señor", "Blue", "Green", "Hidden", "Zürich", "Daily", "Weekly",
        "Ærø", "Open", "Closed", "Crème", "Naïve", "Mobile", "Remote", "Local", "Łódź", "Shared", "Private",
        "Public", "Første", "Early", "Late", "Smart", "Simple", "Grand", "Petite", "Ελληνικά", "Bold", "Quiet",
        "Rapid", "Frozen", "Warm", "Nordic", "Façade", "Joint",
    ]
    /// Second word of a title: 40.
    static let subjects = [
        "Sync", "Replication", "Straße", "Client", "Server", "Garden", "Kitchen", "Budget", "Release", "Meeting",
        "Roadmap", "Document", "Gateway", "Schema", "Index", "Cluster", "Crêpe", "Piñata", "Château", "Fjørd",
        "Design", "Review", "Backlog", "Protocol", "Plugin", "Journal", "Recipe", "Ticket", "Sprint", "Dashboard",
        "Archive", "Network", "Storage", "Mirror", "Søren", "Ångström", "Toolkit", "Library", "Museum", "Harbor",
    ]
    /// Last word of a title: 64.
    static let topics = [
        "Notes", "Guide", "Plan", "Overview", "FAQ", "Checklist", "Ideas", "Minutes", "Design", "Specs",
        "Howto", "Log", "Draft", "Summary", "Tutorial", "Reference", "Policy", "Handbook", "Glossary", "Timeline",
        "Retrospective", "Proposal", "Benchmarks", "Changelog", "Issues", "Recipes", "Contacts", "Schedule",
        "Inventory", "Survey", "Workshop", "Backups", "Migration", "Setup", "Errata", "Résumé", "Übersicht",
        "Décisions", "Año", "Åtgärder", "Tareas", "Cookbook", "Primer", "Cheatsheet", "Diary", "Agenda", "Report",
        "Metrics", "Manifest", "Sketches", "Drafts", "Examples", "Patterns", "Pitfalls", "Tips", "Tricks",
        "Status", "Goals", "Risks", "Budget", "Roadmap", "Archive", "Index", "C++",
    ]
    /// Words of sentences.
    static let prose = [
        "the", "a", "of", "to", "and", "in", "for", "with", "on", "that", "is", "was", "it", "as", "we", "they",
        "replica", "document", "revision", "conflict", "server", "client", "page", "wiki", "build", "sync",
        "database", "feed", "change", "sequence", "team", "meeting", "release", "review", "budget", "garden",
        "recipe", "kitchen", "café", "naïve", "über", "façade", "jalapeño", "smörgåsbord", "déjà", "vu",
        "fiancée", "piñata", "coördinate", "résumé", "quickly", "slowly", "often", "never", "always", "later",
        "before", "after", "because", "although", "however", "every", "some", "many", "few", "small", "large",
        "fast", "slow", "new", "old", "open", "closed", "stable", "broken", "fixed", "merged", "deployed",
        "tested", "measured", "written", "read", "pushed", "pulled", "resolved", "ignored", "kept",
    ]
    /// Lines of code blocks; some hold text that looks like a wikilink and must stay text.
    static let code = [
        "let replicator = Replicator(source: local, target: remote)", "replicator.continuous = true",
        "curl -s http://localhost:5984/wiki/_changes?since=0", "for doc in docs { index(doc) }",
        "if rev.generation > current.generation { winner = rev }", "echo \"[[Not A Link]]\" > notes.txt",
        "SELECT id, rev FROM documents WHERE seq > ?", "npm install pouchdb", "make build && make test",
        "print(page.title)", "git commit -am \"Fix the über-bug\"", "return a.count < b.count",
        "map := make(map[string]int)", "x = [[1, 2], [3, 4]]", "fn main() { println!(\"héllo\"); }",
    ]
    /// Languages of code blocks.
    static let languages = ["swift", "sh", "sql", "js", "go", "python", "rust", ""]
    /// Who saves pages.
    static let users = ["snej", "jchris", "mschoch", "zoë", "josé", "björn", "ana", "li", "søren", "amélie"]
    /// Hosts of external links.
    static let hosts = [
        "https://example.org/docs/", "https://couchdb.apache.org/", "https://en.wikipedia.org/wiki/",
        "https://www.example.com/blog/", "http://example.net/ünïcode/",
    ]
}
