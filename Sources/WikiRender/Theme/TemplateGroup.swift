/// Values by name, as a template looks them up: a view's values, a list entry's, a language's
/// words.
///
/// A view sets a few dozen values for a page and its template reads each once or twice, so the
/// values are kept in the order they were set and found by reading them in turn, names of
/// another length skipped without comparing them: no hashing of a name, no table to allocate
/// for every page and every entry of its lists. A group made at once from many values (the
/// hundreds of words of a language) is a table by name.
struct TemplateGroup: Sendable {
    private enum Storage: Sendable {
        /// The values in the order they were set, each name once.
        case listed([(name: String, value: TemplateValue)])
        case indexed([String: TemplateValue])
    }

    private var storage: Storage

    /// No values yet, with room for `capacity` of them.
    init(capacity: Int = 0) {
        var entries: [(name: String, value: TemplateValue)] = []
        entries.reserveCapacity(capacity)
        storage = .listed(entries)
    }

    /// The values of `values`, found by hashing their names.
    init(indexing values: [String: TemplateValue]) {
        storage = .indexed(values)
    }

    /// The value called `name`; setting nil removes it.
    subscript(name: String) -> TemplateValue? {
        get {
            switch storage {
            case .listed(let entries): Self.position(of: name, in: entries).map { entries[$0].value }
            case .indexed(let values): values[name]
            }
        }
        set {
            switch storage {
            case .listed(var entries):
                // The entries are let go of first, so that changing them does not copy them.
                storage = .listed([])
                switch (Self.position(of: name, in: entries), newValue) {
                case (let position?, let value?): entries[position].value = value
                case (let position?, nil): entries.remove(at: position)
                case (nil, let value?): entries.append((name, value))
                case (nil, nil): break
                }
                storage = .listed(entries)
            case .indexed(var values):
                storage = .indexed([:])
                values[name] = newValue
                storage = .indexed(values)
            }
        }
    }

    /// Sets every value of `other`, replacing those of the same names.
    mutating func merge(_ other: TemplateGroup) {
        switch other.storage {
        case .listed(let entries):
            for entry in entries { self[entry.name] = entry.value }
        case .indexed(let values):
            for (name, value) in values { self[name] = value }
        }
    }

    private static func position(of name: String, in entries: [(name: String, value: TemplateValue)]) -> Int? {
        let count = name.utf8.count
        return entries.firstIndex { $0.name.utf8.count == count && $0.name == name }
    }
}
